import type { Database } from "better-sqlite3";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "../../db/client";
import { bumpGeneration } from "../../db/generation";
import { liveOffersTable, type OffersSide } from "../../db/live-offers";
import { assertOffersLock, lockOffers } from "./lock";
import { dropUnswitched } from "./price-history";

// The offers live in two tables of the same shape, offers_a and offers_b; the `trips` view shows
// the live one (db/schema.ts). Every change to offers (an import, `retire`, `catalogue set`) is
// written to the other one, the spare, in short transactions, and made live by switching the view
// in one more short transaction. So a web request's write never waits for more than one slice,
// readers never see half a change, and a killed change leaves the live side exactly as it was.
//
// Every row carries the offers version that last wrote it (changed_version). After a switch the
// spare is the previous live side, one version behind: before the next change it catches up by
// copying the rows written since, and it drops what a killed change had left in it.

export type Side = OffersSide;

export const OFFER_COLUMNS = [
  "id",
  "company_slug",
  "feed_id",
  "accommodation_id",
  "departure_date",
  "nights",
  "transport",
  "persons",
  "price",
  "price_per_person",
  "original_price",
  "meal_plan_slug",
  "ski_pass_included",
  "ski_pass_days",
  "url",
  "discount_percentage",
  "ski_score",
  "available",
  "content_hash",
  "first_seen_at",
  "changed_version",
].join(", ");

export interface Sides {
  live: Side;
  spare: Side;
  /** The version of the live side. */
  version: number;
  /** The version the spare side holds (every row written up to it), −1 when it was never filled. */
  spareVersion: number;
}

const LIVE = "offers_live";
const VERSION = "offers_version";
const SPARE_VERSION = "offers_spare_version";

export function readSides(sqlite: Database): Sides {
  const get = sqlite.prepare("SELECT value FROM meta WHERE key = ?").pluck();
  const live = liveOffersTable(sqlite);
  return {
    live,
    spare: live === "offers_a" ? "offers_b" : "offers_a",
    version: Number(get.get(VERSION) ?? 0),
    spareVersion: Number(get.get(SPARE_VERSION) ?? -1),
  };
}

/**
 * How long one write transaction may run and how long the writer then leaves the database to
 * others. A web request that finds the database busy waits in SQLite's busy handler, which polls
 * after 1, 3, 8, 18, 33 … ms; a slice of about 8 ms plus its commit and a pause of 10 ms let it in
 * by the 18 ms poll.
 */
export const PACING = { sliceMs: 8, pauseMs: 10 };

/**
 * Runs `work` (each step one small batch) in write transactions of at most one slice each, pausing
 * between them. The WAL is checkpointed after each commit, at the start of the pause, instead of
 * by SQLite inside the commit (wal_autocheckpoint): a checkpoint holds no lock a web request's
 * write waits for, so it can take the pause's time instead of adding to it, and the WAL never grows
 * past about one slice's pages. Each transaction first checks that the indexer lock is still this
 * change's (apply/lock.ts).
 */
export async function inSlices(sqlite: Database, work: Generator<unknown>): Promise<void> {
  const autocheckpoint = sqlite.pragma("wal_autocheckpoint", { simple: true }) as number;
  sqlite.pragma("wal_autocheckpoint = 0");
  try {
    for (let done = false; !done;) {
      sqlite.exec("BEGIN IMMEDIATE");
      try {
        assertOffersLock(sqlite);
        const started = performance.now();
        do done = work.next().done === true;
        while (!done && performance.now() - started < PACING.sliceMs);
        sqlite.exec("COMMIT");
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
        work.return(undefined);
        throw error;
      }
      const pause = performance.now();
      sqlite.pragma("wal_checkpoint(PASSIVE)");
      if (!done) await sleep(Math.max(0, PACING.pauseMs - (performance.now() - pause)));
    }
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  }
}

const BATCH = 400;

/** Batches that put what a killed change wrote to the spare back to the live row, or delete it when the live side has none. */
function* dropKilledChange(sqlite: Database, sides: Sides): Generator<void> {
  const { live, spare, version } = sides;
  const junk = sqlite.prepare(`SELECT id FROM ${spare} WHERE changed_version > ? LIMIT ${BATCH}`).pluck();
  const restore = sqlite.prepare(
    `INSERT OR REPLACE INTO ${spare} (${OFFER_COLUMNS}) SELECT ${OFFER_COLUMNS} FROM ${live} WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const drop = sqlite.prepare(`DELETE FROM ${spare} WHERE changed_version > ? AND id IN (SELECT value FROM json_each(?))`);
  for (;;) {
    const ids = junk.all(version) as string[];
    if (!ids.length) break;
    restore.run(JSON.stringify(ids));
    drop.run(version, JSON.stringify(ids));
    yield;
  }
  // Price history rows a killed change recorded for versions that never went live.
  yield* dropUnswitched(sqlite, version);
}

/** Batches that make the spare side equal to the live one. */
export function* catchUp(sqlite: Database, sides: Sides): Generator<void> {
  const { live, spare, spareVersion } = sides;
  yield* dropKilledChange(sqlite, sides);
  // The rows the live side got since the spare was last in step.
  const behind = sqlite.prepare(`SELECT rowid FROM ${live} WHERE changed_version > ? ORDER BY rowid`).pluck().all(spareVersion) as number[];
  const copy = sqlite.prepare(
    `INSERT OR REPLACE INTO ${spare} (${OFFER_COLUMNS}) SELECT ${OFFER_COLUMNS} FROM ${live} WHERE rowid IN (SELECT value FROM json_each(?))`,
  );
  for (let k = 0; k < behind.length; k += BATCH) {
    copy.run(JSON.stringify(behind.slice(k, k + BATCH)));
    yield;
  }
}

/**
 * Makes the spare side live in one transaction: `inSwitch` first (the change's catalogue
 * entries, which the new live offers may name), then the view, the versions and the index
 * generation. Returns the new generation.
 */
export function switchSides(db: Db, sides: Sides, inSwitch: () => void): number {
  const sqlite = db.$client;
  return sqlite
    .transaction(() => {
      assertOffersLock(sqlite);
      if (readSides(sqlite).version !== sides.version)
        throw new Error("Tilbuddene blev ændret af en anden proces undervejs; intet er ændret.");
      inSwitch();
      sqlite.exec(`DROP VIEW trips; CREATE VIEW trips AS SELECT ${OFFER_COLUMNS} FROM ${sides.spare}`);
      const set = sqlite.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
      set.run(LIVE, sides.spare);
      set.run(VERSION, String(sides.version + 1));
      set.run(SPARE_VERSION, String(sides.version));
      return bumpGeneration(db);
    })
    .immediate();
}

/**
 * Deletes catalogue entries nothing refers to any more (on either side), so the vocabularies
 * shrink with the offers, and with `recentre` puts each resort at the centre of its accommodations.
 * Runs after every switch, and before every change of offers, where it finds only what a killed
 * import had added ahead of its switch (see addArrivingEntriesInSteps), so that is never taken
 * for a definition. What to delete is found by reading (no lock held: only indexer commands write
 * offers and the catalogue, one at a time); the deletes are one short transaction, and nothing is
 * written when there is nothing to do.
 */
export function tidyCatalogue(sqlite: Database, opts: { recentre: boolean }): void {
  const column = (sql: string) => new Set(sqlite.prepare(sql).pluck().all() as string[]);
  const accommodations = sqlite
    .prepare(
      `SELECT id FROM accommodations a WHERE NOT EXISTS (SELECT 1 FROM offers_a o WHERE o.accommodation_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM offers_b o WHERE o.accommodation_id = a.id)`,
    )
    .pluck()
    .all() as string[];
  const mealPlansUsed = column("SELECT DISTINCT meal_plan_slug FROM offers_a UNION SELECT DISTINCT meal_plan_slug FROM offers_b");
  const mealPlans = (sqlite.prepare("SELECT slug FROM meal_plans").pluck().all() as string[]).filter((s) => !mealPlansUsed.has(s));
  const companies = sqlite
    .prepare(
      `SELECT slug FROM travel_companies c WHERE NOT EXISTS (SELECT 1 FROM offers_a o WHERE o.company_slug = c.slug)
         AND NOT EXISTS (SELECT 1 FROM offers_b o WHERE o.company_slug = c.slug)`,
    )
    .pluck()
    .all() as string[];
  const orphans = `
    DELETE FROM features WHERE NOT EXISTS (SELECT 1 FROM accommodation_features x WHERE x.feature_value = features.value);
    DELETE FROM tags WHERE NOT EXISTS (SELECT 1 FROM accommodation_tags x WHERE x.tag_slug = tags.slug);
    DELETE FROM resorts WHERE NOT EXISTS (SELECT 1 FROM accommodations a WHERE a.resort_slug = resorts.slug);
    DELETE FROM regions WHERE NOT EXISTS (SELECT 1 FROM resorts r WHERE r.region_slug = regions.slug);
    DELETE FROM countries WHERE NOT EXISTS (SELECT 1 FROM regions g WHERE g.country_slug = countries.slug);`;
  const anyOrphan = orphans
    .trim()
    .split(";")
    .filter((statement) => statement.trim())
    .some((statement) => sqlite.prepare(statement.replace("DELETE FROM", "SELECT 1 FROM") + " LIMIT 1").get() !== undefined);
  if (!opts.recentre && !accommodations.length && !mealPlans.length && !companies.length && !anyOrphan) return;
  sqlite
    .transaction(() => {
      const ids = JSON.stringify(accommodations);
      const inList = "IN (SELECT value FROM json_each(?))";
      sqlite.prepare(`DELETE FROM accommodation_features WHERE accommodation_id ${inList}`).run(ids);
      sqlite.prepare(`DELETE FROM accommodation_tags WHERE accommodation_id ${inList}`).run(ids);
      sqlite.prepare(`DELETE FROM accommodations WHERE id ${inList}`).run(ids);
      sqlite.prepare(`DELETE FROM meal_plans WHERE slug ${inList}`).run(JSON.stringify(mealPlans));
      sqlite.prepare(`DELETE FROM travel_companies WHERE slug ${inList}`).run(JSON.stringify(companies));
      sqlite.exec(orphans);
      if (opts.recentre || accommodations.length) {
        sqlite.exec(`
          UPDATE resorts SET
            lat = (SELECT avg(lat) FROM accommodations a WHERE a.resort_slug = resorts.slug),
            lng = (SELECT avg(lng) FROM accommodations a WHERE a.resort_slug = resorts.slug);`);
      }
    })
    .immediate();
}

/**
 * Starts a change of offers (an import, `retire`, `catalogue set`): takes the indexer lock and
 * clears what a killed change may have left, its offers on the spare side first and then the
 * catalogue entries only they named. Call the returned function when done.
 */
export async function startOffersChange(db: Db): Promise<() => void> {
  const release = await lockOffers(db);
  try {
    const sqlite = db.$client;
    await inSlices(sqlite, dropKilledChange(sqlite, readSides(sqlite)));
    tidyCatalogue(sqlite, { recentre: false });
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/**
 * One change to the offers: batches that write the spare side (at `version`, the next one), and
 * what goes into the switch transaction. Returns the new generation once the change is live.
 */
export async function applyToOffers(
  db: Db,
  sides: Sides,
  change: { writeSpare: (spare: Side, version: number) => Generator<unknown>; inSwitch?: () => void },
): Promise<number> {
  const sqlite = db.$client;
  await inSlices(sqlite, catchUp(sqlite, sides));
  await inSlices(sqlite, change.writeSpare(sides.spare, sides.version + 1));
  const generation = switchSides(db, sides, change.inSwitch ?? (() => {}));
  tidyCatalogue(sqlite, { recentre: true });
  return generation;
}
