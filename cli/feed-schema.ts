import { z } from "../app/domain/zod";
import { FEED_LIMITS, MAX_PERSONS, TRANSPORTS } from "../app/domain/constants";
import { fromDay, isCalendarDate, toDay } from "../app/domain/dates";
import { formatCount } from "../app/domain/format";
import { hasControl, hasVisible } from "../app/domain/plain-text";

// One line of the trip feed (docs/feed.md "Fields" and "Limits"). Every size a line controls is
// bounded here; the messages are Danish, operators read them.

const L = FEED_LIMITS;
const slug = z
  .string()
  .regex(
    new RegExp(`^[a-z0-9][a-z0-9-]{0,${L.slugLength - 1}}$`),
    `skal være en slug (1 til ${L.slugLength} tegn: a-z, 0-9 og bindestreg)`,
  );
const id = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,${L.idLength - 1}}$`),
    `skal være et id (1 til ${L.idLength} tegn: bogstaver, tal, . _ : -)`,
  );
// Names are stored composed (NFC), as they are typed: docs/feed.md "Names".
const text = (max: number) =>
  z
    .string()
    .trim()
    .normalize("NFC")
    .refine(hasVisible, "må ikke være tom")
    .max(max, `er for lang (højst ${max} tegn)`)
    .refine((s) => !hasControl(s), "må ikke indeholde kontroltegn");
const name = text(L.nameLength);
const named = z.object({ slug, name });
const money = z
  .number()
  .finite()
  .positive("skal være større end 0")
  .max(L.moneyMax, `er urimeligt høj (højst ${formatCount(L.moneyMax)})`);
const whole = (min: number, max: number) =>
  z.number().int("skal være et helt tal").min(min, `skal være ${min} til ${max}`).max(max, `skal være ${min} til ${max}`);

/**
 * An absolute http(s) URL, stored as the URL parser writes it (percent-encoded, ASCII), so every
 * stored URL can go into a Location header or an href as it is.
 */
const httpUrl = z.string().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (raw.length > L.urlLength) return fail(`er for lang (højst ${formatCount(L.urlLength)} tegn)`);
  if (hasControl(raw)) return fail("må ikke indeholde kontroltegn eller linjeskift");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail("skal være en absolut URL (http:// eller https://)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return fail("skal begynde med http:// eller https://");
  if (url.username || url.password) return fail("må ikke indeholde brugernavn eller adgangskode");
  if (url.href.length > L.urlLength) return fail(`er for lang kodet (højst ${formatCount(L.urlLength)} tegn)`);
  return url.href;
});

const accommodation = z.object({
  id,
  name,
  rating: whole(1, 5),
  features: z
    .array(z.object({ value: slug, name: text(L.labelLength) }))
    .max(L.featuresPerAccommodation, `højst ${L.featuresPerAccommodation} faciliteter pr. overnatningssted`),
  lat: z.number().min(-90, "skal være -90 til 90").max(90, "skal være -90 til 90"),
  lng: z.number().min(-180, "skal være -180 til 180").max(180, "skal være -180 til 180"),
  imageUrl: httpUrl.nullable(),
  images: z.array(httpUrl).max(L.imagesPerAccommodation, `højst ${L.imagesPerAccommodation} billeder pr. overnatningssted`).optional(),
  destination: named.extend({ region: named, country: named }),
  tags: z.array(slug).max(L.tagsPerAccommodation, `højst ${L.tagsPerAccommodation} kategorier pr. overnatningssted`),
});

/** The catalogue's fact schemas, for the operators' `catalogue set` (the same rules as in a feed line). */
export const catalogueFacts = {
  slug,
  name,
  label: text(L.labelLength),
  short: text(L.mealPlanShortLength),
  rating: whole(1, 5),
  lat: accommodation.shape.lat,
  lng: accommodation.shape.lng,
  imageUrl: accommodation.shape.imageUrl,
};

/** The line schema for an import on `todayIso` (the departure window is relative to it). */
export function feedLineSchema(todayIso: string) {
  return lineSchema(todayIso, accommodation);
}

/**
 * The same, but taking the accommodation as it is: for a line whose accommodation is, as JSON,
 * one that passed feedLineSchema on an earlier line (the rest of the line is checked alike; an
 * accommodation without issues changes nothing else).
 */
export function feedLineSchemaTrustingAccommodation(todayIso: string) {
  return lineSchema(todayIso, z.unknown());
}

function lineSchema<A extends z.ZodType>(todayIso: string, accommodation: A) {
  // A feed names few departure dates on many lines: each distinct string's day (NaN when it is no calendar date) is worked out once.
  const days = new Map<string, number>();
  const dayOf = (s: string) => {
    let day = days.get(s);
    if (day === undefined) {
      day = isCalendarDate(s) ? toDay(s) : NaN;
      if (days.size < 10_000) days.set(s, day);
    }
    return day;
  };
  const today = toDay(todayIso);
  const earliest = today - L.departurePastDays;
  const latest = today + L.departureFutureDays;
  return z
    .object({
      id,
      travelCompany: named,
      accommodation,
      departureDate: z.string().refine((s) => !Number.isNaN(dayOf(s)), "skal være en gyldig dato (ÅÅÅÅ-MM-DD)"),
      nights: whole(1, L.nights),
      transport: z.enum(TRANSPORTS, { message: `skal være ${TRANSPORTS.join(", ")}` }),
      persons: whole(1, MAX_PERSONS),
      price: money,
      pricePerPerson: money,
      originalPrice: money.nullable().optional(),
      mealPlan: z.object({ slug, title: text(L.labelLength), short: text(L.mealPlanShortLength) }),
      skiPass: z.object({ included: z.boolean(), days: z.number().int("skal være et helt tal").min(0, "må ikke være negativ") }),
      url: httpUrl,
    })
    .superRefine((t, ctx) => {
      const issue = (path: Array<string>, message: string) => ctx.addIssue({ code: "custom", path, message });
      if (!t.skiPass.included && t.skiPass.days !== 0) issue(["skiPass", "days"], "skal være 0, når liftkort ikke er inkluderet");
      if (t.skiPass.included && t.skiPass.days < 1) issue(["skiPass", "days"], "skal være mindst 1, når liftkort er inkluderet");
      if (t.skiPass.days > t.nights + 1) {
        issue(["skiPass", "days"], `må højst være ${t.nights + 1}: opholdet er ${t.nights} ${t.nights === 1 ? "nat" : "nætter"}`);
      }
      if (t.originalPrice != null && t.originalPrice < t.price) issue(["originalPrice"], "må ikke være lavere end price");
      const expected = t.pricePerPerson * t.persons;
      const tolerance = Math.max(t.price * L.priceTolerance, t.persons * L.priceTolerancePerPerson);
      if (Math.abs(t.price - expected) > tolerance) {
        issue(
          ["price"],
          `passer ikke med pricePerPerson × persons (${formatCount(expected)}); højst ${L.priceTolerance * 100} % eller ` +
            `${L.priceTolerancePerPerson} kr. pr. person forskel`,
        );
      }
      const day = dayOf(t.departureDate); // NaN, never outside the window, when it is no date: that is reported above
      if (day < earliest || day > latest) {
        issue(
          ["departureDate"],
          `skal ligge mellem ${fromDay(earliest)} og ${fromDay(latest)} (højst ${L.departurePastDays} dage før og ` +
            `${L.departureFutureDays} dage efter importdagen)`,
        );
      }
    });
}

export type FeedLine = z.infer<ReturnType<typeof feedLineSchema>>;

/** Which offer a line is about, when it says so even if it is otherwise broken: a rejected line's offer keeps its last good state. */
export function offerKeyOf(json: unknown): { companySlug: string; feedId: string } | null {
  if (typeof json !== "object" || json === null) return null;
  const { id: feedId, travelCompany } = json as { id?: unknown; travelCompany?: unknown };
  const companySlug = typeof travelCompany === "object" && travelCompany !== null ? (travelCompany as { slug?: unknown }).slug : undefined;
  return typeof feedId === "string" && typeof companySlug === "string" ? { companySlug, feedId } : null;
}

/** The travel company a line names, when its slug is a valid one, even if the rest of the line is not. */
export function companySlugOf(json: unknown): string | null {
  if (typeof json !== "object" || json === null) return null;
  const { travelCompany } = json as { travelCompany?: unknown };
  const companySlug = typeof travelCompany === "object" && travelCompany !== null ? (travelCompany as { slug?: unknown }).slug : undefined;
  return slug.safeParse(companySlug).success ? (companySlug as string) : null;
}

/** A one-line Danish reason for a rejected line: its first problems, each with the field's path. */
export function describeFeedError(error: z.ZodError): string {
  // A value of the wrong type gets that reason only: a list's size check also runs on a string (its
  // length is no count of entries).
  const wrongType = new Set(error.issues.filter((i) => i.code === "invalid_type").map((i) => i.path.join(".")));
  return error.issues
    .filter((issue) => issue.code === "invalid_type" || !wrongType.has(issue.path.join(".")))
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.join(".") || "linjen";
      if (issue.code === "invalid_type" && issue.input === undefined) return `${path} mangler`;
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}
