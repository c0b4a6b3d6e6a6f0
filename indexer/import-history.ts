import type { Db } from "../db/client";
import { recordImport, type CompanyOutcome } from "../app/services/imports/imports.server";
import type { CatalogueWarning, CompanyPart, ImportSummary, Rejection } from "./import-feed";

// Records every import in the history the dashboard and `indexer imports` show: collects the
// rejected lines and warnings as the import reports them, then stores it all in one call at the end.

/** What a company's part did: a stopped part applied nothing. */
export function companyOutcome(part: CompanyPart): CompanyOutcome {
  const { slug, lines, stopped } = part;
  if (stopped) return { slug, lines, added: 0, updated: 0, unchanged: 0, vanished: 0, stopped };
  return { slug, lines, added: part.added, updated: part.updated, unchanged: part.unchanged, vanished: part.vanishing, stopped };
}

export function importRecorder(source: string, at = new Date()) {
  const rejections: Array<{ lineNo: number; message: string }> = [];
  const warningLines: Array<{ lineNo: number; message: string }> = [];
  return {
    onRejected: ({ lineNo, reason }: Rejection) => void rejections.push({ lineNo, message: reason }),
    onWarning: ({ lineNo, message }: CatalogueWarning) => void warningLines.push({ lineNo, message }),
    /** Stores the finished import; returns its id in the history. */
    save: (db: Db, summary: ImportSummary): number =>
      recordImport(db, {
        at,
        source: source === "-" ? "standard input" : source,
        lines: summary.lines,
        added: summary.added,
        updated: summary.updated,
        unchanged: summary.unchanged,
        vanished: summary.unavailable,
        rejected: summary.rejected,
        warnings: summary.warnings,
        durationMs: Math.round(summary.seconds * 1000),
        generation: summary.generation,
        companies: summary.companies.map(companyOutcome),
        rejections,
        warningLines,
      }),
  };
}
