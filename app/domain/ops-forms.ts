import { LANDING_ICONS, RESULTS_PATH } from "./constants";
import { HEX_COLOUR } from "./contrast";
import { isCalendarDate } from "./dates";
import { parseResultsParams, resultsParams } from "./results-url";
import { texts } from "./texts";
import { z } from "./zod";

export { bannerStatus, type BannerStatus } from "./banner-status";

// The shapes of what operators enter, shared by the dashboard's forms and the CLI: one schema per
// thing, Danish messages per field. For actions, loaders and the CLI only: a module the pages'
// scripts import builds no zod schema (zod stays off the pages).

/** A field's first problem, by field name. */
export type FieldErrors = Record<string, string>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** `schema` over plain fields (a form's, or the CLI's options); empty strings count as not given. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): Parsed<T> {
  const cleaned = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "" ? undefined : v]));
  const result = schema.safeParse(cleaned);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A stored record's id as the dashboard's URLs and the CLI write it (digits only), or undefined. */
export function recordId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A form's text fields as a plain object. */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

const isWebUrl = (value: string, schemes: string[]) => {
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** A path on the site itself ("/banners/x.svg"), not "//host". */
const isSitePath = (value: string) => /^\/(?!\/)[^\s\\]*$/.test(value);

const b = texts.ops.banners;
const optionalDate = z.string().refine(isCalendarDate, { error: b.dateInvalid }).optional();

export const bannerInput = z
  .object({
    provider: z.string({ error: b.providerInvalid }).trim().min(1, { error: b.providerInvalid }).max(100, { error: b.providerInvalid }),
    url: z
      .string({ error: b.urlInvalid })
      .trim()
      .max(2000, { error: b.urlInvalid })
      .refine((v) => isWebUrl(v, ["http:", "https:"]), { error: b.urlInvalid }),
    // Images load under the site's CSP: https or the site's own files.
    image: z
      .string({ error: b.imageInvalid })
      .trim()
      .max(2000, { error: b.imageInvalid })
      .refine((v) => isWebUrl(v, ["https:"]) || isSitePath(v), { error: b.imageInvalid }),
    position: z.coerce
      .number({ error: b.positionInvalid })
      .int({ error: b.positionInvalid })
      .min(1, { error: b.positionInvalid })
      .max(1000, { error: b.positionInvalid }),
    startsOn: optionalDate,
    endsOn: optionalDate,
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.startsOn <= v.endsOn, { error: b.endBeforeStart, path: ["endsOn"] });

export type BannerInput = z.infer<typeof bannerInput>;

/** A stored banner as the form's (and the CLI's) fields: what `bannerInput` parses back. */
export function bannerFields(banner: {
  provider: string;
  url: string;
  image: string;
  position: number;
  startsOn: string | null;
  endsOn: string | null;
}): Record<string, string> {
  return {
    provider: banner.provider,
    url: banner.url,
    image: banner.image,
    position: String(banner.position),
    startsOn: banner.startsOn ?? "",
    endsOn: banner.endsOn ?? "",
  };
}

const l = texts.ops.landing;
const colour = z.string({ error: l.colourInvalid }).trim().regex(HEX_COLOUR, { error: l.colourInvalid });

/**
 * A landing box's search as the canonical results-page query string: from a link to the results
 * page (absolute or a path) or the query string alone; undefined when it names another page.
 */
export function landingQuery(input: string): string | undefined {
  const value = input.trim();
  let query = value;
  if (value.startsWith("/") || /^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value, "http://pistepris.invalid");
    } catch {
      return undefined;
    }
    if (url.pathname !== RESULTS_PATH) return undefined;
    query = url.search;
  } else if (value.includes("/")) return undefined;
  return resultsParams(parseResultsParams(new URLSearchParams(query))).toString();
}

export const landingBoxInput = z.object({
  title: z.string({ error: l.titleInvalid }).trim().min(1, { error: l.titleInvalid }).max(80, { error: l.titleInvalid }),
  description: z
    .string({ error: l.descriptionInvalid })
    .trim()
    .min(1, { error: l.descriptionInvalid })
    .max(240, { error: l.descriptionInvalid }),
  icon: z.enum(LANDING_ICONS, { error: l.iconInvalid }),
  borderColor: colour,
  backgroundColor: colour,
  textColor: colour,
  iconColor: colour,
  query: z
    .string()
    .max(2000, { error: l.searchInvalid })
    .optional()
    .transform((v, ctx) => {
      const query = landingQuery(v ?? "");
      if (query === undefined) {
        ctx.addIssue({ code: "custom", message: l.searchInvalid });
        return z.NEVER;
      }
      return query;
    }),
});

export type LandingBoxInput = z.infer<typeof landingBoxInput>;

const LANDING_BOX_FIELDS = ["title", "description", "icon", "borderColor", "backgroundColor", "textColor", "iconColor", "query"] as const;

/** A stored landing box as the form's (and the CLI's) fields: what `landingBoxInput` parses back. */
export function landingBoxFields(box: Record<(typeof LANDING_BOX_FIELDS)[number], string>): Record<string, string> {
  return Object.fromEntries(LANDING_BOX_FIELDS.map((field) => [field, box[field]]));
}
