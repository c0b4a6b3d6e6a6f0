import type { Database } from "better-sqlite3";
import type { Db } from "../db/client";
import { readGeneration } from "../db/generation";
import { FEED_LIMITS } from "../app/domain/constants";
import { todayInDenmark } from "../app/domain/dates";
import { formatCount } from "../app/domain/format";
import { NOT_UTF8, readLines } from "./line-reader";
import { skiScore } from "./score";
import { historyWriters } from "./apply/price-history";
import { applyToOffers, OFFER_COLUMNS, readSides, startOffersChange, type Side } from "./apply/sides";
import { Catalogue, type CatalogueWarning } from "./import/catalogue";
import { UnusableFeedError } from "./import/errors";
import { checkedEncoding } from "./import/encoding";
import {
  addArrivingEntries,
  addArrivingEntriesInSteps,
  ARRIVALS_IN_SWITCH,
  countArrivingEntries,
  planImport,
  type CompanyPart,
} from "./import/plan";
import { Stage } from "./import/stage";
import { parseInOrder } from "./import/parsers";
import { isValid, offerOf, sharedFactsOf } from "./import/parse-line";

export { UnusableFeedError } from "./import/errors";
export type { CatalogueWarning } from "./import/catalogue";
export type { CompanyPart } from "./import/plan";

export interface ImportSummary {
  lines: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Offers that left the sale: they vanished from their company's feed. */
  unavailable: number;
  rejected: number;
  /** Lines imported against the catalogue's facts. */
  warnings: number;
  /** Each company's part of the feed (the import history records them). */
  companies: CompanyPart[];
  /** Companies whose part stopped because too many of their offers would vanish. */
  stopped: CompanyPart[];
  /** True when some rejected line named no offer: then nothing was taken off sale. */
  retireHeld: boolean;
  /** False when the import changed nothing: the generation is the one before. */
  changed: boolean;
  seconds: number;
  generation: number;
}

export interface Rejection {
  lineNo: number;
  reason: string;
  /** The travel company the line names; null when it names none (not JSON, no company slug). */
  companySlug: string | null;
}

/** A line imported against the catalogue's facts, and its travel company. */
export type ImportWarning = CatalogueWarning & { companySlug: string };

export interface ImportOptions {
  now?: Date;
  onRejected?: (r: Rejection) => void;
  onWarning?: (w: ImportWarning) => void;
  /** Called every few thousand lines with bytes and lines read so far. */
  onProgress?: (bytes: number, lines: number) => void;
  /** Called when the writing starts, then with offers written so far. */
  onApply?: (written: number, total: number) => void;
  /** The largest share (0 to 1) of a company's offers for sale that may vanish in one import; default 0.2. */
  maxRetireShare?: number;
}

export const DEFAULT_MAX_RETIRE_SHARE = 0.2;

/**
 * Imports an NDJSON trip feed (docs/feed.md "How an import changes the data"): reads and
 * validates it into a staging file (no lock on the store), plans the change per company, writes
 * it to the spare side of the offers in short transactions and switches it live at once. An offer is
 * (company, its own id): a company's lines add, change and retire only its offers. Nothing is
 * written when the feed changes nothing, or when anything throws before the switch.
 */
export async function importFeed(db: Db, input: AsyncIterable<Buffer | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const sqlite = db.$client;
  const release = await startOffersChange(db);
  let stage: Stage | undefined;
  const read: ReadCounts = { lines: 0, valid: 0, rejected: 0, unattributed: 0, warnings: 0 };
  try {
    stage = new Stage(sqlite);
    await stageFeed(sqlite, stage, input, now, options, read);
    if (read.lines === 0) throw new UnusableFeedError("Feedet er tomt: ingen linjer at importere.");
    if (read.valid === 0) throw new UnusableFeedError("Ingen gyldige linjer i feedet: intet blev importeret.");
    const plan = planImport(sqlite, {
      maxRetireShare: options.maxRetireShare ?? DEFAULT_MAX_RETIRE_SHARE,
      retireVanished: read.unattributed === 0,
    });
    const total = plan.added + plan.updated + plan.retired;
    let generation = readGeneration(db);
    if (total > 0) {
      options.onApply?.(0, total);
      const few = countArrivingEntries(sqlite) <= ARRIVALS_IN_SWITCH;
      generation = await applyToOffers(db, readSides(sqlite), {
        *writeSpare(spare, version) {
          if (!few) yield* addArrivingEntriesInSteps(sqlite);
          yield* writeStaged(sqlite, spare, version, now, (written) => options.onApply?.(written, total));
        },
        inSwitch: () => {
          if (few) addArrivingEntries(sqlite);
        },
      });
    }
    return {
      lines: read.lines,
      added: plan.added,
      updated: plan.updated,
      unchanged: plan.unchanged,
      unavailable: plan.retired,
      rejected: read.rejected,
      warnings: read.warnings,
      companies: plan.companies,
      stopped: plan.companies.filter((c) => c.stopped),
      retireHeld: read.unattributed > 0,
      changed: total > 0,
      seconds: (performance.now() - started) / 1000,
      generation,
    };
  } catch (error) {
    // A refused feed is recorded with the lines it had when it was refused.
    if (error instanceof UnusableFeedError) error.lines = read.lines;
    throw error;
  } finally {
    stage?.close();
    release();
  }
}

interface ReadCounts {
  lines: number;
  valid: number;
  rejected: number;
  /** Rejected lines that name no offer (not JSON, or no company slug and id). */
  unattributed: number;
  warnings: number;
}

/**
 * Reads, validates and stages every line, counting into `counts`; rejections and warnings are
 * reported as they are found, in the file's order.
 */
async function stageFeed(
  sqlite: Database,
  stage: Stage,
  input: AsyncIterable<Buffer | string>,
  now: Date,
  options: ImportOptions,
  counts: ReadCounts,
): Promise<void> {
  // The catalogue warns while it resolves one line: the company of the line it is resolving.
  let resolving = "";
  const catalogue = new Catalogue(sqlite, stage, (w) => options.onWarning?.({ ...w, companySlug: resolving }));
  const reject = (lineNo: number, reason: string, companySlug: string | null, attributed: boolean) => {
    counts.rejected++;
    if (!attributed) counts.unattributed++;
    options.onRejected?.({ lineNo, reason, companySlug });
  };
  // Each offer's first line in the file, as lineNo × 4, + 2 once it is staged, + 1 once repeated (a
  // number rather than an object per offer: a million of them weigh on the garbage collector); a
  // repeated offer rejects all its lines.
  const first = new Map<string, number>();
  let bytes = 0;
  for await (const { record, parsed: line } of parseInOrder(readLines(checkedEncoding(input)), todayInDenmark(now))) {
    bytes += record.bytes + 1;
    if (line && !isValid(line) && line.kind === "blank") continue; // blank lines are not offers
    if (++counts.lines > FEED_LIMITS.linesPerFeed) {
      throw new UnusableFeedError(
        `Feedet har flere end ${formatCount(FEED_LIMITS.linesPerFeed)} linjer, grænsen for ét feed: intet blev importeret.`,
      );
    }
    if (counts.lines % 5000 === 0) options.onProgress?.(bytes, counts.lines);
    const { lineNo } = record;
    if ("error" in record) {
      reject(lineNo, record.error, null, false);
      continue;
    }
    const parsed = line!; // every other line was parsed
    if (!isValid(parsed) && parsed.kind === "not-utf8") {
      reject(lineNo, NOT_UTF8, null, false);
      continue;
    }
    if (!isValid(parsed) && parsed.kind === "not-json") {
      reject(lineNo, "ugyldig JSON", null, false);
      continue;
    }
    const key = isValid(parsed) ? { companySlug: parsed[0], feedId: parsed[1] } : parsed.key;
    if (key) {
      const id = `${key.companySlug}\u0000${key.feedId}`;
      const earlier = first.get(id);
      if (earlier !== undefined) {
        const earlierLine = earlier >>> 2;
        stage.keep(key.companySlug, key.feedId);
        reject(lineNo, repeated(key, earlierLine), key.companySlug, true);
        if ((earlier & 3) === 2) {
          stage.unstage(earlierLine);
          counts.valid--;
          reject(earlierLine, repeated(key, lineNo), key.companySlug, true);
        }
        first.set(id, earlier | 1);
        continue;
      }
      first.set(id, lineNo * 4 + (isValid(parsed) ? 2 : 0));
    }
    if (!isValid(parsed)) {
      if (key) stage.keep(key.companySlug, key.feedId);
      reject(lineNo, parsed.reason, parsed.companySlug, key !== null);
      continue;
    }
    const offer = offerOf(parsed);
    const [companySlug, , , , nights, , , , pricePerPerson, , mealPlanSlug, skiPassIncluded, skiPassDays, , discount] = offer;
    resolving = companySlug;
    const accommodation = catalogue.resolve(sharedFactsOf(parsed), lineNo);
    const score = skiScore(
      {
        rating: accommodation.rating,
        featureCount: accommodation.featureCount,
        skiPassIncluded: skiPassIncluded === 1,
        skiPassDays,
        mealPlanSlug,
        pricePerPerson,
        nights,
      },
      discount,
    );
    stage.line(lineNo, offer, score);
    counts.valid++;
  }
  stage.flush();
  options.onProgress?.(bytes, counts.lines);
  counts.warnings = catalogue.warnedLines;
}

function repeated(key: { companySlug: string; feedId: string }, otherLine: number): string {
  return `id "${key.feedId}" fra rejseselskabet ${key.companySlug} står også i linje ${otherLine}: ingen af linjerne er importeret`;
}

const OFFERS_PER_BATCH = 400;

/**
 * Batches writing the staged outcome to the spare side: changed and new offers, then the ones
 * leaving the sale. Each in public-id order, so consecutive batches fill neighbouring pages of
 * the offers' indexes and a short transaction's commit writes few pages. Each batch first records
 * the price history of its offers (cli/apply/price-history.ts).
 */
function* writeStaged(sqlite: Database, spare: Side, version: number, now: Date, progress: (written: number) => void): Generator<void> {
  const ready = (sqlite.prepare("SELECT max(rowid) FROM stage.ready").pluck().get() as number | null) ?? 0;
  const update = sqlite.prepare(
    `UPDATE ${spare} AS o SET accommodation_id = l.accommodation_id, departure_date = l.departure_date, nights = l.nights,
        transport = l.transport, persons = l.persons, price = l.price, price_per_person = l.price_per_person,
        original_price = l.original_price, meal_plan_slug = l.meal_plan_slug, ski_pass_included = l.ski_pass_included,
        ski_pass_days = l.ski_pass_days, url = l.url, discount_percentage = l.discount_percentage, ski_score = l.ski_score,
        available = 1, content_hash = l.content_hash, changed_version = ?
      FROM (SELECT * FROM stage.ready WHERE rowid BETWEEN ? AND ? AND added = 0) AS l
     WHERE o.id = l.trip_id`,
  );
  const insert = sqlite.prepare(
    `INSERT INTO ${spare} (${OFFER_COLUMNS})
     SELECT trip_id, company_slug, feed_id, accommodation_id, departure_date, nights, transport, persons, price, price_per_person,
            original_price, meal_plan_slug, ski_pass_included, ski_pass_days, url, discount_percentage, ski_score, 1, content_hash, ?, ?
       FROM stage.ready WHERE rowid BETWEEN ? AND ? AND added = 1`,
  );
  const nextRetired = sqlite
    .prepare(`SELECT max(trip_id) FROM (SELECT trip_id FROM stage.retired WHERE trip_id > ? ORDER BY trip_id LIMIT ${OFFERS_PER_BATCH})`)
    .pluck();
  const retire = sqlite.prepare(
    `UPDATE ${spare} SET available = 0, changed_version = ? WHERE id IN (SELECT trip_id FROM stage.retired WHERE trip_id > ? AND trip_id <= ?)`,
  );
  const history = historyWriters(sqlite, spare);
  let written = 0;
  for (let from = 1; from <= ready; from += OFFERS_PER_BATCH) {
    const to = from + OFFERS_PER_BATCH - 1;
    history.offered(version, now, from, to);
    written += update.run(version, from, to).changes + insert.run(now.getTime(), version, from, to).changes;
    progress(written);
    yield;
  }
  for (let from = "", to = nextRetired.get(from) as string | null; to !== null; from = to, to = nextRetired.get(from) as string | null) {
    history.leaving(version, now, from, to);
    written += retire.run(version, from, to).changes;
    progress(written);
    yield;
  }
}
