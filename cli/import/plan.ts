import type { Database } from "better-sqlite3";
import { STORE_LIMITS } from "../../app/domain/constants";
import { formatCount } from "../../app/domain/format";
import { UnusableFeedError } from "./errors";

// What a staged feed will change, decided before anything is written: each line's outcome and
// its offer's public id, which companies' parts stop, which offers leave the sale, and whether
// the store stays within its limits afterwards. Reads the live offers, writes only the stage.

export interface CompanyPart {
  slug: string;
  lines: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Offers for sale before the import. */
  live: number;
  /** Offers for sale that the feed no longer has (and no rejected line names). */
  vanishing: number;
  /** Its part stopped: too many of its offers would vanish. */
  stopped: boolean;
}

export interface Plan {
  companies: CompanyPart[];
  added: number;
  updated: number;
  unchanged: number;
  retired: number;
}

export interface PlanOptions {
  /** The largest share (0 to 1) of a company's offers for sale that may vanish in one import. */
  maxRetireShare: number;
  /** False when some rejected line named no offer: then no offer can be known to have vanished. */
  retireVanished: boolean;
}

/** Staged lines of companies whose part goes on (`l` the line). */
const GOING = "l.company_slug NOT IN (SELECT company_slug FROM stage.stopped)";
/** A staged line's offer is live (`l` the line, `v` the live offer). */
const ITS_LIVE_OFFER = "v.company_slug = l.company_slug AND v.feed_id = l.feed_id";
const CHANGED = "(v.content_hash <> l.content_hash OR v.available = 0)";

export function planImport(sqlite: Database, opts: PlanOptions): Plan {
  // The live offers of the feed's companies, copied once (one scan of the store) so every step
  // below joins within the staging file. The lines' index is built here, once they are all staged,
  // which is far quicker than keeping it up to date line by line (the reading already rejected
  // repeated offers); it holds what the joins with the live offers read, in the same order, so
  // they never read the wide staged lines themselves.
  sqlite.exec(`
    CREATE INDEX stage.lines_offer ON lines (company_slug, feed_id, content_hash);
    CREATE TABLE stage.live (company_slug TEXT NOT NULL, feed_id TEXT NOT NULL, id TEXT NOT NULL, content_hash TEXT NOT NULL,
      available INTEGER NOT NULL, PRIMARY KEY (company_slug, feed_id)) WITHOUT ROWID;
    INSERT INTO stage.live SELECT company_slug, feed_id, id, content_hash, available FROM main.trips
      WHERE company_slug IN (SELECT DISTINCT company_slug FROM stage.lines) ORDER BY company_slug, feed_id;`);

  const vanished = `FROM stage.live v WHERE v.available = 1
      AND NOT EXISTS (SELECT 1 FROM stage.lines l WHERE l.company_slug = v.company_slug AND l.feed_id = v.feed_id)
      AND NOT EXISTS (SELECT 1 FROM stage.kept k WHERE k.company_slug = v.company_slug AND k.feed_id = v.feed_id)`;
  const perCompany = (sql: string) => new Map(sqlite.prepare(sql).raw().all() as Array<[string, number]>);
  const live = perCompany("SELECT company_slug, count(*) FROM stage.live WHERE available = 1 GROUP BY company_slug");
  const vanishing = opts.retireVanished ? perCompany(`SELECT v.company_slug, count(*) ${vanished} GROUP BY v.company_slug`) : new Map();
  const parts = sqlite
    .prepare(
      `SELECT l.company_slug AS slug, count(*) AS lines, count(*) - count(v.id) AS added,
              count(CASE WHEN ${CHANGED} THEN 1 END) AS updated, count(CASE WHEN NOT ${CHANGED} THEN 1 END) AS unchanged
         FROM stage.lines AS l LEFT JOIN stage.live AS v ON ${ITS_LIVE_OFFER} GROUP BY l.company_slug ORDER BY l.company_slug`,
    )
    .all() as Array<Omit<CompanyPart, "live" | "vanishing" | "stopped">>;
  const stop = sqlite.prepare("INSERT INTO stage.stopped (company_slug) VALUES (?)");
  const companies = parts.map((p): CompanyPart => {
    const part = { ...p, live: live.get(p.slug) ?? 0, vanishing: vanishing.get(p.slug) ?? 0 };
    const stopped = part.live > 0 && part.vanishing / part.live > opts.maxRetireShare;
    if (stopped) stop.run(p.slug);
    return { ...part, stopped };
  });

  const going = companies.filter((c) => !c.stopped);
  const plan: Plan = {
    companies,
    added: sum(going, "added"),
    updated: sum(going, "updated"),
    unchanged: sum(going, "unchanged"),
    retired: sum(going, "vanishing"),
  };
  if (plan.retired > 0) {
    sqlite.exec(
      `INSERT INTO stage.retired (trip_id) SELECT v.id ${vanished} AND v.company_slug NOT IN (SELECT company_slug FROM stage.stopped)`,
    );
  }
  if (countArrivingEntries(sqlite) > 0) keepArrivingEntries(sqlite);
  if (plan.updated > 0) {
    sqlite.exec(`
      INSERT INTO stage.writes (trip_id, line_no, added)
        SELECT v.id, l.line_no, 0 FROM stage.lines AS l JOIN stage.live AS v ON ${ITS_LIVE_OFFER} WHERE ${CHANGED} AND ${GOING}`);
  }
  if (plan.added > 0) assignTripIds(sqlite, plan.added);
  if (plan.added + plan.updated + plan.retired > 0) checkStoreLimits(sqlite);
  if (plan.added + plan.updated > 0) lineUp(sqlite);
  return plan;
}

/** The feed's new catalogue entries that offers going live name; the others never arrive. */
function keepArrivingEntries(sqlite: Database): void {
  // What the offers going live name, from one pass over the lines.
  sqlite.exec(`
    CREATE TABLE stage.named AS SELECT DISTINCT accommodation_id, meal_plan_slug, company_slug FROM stage.lines
      WHERE company_slug NOT IN (SELECT company_slug FROM stage.stopped);
    DELETE FROM stage.new_accommodations WHERE id NOT IN (SELECT accommodation_id FROM stage.named);
    DELETE FROM stage.new_accommodation_features WHERE accommodation_id NOT IN (SELECT id FROM stage.new_accommodations);
    DELETE FROM stage.new_accommodation_tags WHERE accommodation_id NOT IN (SELECT id FROM stage.new_accommodations);
    DELETE FROM stage.new_resorts WHERE slug NOT IN (SELECT resort_slug FROM stage.new_accommodations);
    DELETE FROM stage.new_regions WHERE slug NOT IN (SELECT region_slug FROM stage.new_resorts);
    DELETE FROM stage.new_countries WHERE slug NOT IN (SELECT country_slug FROM stage.new_regions);
    DELETE FROM stage.new_features WHERE value NOT IN (SELECT feature_value FROM stage.new_accommodation_features);
    DELETE FROM stage.new_tags WHERE slug NOT IN (SELECT tag_slug FROM stage.new_accommodation_tags);
    DELETE FROM stage.new_meal_plans WHERE slug NOT IN (SELECT meal_plan_slug FROM stage.named);
    DELETE FROM stage.new_companies WHERE slug NOT IN (SELECT company_slug FROM stage.named);`);
}

/** The catalogue tables a feed's new entries go to, in the order their references need. */
const ARRIVALS: Array<[table: string, columns: string]> = [
  ["countries", "slug, name"],
  ["regions", "slug, name, country_slug"],
  ["resorts", "slug, name, region_slug, lat, lng"],
  ["features", "value, name"],
  ["tags", "slug"],
  ["accommodations", "id, name, rating, lat, lng, image_url, resort_slug, images"],
  ["accommodation_features", "accommodation_id, feature_value"],
  ["accommodation_tags", "accommodation_id, tag_slug"],
  ["meal_plans", "slug, title, short"],
  ["travel_companies", "slug, name"],
];
const stageTable = (table: string) => `stage.new_${table === "travel_companies" ? "companies" : table}`;

/**
 * Rows of new catalogue entries the switch adds itself (a few milliseconds); a feed bringing more
 * adds them ahead of it in short transactions (addArrivingEntriesInSteps), so no write of the site
 * waits for a large first import of a company.
 */
export const ARRIVALS_IN_SWITCH = 5_000;

export function countArrivingEntries(sqlite: Database): number {
  return ARRIVALS.reduce(
    (n, [table]) =>
      n +
      (sqlite
        .prepare(`SELECT count(*) FROM ${stageTable(table)}`)
        .pluck()
        .get() as number),
    0,
  );
}

/** The switch's part of an import: the catalogue entries its offers bring (already trimmed to those). */
export function addArrivingEntries(sqlite: Database): void {
  for (const [table, columns] of ARRIVALS)
    sqlite.exec(`INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM ${stageTable(table)}`);
}

/**
 * The same in batches for short transactions before the switch. Until the switch no offer for
 * sale names these entries, so nothing shows them; if the import dies first, the next change of
 * offers deletes them with the other entries nothing refers to (tidyCatalogue).
 */
export function* addArrivingEntriesInSteps(sqlite: Database): Generator<void> {
  const BATCH = 1_000;
  for (const [table, columns] of ARRIVALS) {
    const last =
      (sqlite
        .prepare(`SELECT max(rowid) FROM ${stageTable(table)}`)
        .pluck()
        .get() as number | null) ?? 0;
    const insert = sqlite.prepare(
      `INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM ${stageTable(table)} WHERE rowid BETWEEN ? AND ?`,
    );
    for (let from = 0; from <= last; from += BATCH) {
      insert.run(from, from + BATCH - 1);
      yield;
    }
  }
}

function sum(parts: CompanyPart[], key: "added" | "updated" | "unchanged" | "vanishing"): number {
  return parts.reduce((s, p) => s + p[key], 0);
}

/**
 * A new offer's public id is the company's own id, unless some offer (of any company, for sale
 * or not) or an earlier line of this feed has it: then `<company>:<id>`, and `:2`, `:3`, … on the
 * rare further clash. An offer keeps its public id for good, so links and saved trips stay valid.
 */
function assignTripIds(sqlite: Database, added: number): void {
  const isNew = `${GOING} AND NOT EXISTS (SELECT 1 FROM stage.live v WHERE ${ITS_LIVE_OFFER})`;
  // By id and then line, so of the lines sharing an id the first keeps it (the others are ignored here).
  const ownIds = sqlite
    .prepare(
      `INSERT OR IGNORE INTO stage.writes (trip_id, line_no, added)
         SELECT l.feed_id, l.line_no, 1 FROM stage.lines AS l
          WHERE ${isNew} AND NOT EXISTS (SELECT 1 FROM main.trips t WHERE t.id = l.feed_id)
          ORDER BY l.feed_id, l.line_no`,
    )
    .run().changes;
  if (ownIds === added) return;
  const clashes = sqlite
    .prepare(
      `SELECT l.line_no AS lineNo, l.company_slug AS company, l.feed_id AS feedId FROM stage.lines AS l
        WHERE ${isNew} AND NOT EXISTS (SELECT 1 FROM stage.writes w WHERE w.trip_id = l.feed_id AND w.line_no = l.line_no)
        ORDER BY l.line_no`,
    )
    .all() as Array<{ lineNo: number; company: string; feedId: string }>;
  const takenLive = sqlite.prepare("SELECT 1 FROM main.trips WHERE id = ?").pluck();
  const takenHere = sqlite.prepare("SELECT 1 FROM stage.writes WHERE trip_id = ?").pluck();
  const assign = sqlite.prepare("INSERT INTO stage.writes (trip_id, line_no, added) VALUES (?, ?, 1)");
  for (const c of clashes) {
    let id = `${c.company}:${c.feedId}`;
    for (let n = 2; takenLive.get(id) || takenHere.get(id); n++) id = `${c.company}:${c.feedId}:${n}`;
    assign.run(id, c.lineNo);
  }
}

/** Copies the lines the import writes into public-id order (stage.ready), once, before any write transaction. */
function lineUp(sqlite: Database): void {
  sqlite.exec(`
    INSERT INTO stage.ready
      SELECT w.trip_id, w.added, l.company_slug, l.feed_id, l.accommodation_id, l.departure_date, l.nights, l.transport, l.persons,
             l.price, l.price_per_person, l.original_price, l.meal_plan_slug, l.ski_pass_included, l.ski_pass_days, l.url,
             l.discount_percentage, l.ski_score, l.content_hash
        FROM stage.writes AS w JOIN stage.lines AS l ON l.line_no = w.line_no ORDER BY w.trip_id`);
}

const LIMIT_LABELS: Record<keyof typeof STORE_LIMITS, string> = {
  offers: "tilbud til salg",
  companies: "rejseselskaber",
  mealPlans: "pensionstyper",
  features: "faciliteter",
  tags: "kategorier",
  accommodations: "overnatningssteder",
  resorts: "destinationer",
  regions: "regioner",
  countries: "lande",
};

/** Counts what would be for sale after the import (and in use by it); a feed that would pass a store-wide limit is refused whole. */
function checkStoreLimits(sqlite: Database): void {
  const going = "company_slug NOT IN (SELECT company_slug FROM stage.stopped)";
  sqlite.exec(`
    CREATE TABLE stage.after (accommodation_id TEXT, company_slug TEXT, meal_plan_slug TEXT);
    INSERT INTO stage.after
      SELECT accommodation_id, company_slug, meal_plan_slug FROM main.trips t
       WHERE t.available = 1 AND t.id NOT IN (SELECT trip_id FROM stage.retired)
         AND NOT EXISTS (SELECT 1 FROM stage.lines l WHERE l.company_slug = t.company_slug AND l.feed_id = t.feed_id AND l.${going})
      UNION ALL
      SELECT accommodation_id, company_slug, meal_plan_slug FROM stage.lines WHERE ${going};
    CREATE TABLE stage.after_accommodations (id TEXT PRIMARY KEY);
    INSERT INTO stage.after_accommodations SELECT DISTINCT accommodation_id FROM stage.after;
    CREATE TABLE stage.after_resorts (slug TEXT PRIMARY KEY);
    INSERT INTO stage.after_resorts
      SELECT resort_slug FROM main.accommodations WHERE id IN stage.after_accommodations
      UNION SELECT resort_slug FROM stage.new_accommodations WHERE id IN stage.after_accommodations;
    CREATE TABLE stage.after_regions (slug TEXT PRIMARY KEY);
    INSERT INTO stage.after_regions
      SELECT region_slug FROM main.resorts WHERE slug IN stage.after_resorts
      UNION SELECT region_slug FROM stage.new_resorts WHERE slug IN stage.after_resorts;`);
  const count = (sql: string) => sqlite.prepare(sql).pluck().get() as number;
  const counts: Record<keyof typeof STORE_LIMITS, number> = {
    offers: count("SELECT count(*) FROM stage.after"),
    companies: count("SELECT count(DISTINCT company_slug) FROM stage.after"),
    mealPlans: count("SELECT count(DISTINCT meal_plan_slug) FROM stage.after"),
    accommodations: count("SELECT count(*) FROM stage.after_accommodations"),
    features: count(`SELECT count(*) FROM (
      SELECT feature_value FROM main.accommodation_features WHERE accommodation_id IN stage.after_accommodations
      UNION SELECT feature_value FROM stage.new_accommodation_features WHERE accommodation_id IN stage.after_accommodations)`),
    tags: count(`SELECT count(*) FROM (
      SELECT tag_slug FROM main.accommodation_tags WHERE accommodation_id IN stage.after_accommodations
      UNION SELECT tag_slug FROM stage.new_accommodation_tags WHERE accommodation_id IN stage.after_accommodations)`),
    resorts: count("SELECT count(*) FROM stage.after_resorts"),
    regions: count("SELECT count(*) FROM stage.after_regions"),
    countries: count(`SELECT count(*) FROM (
      SELECT country_slug FROM main.regions WHERE slug IN stage.after_regions
      UNION SELECT country_slug FROM stage.new_regions WHERE slug IN stage.after_regions)`),
  };
  const over = (Object.keys(STORE_LIMITS) as Array<keyof typeof STORE_LIMITS>).filter((k) => counts[k] > STORE_LIMITS[k]);
  if (over.length) {
    const what = over.map((k) => `${formatCount(counts[k])} ${LIMIT_LABELS[k]} (grænsen er ${formatCount(STORE_LIMITS[k])})`).join(", ");
    throw new UnusableFeedError(`Feedet er afvist: efter importen ville databasen have ${what}. Intet blev importeret.`);
  }
}
