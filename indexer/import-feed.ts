import type { Statement } from "better-sqlite3";
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { describeFeedError, feedLineSchema, type FeedLine } from "./feed-schema";
import { readLines } from "./line-reader";
import { discountPercentage, skiScore } from "./score";
import { bumpGeneration } from "../db/generation";

export interface ImportSummary {
  lines: number;
  added: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  rejected: number;
  seconds: number;
  generation: number;
}

export interface Rejection {
  lineNo: number;
  reason: string;
}

export interface ImportOptions {
  now?: Date;
  onRejected?: (r: Rejection) => void;
  /** Called every few thousand lines with bytes and lines read so far. */
  onProgress?: (bytes: number, lines: number) => void;
}

/** Thrown when the input cannot be imported at all (exit status 2). Nothing is written. */
export class UnusableFeedError extends Error {}

/**
 * Imports an NDJSON trip feed in one transaction (DESIGN.md "The trip feed"): valid lines are
 * upserted, rejected lines reported, and each company's offers missing from the file become
 * unavailable. Returns the summary; the database is untouched if anything throws.
 */
export async function importFeed(db: Db, input: AsyncIterable<Buffer | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const writer = new FeedWriter(db, now);
  const summary = { lines: 0, added: 0, updated: 0, unchanged: 0, unavailable: 0, rejected: 0 };
  const reject = (lineNo: number, reason: string) => {
    summary.rejected++;
    options.onRejected?.({ lineNo, reason });
  };

  const sqlite = db.$client;
  sqlite.exec("BEGIN IMMEDIATE");
  try {
    let bytes = 0;
    for await (const record of readLines(input)) {
      summary.lines++;
      bytes += record.bytes + 1;
      if (summary.lines % 5000 === 0) options.onProgress?.(bytes, summary.lines);
      if ("error" in record) {
        reject(record.lineNo, record.error);
        continue;
      }
      if (record.text.trim() === "") {
        summary.lines--; // blank lines are not offers
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(record.text);
      } catch {
        reject(record.lineNo, "ugyldig JSON");
        continue;
      }
      const parsed = feedLineSchema.safeParse(json, { reportInput: true });
      if (!parsed.success) {
        reject(record.lineNo, describeFeedError(parsed.error));
        continue;
      }
      summary[writer.write(parsed.data, record.text)]++;
    }
    options.onProgress?.(bytes, summary.lines);
    if (summary.lines === 0) throw new UnusableFeedError("Feedet er tomt: ingen linjer at importere.");
    if (writer.companies.size === 0) throw new UnusableFeedError("Ingen gyldige linjer i feedet: intet blev importeret.");
    summary.unavailable = writer.retireVanished();
    writer.recentreResorts();
    const generation = bumpGeneration(db);
    sqlite.exec("COMMIT");
    return { ...summary, generation, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    throw error;
  }
}

type Outcome = "added" | "updated" | "unchanged";

/** Writes validated feed lines; remembers what this import saw. */
class FeedWriter {
  readonly companies = new Set<string>();
  private readonly at: Date;

  // The per-line statements run once per offer (hundreds of thousands per import), so they are
  // plain prepared statements on the Drizzle client's connection: no per-call query mapping.
  private readonly findTrip: Statement<[string], { contentHash: string; available: number }>;
  private readonly insertTrip: Statement<[TripRow]>;
  private readonly updateTrip: Statement<[TripRow]>;
  private readonly touchTrip: Statement<[{ id: string; lastSeenAt: number }]>;

  constructor(
    private readonly db: Db,
    now: Date,
  ) {
    this.at = now;
    const s = db.$client;
    const columns = Object.keys(TRIP_COLUMNS) as Array<keyof TripRow>;
    this.findTrip = s.prepare("SELECT content_hash AS contentHash, available FROM trips WHERE id = ?");
    this.insertTrip = s.prepare(
      `INSERT INTO trips (${columns.map((c) => TRIP_COLUMNS[c]).join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
    );
    this.updateTrip = s.prepare(
      `UPDATE trips SET ${columns
        .filter((c) => c !== "id" && c !== "firstSeenAt")
        .map((c) => `${TRIP_COLUMNS[c]} = @${c}`)
        .join(", ")} WHERE id = @id`,
    );
    this.touchTrip = s.prepare("UPDATE trips SET last_seen_at = @lastSeenAt WHERE id = @id");
  }

  /** `text` is the line as read: an offer whose text is unchanged is unchanged. */
  write(line: FeedLine, text: string): Outcome {
    this.writeReferences(line);
    const contentHash = createHash("sha1").update(text).digest("base64url");
    const existing = this.findTrip.get(line.id);
    const lastSeenAt = this.at.getTime();
    if (existing && existing.contentHash === contentHash && existing.available) {
      this.touchTrip.run({ id: line.id, lastSeenAt });
      return "unchanged";
    }
    const discount = discountPercentage(line.price, line.originalPrice);
    const row: TripRow = {
      id: line.id,
      companySlug: line.travelCompany.slug,
      accommodationId: line.accommodation.id,
      departureDate: line.departureDate,
      nights: line.nights,
      transport: line.transport,
      persons: line.persons,
      price: line.price,
      pricePerPerson: line.pricePerPerson,
      originalPrice: line.originalPrice ?? null,
      mealPlanSlug: line.mealPlan.slug,
      skiPassIncluded: line.skiPass.included ? 1 : 0,
      skiPassDays: line.skiPass.days,
      url: line.url,
      discountPercentage: discount,
      skiScore: skiScore(line, discount),
      available: 1,
      contentHash,
      firstSeenAt: lastSeenAt,
      lastSeenAt,
    };
    if (existing) {
      this.updateTrip.run(row);
      return "updated";
    }
    this.insertTrip.run(row);
    return "added";
  }

  private readonly written = {
    countries: new Map<string, string>(),
    regions: new Map<string, string>(),
    resorts: new Map<string, string>(),
    companies: new Map<string, string>(),
    mealPlans: new Map<string, string>(),
    features: new Map<string, string>(),
    tags: new Set<string>(),
    accommodations: new Map<string, string>(),
  };

  /** Upserts the line's places, company, vocabularies and accommodation, once per import each. */
  private writeReferences(line: FeedLine) {
    const { db, written } = this;
    const a = line.accommodation;
    const dest = a.destination;
    const once = (map: Map<string, string>, key: string, fingerprint: string, write: () => void) => {
      if (map.get(key) === fingerprint) return;
      write();
      map.set(key, fingerprint);
    };
    once(written.countries, dest.country.slug, dest.country.name, () =>
      db
        .insert(t.countries)
        .values(dest.country)
        .onConflictDoUpdate({ target: t.countries.slug, set: { name: dest.country.name } })
        .run(),
    );
    once(written.regions, dest.region.slug, dest.region.name + dest.country.slug, () =>
      db
        .insert(t.regions)
        .values({ ...dest.region, countrySlug: dest.country.slug })
        .onConflictDoUpdate({ target: t.regions.slug, set: { name: dest.region.name, countrySlug: dest.country.slug } })
        .run(),
    );
    once(written.resorts, dest.slug, dest.name + dest.region.slug, () =>
      db
        .insert(t.resorts)
        .values({ slug: dest.slug, name: dest.name, regionSlug: dest.region.slug, lat: a.lat, lng: a.lng })
        .onConflictDoUpdate({ target: t.resorts.slug, set: { name: dest.name, regionSlug: dest.region.slug } })
        .run(),
    );
    const company = line.travelCompany;
    this.companies.add(company.slug);
    once(written.companies, company.slug, company.name, () =>
      db
        .insert(t.travelCompanies)
        .values(company)
        .onConflictDoUpdate({ target: t.travelCompanies.slug, set: { name: company.name } })
        .run(),
    );
    const meal = line.mealPlan;
    once(written.mealPlans, meal.slug, meal.title + meal.short, () =>
      db
        .insert(t.mealPlans)
        .values(meal)
        .onConflictDoUpdate({ target: t.mealPlans.slug, set: { title: meal.title, short: meal.short } })
        .run(),
    );
    for (const f of a.features) {
      once(written.features, f.value, f.name, () =>
        db
          .insert(t.features)
          .values(f)
          .onConflictDoUpdate({ target: t.features.value, set: { name: f.name } })
          .run(),
      );
    }
    for (const tag of a.tags) {
      if (written.tags.has(tag)) continue;
      db.insert(t.tags).values({ slug: tag }).onConflictDoNothing().run();
      written.tags.add(tag);
    }
    // The newest line's description of an accommodation wins.
    once(written.accommodations, a.id, JSON.stringify(a), () => {
      const row = { id: a.id, name: a.name, rating: a.rating, lat: a.lat, lng: a.lng, imageUrl: a.imageUrl, resortSlug: dest.slug };
      db.insert(t.accommodations).values(row).onConflictDoUpdate({ target: t.accommodations.id, set: row }).run();
      db.delete(t.accommodationFeatures).where(eq(t.accommodationFeatures.accommodationId, a.id)).run();
      if (a.features.length) {
        const unique = [...new Set(a.features.map((f) => f.value))];
        db.insert(t.accommodationFeatures)
          .values(unique.map((featureValue) => ({ accommodationId: a.id, featureValue })))
          .run();
      }
      db.delete(t.accommodationTags).where(eq(t.accommodationTags.accommodationId, a.id)).run();
      if (a.tags.length) {
        const unique = [...new Set(a.tags)];
        db.insert(t.accommodationTags)
          .values(unique.map((tagSlug) => ({ accommodationId: a.id, tagSlug })))
          .run();
      }
    });
  }

  /** Offers of the file's companies that this import did not see are no longer for sale. */
  retireVanished(): number {
    const result = this.db
      .update(t.trips)
      .set({ available: false })
      .where(and(inArray(t.trips.companySlug, [...this.companies]), eq(t.trips.available, true), lt(t.trips.lastSeenAt, this.at)))
      .run();
    return result.changes;
  }

  /** A resort's point on the map is the centre of its accommodations. */
  recentreResorts() {
    this.db.run(sql`
      UPDATE resorts SET
        lat = (SELECT avg(lat) FROM accommodations a WHERE a.resort_slug = resorts.slug),
        lng = (SELECT avg(lng) FROM accommodations a WHERE a.resort_slug = resorts.slug)
      WHERE slug IN (SELECT resort_slug FROM accommodations)`);
  }
}

/** The trips table's columns by the names the writer uses (db/schema.ts). */
const TRIP_COLUMNS = {
  id: "id",
  companySlug: "company_slug",
  accommodationId: "accommodation_id",
  departureDate: "departure_date",
  nights: "nights",
  transport: "transport",
  persons: "persons",
  price: "price",
  pricePerPerson: "price_per_person",
  originalPrice: "original_price",
  mealPlanSlug: "meal_plan_slug",
  skiPassIncluded: "ski_pass_included",
  skiPassDays: "ski_pass_days",
  url: "url",
  discountPercentage: "discount_percentage",
  skiScore: "ski_score",
  available: "available",
  contentHash: "content_hash",
  firstSeenAt: "first_seen_at",
  lastSeenAt: "last_seen_at",
} as const;

type TripRow = {
  id: string;
  companySlug: string;
  accommodationId: string;
  departureDate: string;
  nights: number;
  transport: string;
  persons: number;
  price: number;
  pricePerPerson: number;
  originalPrice: number | null;
  mealPlanSlug: string;
  skiPassIncluded: number;
  skiPassDays: number;
  url: string;
  discountPercentage: number;
  skiScore: number;
  available: number;
  contentHash: string;
  firstSeenAt: number;
  lastSeenAt: number;
};
