import fs from "node:fs";
import type { Db } from "../../db/client";
import { formatCount } from "../../app/domain/format";
import type { ResortFactField } from "../../app/domain/resort-facts";
import { parseFactText, resortFactsLine, type FactChange } from "../../app/domain/resort-facts-input";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { setResortFacts } from "../../app/services/destinations/resort-facts.server";
import { describeFeedError } from "../feed-schema";
import { decodeLine, NOT_UTF8, readLines } from "../line-reader";
import { printable } from "../printable";

// The resorts' facts from the command line (docs/feed.md "Resort facts"): `catalogue set resort
// SLUG FIELD VALUE` for one, `catalogue import FILE` for many (NDJSON, one resort a line, checked
// line by line like a feed: a bad line is reported with its number and reason, the good ones are
// written). Neither touches the offers: a fact is no part of a search, so the index generation
// stays; the pages' caches follow the content version the change bumps.

const shown = (v: number | undefined) => (v === undefined ? "(ingen)" : String(v));

/** `catalogue set resort SLUG FIELD VALUE` for a fact; `-` removes it. */
export function runResortFactSet(db: Db, slug: string, field: ResortFactField, raw: string): number {
  const parsed = parseFactText(field, raw);
  if ("reason" in parsed) return fail(`${field}: ${parsed.reason}`);
  const outcome = setResortFacts(db, slug, { [field]: parsed.value }, CLI_ACTOR);
  if (!outcome.ok) return fail(outcome.reason);
  if (!outcome.changed) {
    console.log(`resort ${slug}: ${field} er allerede ${shown(outcome.after[field])}; intet er ændret.`);
    return 0;
  }
  console.log(`resort ${slug}: ${field} ${shown(outcome.before[field])} → ${shown(outcome.after[field])}.`);
  return 0;
}

/**
 * `catalogue import FILE|-`: every valid line's facts are written (in one transaction, audited
 * line by line); a rejected line is printed with its number and Danish reason. Exit 0 when every
 * line was written, 1 when some were rejected, 2 when nothing was (no file, no line, no valid line).
 */
export async function runCatalogueImport(db: Db, file: string): Promise<number> {
  let stream: AsyncIterable<Buffer | string>;
  if (file === "-") stream = process.stdin;
  else {
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return fail(`kan ikke læse filen ${printable(file)}`);
    stream = fs.createReadStream(file);
  }
  const lines: Array<{ lineNo: number; slug: string; change: FactChange }> = [];
  // Printed in line order at the end: a line may also be refused when it is written (an unknown resort).
  const rejected: Array<{ lineNo: number; reason: string }> = [];
  const reject = (lineNo: number, reason: string) => rejected.push({ lineNo, reason });
  for await (const record of readLines(stream)) {
    if ("error" in record) {
      reject(record.lineNo, record.error);
      continue;
    }
    const text = decodeLine(record.line);
    if (text === null) {
      reject(record.lineNo, NOT_UTF8);
      continue;
    }
    if (!text.trim()) continue;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      reject(record.lineNo, "linjen er ikke gyldig JSON");
      continue;
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      reject(record.lineNo, "linjen skal være et JSON-objekt");
      continue;
    }
    const parsed = resortFactsLine.safeParse(json, { reportInput: true });
    if (!parsed.success) {
      reject(record.lineNo, describeFeedError(parsed.error));
      continue;
    }
    const { resort, ...change } = parsed.data;
    lines.push({ lineNo: record.lineNo, slug: resort, change });
  }
  if (!lines.length && !rejected.length) return fail("filen er tom: ingen linjer at importere.");
  let updated = 0;
  let unchanged = 0;
  db.transaction(() => {
    for (const line of lines) {
      const outcome = setResortFacts(db, line.slug, line.change, CLI_ACTOR);
      if (!outcome.ok) reject(line.lineNo, outcome.reason);
      else if (outcome.changed) updated++;
      else unchanged++;
    }
  });
  for (const r of rejected.sort((a, b) => a.lineNo - b.lineNo)) console.error(`Linje ${formatCount(r.lineNo)}: ${printable(r.reason)}`);
  console.log(`Fakta om skisportssteder importeret:
  opdateret: ${formatCount(updated)}
  uændret:   ${formatCount(unchanged)}
  afvist:    ${formatCount(rejected.length)}`);
  if (!updated && !unchanged) {
    console.error("Fejl: ingen gyldige linjer: intet blev importeret.");
    return 2;
  }
  return rejected.length ? 1 : 0;
}

function fail(message: string): number {
  console.error(`Fejl: ${message}`);
  return 2;
}
