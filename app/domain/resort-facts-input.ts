import { FEED_LIMITS } from "./constants";
import { formatCount } from "./format";
import { RESORT_FACT_FIELDS, RESORT_FACT_RANGES, type ResortFactField, type ResortFacts } from "./resort-facts";
import { z } from "./zod";

// The checks of a resort fact as operators enter it (docs/feed.md "Resort facts"): one rule per
// fact for the CLI's `catalogue set`, a line of `catalogue import` and the dashboard's form, with
// Danish reasons. For the CLI, loaders and actions only (zod stays off the pages).

/** A fact's value, or null: the fact is removed. */
export type FactChange = Partial<Record<ResortFactField, number | null>>;

/** Why a value is refused, e.g. "skal være et helt tal fra 0 til 9.000". */
export function rangeReason(field: ResortFactField): string {
  const { min, max, decimals } = RESORT_FACT_RANGES[field];
  const range = `fra ${formatCount(min)} til ${formatCount(max)}`;
  return decimals ? `skal være et tal ${range} med højst én decimal` : `skal være et helt tal ${range}`;
}

/** A fact as JSON gives it: a number in its range (null removes it). */
function factSchema(field: ResortFactField) {
  const { min, max, decimals } = RESORT_FACT_RANGES[field];
  const reason = rangeReason(field);
  return z
    .number({ error: reason })
    .refine((n) => Number.isFinite(n) && n >= min && n <= max && Number.isInteger(n * 10 ** decimals), { error: reason })
    .nullable();
}

const slug = z
  .string({ error: "skal være en slug" })
  .regex(new RegExp(`^[a-z0-9][a-z0-9-]{0,${FEED_LIMITS.slugLength - 1}}$`), "skal være en slug (a-z, 0-9 og bindestreg)");

/** One line of `catalogue import`: a resort's slug and the facts to set (null removes one); no other key. */
export const resortFactsLine = z.strictObject(
  {
    resort: slug,
    ...(Object.fromEntries(RESORT_FACT_FIELDS.map((f) => [f, factSchema(f).optional()])) as Record<
      ResortFactField,
      z.ZodOptional<ReturnType<typeof factSchema>>
    >),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `ukendte felter: ${issue.keys.join(", ")}` : undefined) },
);

const DECIMAL = /^\d{1,5}([.,]\d{1,15})?$/;

/**
 * A fact as the command line or a form writes it: digits, a decimal comma or point; "" or "-"
 * removes it. The value, or the reason it is refused.
 */
export function parseFactText(field: ResortFactField, raw: string): { value: number | null } | { reason: string } {
  const text = raw.trim();
  if (text === "" || text === "-") return { value: null };
  if (!DECIMAL.test(text)) return { reason: rangeReason(field) };
  const parsed = factSchema(field).safeParse(Number(text.replace(",", ".")));
  return parsed.success ? { value: parsed.data } : { reason: rangeReason(field) };
}

/** The facts a change leaves: the stored ones with the change applied (null removes). */
export function applyFactChange(stored: ResortFacts, change: FactChange): ResortFacts {
  const out: ResortFacts = { ...stored };
  for (const field of RESORT_FACT_FIELDS) {
    if (!(field in change)) continue;
    const value = change[field];
    if (value === null || value === undefined) delete out[field];
    else out[field] = value;
  }
  return out;
}

/** What is wrong with the facts together (the lowest point above the highest), or null. */
export function factsConflict(facts: ResortFacts): string | null {
  const { topAltitude: top, bottomAltitude: bottom } = facts;
  if (top !== undefined && bottom !== undefined && bottom > top)
    return `bottomAltitude (${formatCount(bottom)} m) ligger over topAltitude (${formatCount(top)} m)`;
  return null;
}
