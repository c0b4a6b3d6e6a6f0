import type { Database, Statement } from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The staging database of one import: a SQLite file beside the store (`<database>.indexer-stage`,
// on the same disk and never two at once: the indexer lock), attached to the importer's connection
// as `stage`. The valid lines, the offers of rejected lines, and the catalogue entries the feed
// defines for the first time go here while the feed is read, so reading a feed of any size holds
// no lock on the store; the plan and the switch read them from here. A killed import's file is
// replaced by the next one's.

/** A valid line's offer in the staging file's column order, but for its line number and score. */
export type StagedOffer = [
  companySlug: string,
  feedId: string,
  accommodationId: string,
  departureDate: string,
  nights: number,
  transport: string,
  persons: number,
  price: number,
  pricePerPerson: number,
  originalPrice: number | null,
  mealPlanSlug: string,
  skiPassIncluded: 0 | 1,
  skiPassDays: number,
  url: string,
  discountPercentage: number,
  contentHash: string,
];

const SCHEMA = `
  CREATE TABLE stage.lines (
    line_no INTEGER PRIMARY KEY, company_slug TEXT NOT NULL, feed_id TEXT NOT NULL, accommodation_id TEXT NOT NULL,
    departure_date TEXT NOT NULL, nights INTEGER NOT NULL, transport TEXT NOT NULL, persons INTEGER NOT NULL,
    price REAL NOT NULL, price_per_person REAL NOT NULL, original_price REAL, meal_plan_slug TEXT NOT NULL,
    ski_pass_included INTEGER NOT NULL, ski_pass_days INTEGER NOT NULL, url TEXT NOT NULL,
    discount_percentage INTEGER NOT NULL, ski_score INTEGER NOT NULL, content_hash TEXT NOT NULL);
  -- Offers named by rejected lines: they keep their last good state.
  CREATE TABLE stage.kept (company_slug TEXT NOT NULL, feed_id TEXT NOT NULL, PRIMARY KEY (company_slug, feed_id)) WITHOUT ROWID;
  CREATE TABLE stage.new_countries (slug TEXT PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE stage.new_regions (slug TEXT PRIMARY KEY, name TEXT NOT NULL, country_slug TEXT NOT NULL);
  CREATE TABLE stage.new_resorts (slug TEXT PRIMARY KEY, name TEXT NOT NULL, region_slug TEXT NOT NULL, lat REAL NOT NULL, lng REAL NOT NULL);
  CREATE TABLE stage.new_accommodations (id TEXT PRIMARY KEY, name TEXT NOT NULL, rating INTEGER NOT NULL, lat REAL NOT NULL,
    lng REAL NOT NULL, image_url TEXT, resort_slug TEXT NOT NULL, images TEXT);
  CREATE TABLE stage.new_accommodation_features (accommodation_id TEXT NOT NULL, feature_value TEXT NOT NULL,
    PRIMARY KEY (accommodation_id, feature_value));
  CREATE TABLE stage.new_accommodation_tags (accommodation_id TEXT NOT NULL, tag_slug TEXT NOT NULL, PRIMARY KEY (accommodation_id, tag_slug));
  CREATE TABLE stage.new_features (value TEXT PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE stage.new_tags (slug TEXT PRIMARY KEY);
  CREATE TABLE stage.new_meal_plans (slug TEXT PRIMARY KEY, title TEXT NOT NULL, short TEXT NOT NULL);
  CREATE TABLE stage.new_companies (slug TEXT PRIMARY KEY, name TEXT NOT NULL);
  -- Set by the plan: companies whose part stops, and the offers that leave the sale.
  CREATE TABLE stage.stopped (company_slug TEXT PRIMARY KEY);
  CREATE TABLE stage.retired (trip_id TEXT PRIMARY KEY);
  -- Set by the plan: the lines the import writes, by their offer's public id (a new offer's assigned there), added 1 or updated 0.
  CREATE TABLE stage.writes (trip_id TEXT PRIMARY KEY, line_no INTEGER NOT NULL, added INTEGER NOT NULL) WITHOUT ROWID;
  -- Set by the plan: those lines with their public id, in its order (rowid 1, 2, …), so the short write transactions read
  -- neighbouring rows instead of looking each line up.
  CREATE TABLE stage.ready (
    trip_id TEXT NOT NULL, added INTEGER NOT NULL, company_slug TEXT NOT NULL, feed_id TEXT NOT NULL, accommodation_id TEXT NOT NULL,
    departure_date TEXT NOT NULL, nights INTEGER NOT NULL, transport TEXT NOT NULL, persons INTEGER NOT NULL,
    price REAL NOT NULL, price_per_person REAL NOT NULL, original_price REAL, meal_plan_slug TEXT NOT NULL,
    ski_pass_included INTEGER NOT NULL, ski_pass_days INTEGER NOT NULL, url TEXT NOT NULL,
    discount_percentage INTEGER NOT NULL, ski_score INTEGER NOT NULL, content_hash TEXT NOT NULL);
`;

/** Lines staged per write transaction of the staging file (it has no readers; this only spares commits). */
const LINES_PER_COMMIT = 5_000;

export class Stage {
  private readonly file: string;
  /** A folder of its own when the store is in memory. */
  private readonly dir: string | undefined;
  private readonly insertLine: Statement<[number, ...StagedOffer, number]>;
  private readonly deleteLine: Statement;
  private readonly keepOffer: Statement;
  readonly add: {
    country: Statement<[string, string]>;
    region: Statement<[string, string, string]>;
    resort: Statement<[string, string, string, number, number]>;
    accommodation: Statement<[string, string, number, number, number, string | null, string, string | null]>;
    accommodationFeature: Statement<[string, string]>;
    accommodationTag: Statement<[string, string]>;
    feature: Statement<[string, string]>;
    tag: Statement<[string]>;
    mealPlan: Statement<[string, string, string]>;
    company: Statement<[string, string]>;
  };
  private pending = 0;

  constructor(private readonly sqlite: Database) {
    if (sqlite.memory || !sqlite.name) this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-import-"));
    this.file = this.dir ? path.join(this.dir, "stage.db") : `${sqlite.name}.indexer-stage`;
    fs.rmSync(this.file, { force: true });
    sqlite.prepare("ATTACH DATABASE ? AS stage").run(this.file);
    // Read through a memory map (up to SQLite's 2 GB): the plan and the writes look lines up all over the file, and a mapped page
    // costs no system call; the file is the import's alone and deleted at the end, so no store page is ever mapped.
    sqlite.exec(
      "PRAGMA stage.journal_mode = OFF; PRAGMA stage.synchronous = OFF; PRAGMA stage.cache_size = -131072; PRAGMA stage.mmap_size = 2147418112;",
    );
    sqlite.exec(SCHEMA);
    this.insertLine = sqlite.prepare(
      `INSERT INTO stage.lines (line_no, company_slug, feed_id, accommodation_id, departure_date, nights, transport, persons, price,
         price_per_person, original_price, meal_plan_slug, ski_pass_included, ski_pass_days, url, discount_percentage, content_hash,
         ski_score)
       VALUES (${Array(18).fill("?").join(", ")})`,
    );
    this.deleteLine = sqlite.prepare("DELETE FROM stage.lines WHERE line_no = ?");
    this.keepOffer = sqlite.prepare("INSERT OR IGNORE INTO stage.kept (company_slug, feed_id) VALUES (?, ?)");
    this.add = {
      country: sqlite.prepare("INSERT INTO stage.new_countries VALUES (?, ?)"),
      region: sqlite.prepare("INSERT INTO stage.new_regions VALUES (?, ?, ?)"),
      resort: sqlite.prepare("INSERT INTO stage.new_resorts VALUES (?, ?, ?, ?, ?)"),
      accommodation: sqlite.prepare("INSERT INTO stage.new_accommodations VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
      accommodationFeature: sqlite.prepare("INSERT OR IGNORE INTO stage.new_accommodation_features VALUES (?, ?)"),
      accommodationTag: sqlite.prepare("INSERT OR IGNORE INTO stage.new_accommodation_tags VALUES (?, ?)"),
      feature: sqlite.prepare("INSERT INTO stage.new_features VALUES (?, ?)"),
      tag: sqlite.prepare("INSERT INTO stage.new_tags VALUES (?)"),
      mealPlan: sqlite.prepare("INSERT INTO stage.new_meal_plans VALUES (?, ?, ?)"),
      company: sqlite.prepare("INSERT INTO stage.new_companies VALUES (?, ?)"),
    };
  }

  /** Stage writes go in batches; the transaction is the staging file's alone (BEGIN, not IMMEDIATE: the store is only read). */
  private write<T>(run: () => T): T {
    if (!this.sqlite.inTransaction) this.sqlite.exec("BEGIN");
    const result = run();
    if (++this.pending >= LINES_PER_COMMIT) this.flush();
    return result;
  }

  flush(): void {
    if (this.sqlite.inTransaction) this.sqlite.exec("COMMIT");
    this.pending = 0;
  }

  line(lineNo: number, offer: StagedOffer, skiScore: number): void {
    this.write(() => this.insertLine.run(lineNo, ...offer, skiScore));
  }

  /** A line found to repeat another's offer after it was staged. */
  unstage(lineNo: number): void {
    this.write(() => this.deleteLine.run(lineNo));
  }

  keep(companySlug: string, feedId: string): void {
    this.write(() => this.keepOffer.run(companySlug, feedId));
  }

  /** A catalogue entry first defined by this feed. */
  define<A extends unknown[]>(statement: Statement<A>, ...values: A): void {
    this.write(() => statement.run(...values));
  }

  /** Detaches and deletes the staging file. */
  close(): void {
    if (this.sqlite.inTransaction) this.sqlite.exec("ROLLBACK");
    try {
      this.sqlite.exec("DETACH DATABASE stage");
    } finally {
      fs.rmSync(this.dir ?? this.file, { recursive: true, force: true });
    }
  }
}
