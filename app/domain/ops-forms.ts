import { isCalendarDate } from "./dates";
import { texts } from "./texts";
import { z } from "./zod";

// The shapes of what operators enter, shared by the dashboard's forms and the CLI: one schema per
// thing, Danish messages per field.

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

export type BannerStatus = "shown" | "inactive" | "scheduled" | "ended";

/** Whether a banner shows on `today` (YYYY-MM-DD), and if not, why: deactivated, not yet, or no longer. */
export function bannerStatus(banner: { active: boolean; startsOn: string | null; endsOn: string | null }, today: string): BannerStatus {
  if (!banner.active) return "inactive";
  if (banner.startsOn && today < banner.startsOn) return "scheduled";
  if (banner.endsOn && banner.endsOn < today) return "ended";
  return "shown";
}
