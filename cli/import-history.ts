import type { Db } from "../db/client";
import { recordImport, UNKNOWN_COMPANY, type CompanyOutcome } from "../app/services/imports/imports.server";
import type { CompanyPart, ImportSummary, ImportWarning, Rejection } from "./import-feed";

// Records every import in the history the dashboard and `indexer imports` show: collects the
// rejected lines and warnings as the import reports them, then stores it all in one call at the end.

type Issues = { rejected: number; warnings: number };

/** What a company's part did (a stopped part applied nothing), with its rejected lines and warnings. */
export function companyOutcome(part: CompanyPart, issues: Issues = { rejected: 0, warnings: 0 }): CompanyOutcome {
  const { slug, lines, stopped } = part;
  if (stopped) return { slug, lines, added: 0, updated: 0, unchanged: 0, vanished: 0, stopped, ...issues };
  return { slug, lines, added: part.added, updated: part.updated, unchanged: part.unchanged, vanished: part.vanishing, stopped, ...issues };
}

/** Every company's outcome: the feed's parts, and companies (or none: UNKNOWN_COMPANY) that only had rejected lines. */
export function companyOutcomes(parts: CompanyPart[], issues: Map<string, Issues>): CompanyOutcome[] {
  const outcomes = parts.map((p) => companyOutcome(p, issues.get(p.slug)));
  const known = new Set(parts.map((p) => p.slug));
  for (const [slug, counts] of issues)
    if (!known.has(slug)) outcomes.push({ slug, lines: 0, added: 0, updated: 0, unchanged: 0, vanished: 0, stopped: false, ...counts });
  return outcomes;
}

export function importRecorder(source: string, at = new Date()) {
  const rejections: Array<{ lineNo: number; message: string }> = [];
  const warningLines: Array<{ lineNo: number; message: string }> = [];
  const issues = new Map<string, Issues>();
  const count = (slug: string, kind: keyof Issues) => {
    const counts = issues.get(slug) ?? { rejected: 0, warnings: 0 };
    counts[kind]++;
    issues.set(slug, counts);
  };
  const started = performance.now();
  const sourceName = source === "-" ? "standard input" : source;
  return {
    onRejected: ({ lineNo, reason, companySlug }: Rejection) => {
      rejections.push({ lineNo, message: reason });
      count(companySlug ?? UNKNOWN_COMPANY, "rejected");
    },
    onWarning: ({ lineNo, message, companySlug }: ImportWarning) => {
      // A line may disagree with the catalogue on several facts: the counts are of lines, as the summary's.
      if (warningLines.at(-1)?.lineNo !== lineNo) count(companySlug, "warnings");
      warningLines.push({ lineNo, message });
    },
    /**
     * Stores an import that imported nothing (the CLI's exit 2), with why, the lines it read and
     * rejected on the way, and the generation it left.
     */
    fail: (db: Db, reason: string, generation: number, lines = 0): number =>
      recordImport(db, {
        at,
        source: sourceName,
        lines,
        added: 0,
        updated: 0,
        unchanged: 0,
        vanished: 0,
        rejected: rejections.length,
        warnings: new Set(warningLines.map((w) => w.lineNo)).size,
        durationMs: Math.round(performance.now() - started),
        generation,
        error: reason,
        companies: companyOutcomes([], issues),
        rejections,
        warningLines,
      }),
    /** Stores the finished import; returns its id in the history. */
    save: (db: Db, summary: ImportSummary): number =>
      recordImport(db, {
        at,
        source: sourceName,
        lines: summary.lines,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        vanished: summary.unavailable,
        rejected: summary.rejected,
        warnings: summary.warnings,
        durationMs: Math.round(summary.seconds * 1000),
        generation: summary.generation,
        companies: companyOutcomes(summary.companies, issues),
        rejections,
        warningLines,
      }),
  };
}
