import { hash } from "node:crypto";
import { STORE_LIMITS } from "../../app/domain/constants";
import {
  companySlugOf,
  describeFeedError,
  feedLineSchema,
  feedLineSchemaTrustingAccommodation,
  offerKeyOf,
  type FeedLine,
} from "../feed-schema";
import { decodeLine } from "../line-reader";
import { discountPercentage } from "../score";
import type { StagedOffer } from "./stage";

// What one feed line says on its own: UTF-8, JSON, the schema, the offer it names, its hash. It
// depends on nothing but the line, so the import runs it in worker threads (cli/import/parsers.ts)
// beside the work that must follow the file's order (repeated offers, the catalogue, the staging file).

export interface OfferKey {
  companySlug: string;
  feedId: string;
}

/**
 * The facts a line shares with other offers (docs/feed.md "The shared catalogue"), which the
 * catalogue resolves; the accommodation's as JSON, the same text for the same facts.
 */
export type SharedFacts = Pick<FeedLine, "travelCompany" | "mealPlan"> & { accommodationId: string; accommodation: string };

/**
 * A valid line: its offer in the staging file's columns but for its line number and score
 * (StagedOffer), then the rest of its shared facts. A flat array: the main thread receives a million
 * of these, and plain values in an array cost it a third of what objects would.
 */
export type ValidLine = [
  ...offer: StagedOffer,
  companyName: string,
  mealPlanTitle: string,
  mealPlanShort: string,
  /** The accommodation's facts as JSON. */
  accommodation: string,
];

export type ParsedLine =
  | ValidLine
  /** Only white space: no offer, not counted. */
  | { kind: "blank" }
  | { kind: "not-utf8" }
  | { kind: "not-json" }
  /** `key` is the offer the line names even so; `companySlug` its company when it names a valid one. */
  | { kind: "invalid"; key: OfferKey | null; companySlug: string | null; reason: string };

export const isValid = (parsed: ParsedLine): parsed is ValidLine => Array.isArray(parsed);

const OFFER_FIELDS = 16;

/** A valid line's offer, for the staging file. */
export const offerOf = (line: ValidLine) => line.slice(0, OFFER_FIELDS) as StagedOffer;

/** A valid line's shared facts, for the catalogue. */
export function sharedFactsOf(line: ValidLine): SharedFacts {
  const [companySlug, , accommodationId, , , , , , , , mealPlanSlug] = line;
  const [name, title, short, accommodation] = line.slice(OFFER_FIELDS) as [string, string, string, string];
  return { travelCompany: { slug: companySlug, name }, mealPlan: { slug: mealPlanSlug, title, short }, accommodationId, accommodation };
}

/** Accommodations (by id) whose raw JSON the parser remembers, at most: the store holds no more. */
const REMEMBERED = STORE_LIMITS.accommodations;

/** Parses the lines of one import, in one thread. */
export class LineParser {
  private readonly schema: ReturnType<typeof feedLineSchema>;
  private readonly trusting: ReturnType<typeof feedLineSchemaTrustingAccommodation>;
  /**
   * Per accommodation id, the raw JSON of the last valid line's accommodation and the same after
   * the schema (its trimmed names, encoded URLs): most lines repeat it exactly, and then the schema
   * need not look into it again (feedLineSchemaTrustingAccommodation).
   */
  private readonly accommodations = new Map<string, { raw: string; json: string }>();

  constructor(today: string) {
    this.schema = feedLineSchema(today);
    this.trusting = feedLineSchemaTrustingAccommodation(today);
  }

  /** A line's bytes: checked as UTF-8, then parsed. */
  parseBytes(line: Uint8Array): ParsedLine {
    const text = decodeLine(line);
    if (text === null) return { kind: "not-utf8" };
    return text.trim() === "" ? { kind: "blank" } : this.parse(text);
  }

  parse(text: string): ParsedLine {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: "not-json" };
    }
    const key = offerKeyOf(json);
    const { id, raw } = rawAccommodation(json);
    const known = id === undefined ? undefined : this.accommodations.get(id);
    const trusted = known !== undefined && known.raw === raw;
    const parsed = (trusted ? this.trusting : this.schema).safeParse(json, { reportInput: true });
    if (!parsed.success) {
      return { kind: "invalid", key, companySlug: companySlugOf(json), reason: describeFeedError(parsed.error) };
    }
    // Trusted, the accommodation is the line's raw JSON, as the schema passed it before: only its id (unchanged by the schema) is read.
    const line = parsed.data as FeedLine;
    let accommodation: string;
    if (trusted) accommodation = known.json;
    else {
      accommodation = JSON.stringify(line.accommodation);
      if (this.accommodations.size < REMEMBERED || this.accommodations.has(line.accommodation.id)) {
        this.accommodations.set(line.accommodation.id, { raw: raw!, json: accommodation });
      }
    }
    const discount = discountPercentage(line.price, line.originalPrice);
    return [
      line.travelCompany.slug,
      line.id,
      line.accommodation.id,
      line.departureDate,
      line.nights,
      line.transport,
      line.persons,
      line.price,
      line.pricePerPerson,
      line.originalPrice ?? null,
      line.mealPlan.slug,
      line.skiPass.included ? 1 : 0,
      line.skiPass.days,
      line.url,
      discount,
      // An offer is unchanged when its line is byte for byte the same as last time.
      hash("sha1", text, "base64url"),
      line.travelCompany.name,
      line.mealPlan.title,
      line.mealPlan.short,
      accommodation,
    ];
  }
}

/** A line's accommodation as JSON (and its id when it has one), whatever it holds. */
function rawAccommodation(json: unknown): { id?: string; raw?: string } {
  const a = typeof json === "object" && json !== null ? (json as { accommodation?: unknown }).accommodation : undefined;
  if (typeof a !== "object" || a === null || typeof (a as { id?: unknown }).id !== "string") return {};
  return { id: (a as { id: string }).id, raw: JSON.stringify(a) };
}
