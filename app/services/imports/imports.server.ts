import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { IMPORT_ISSUES_KEPT } from "~/domain/constants";
import { importCompanies, importIssues, imports, travelCompanies } from "../../../db/schema";

// The import history: one row per import with its totals, its counts per travel company, and its
// rejected lines and warnings to read page by page.

export interface CompanyOutcome {
  slug: string;
  lines: number;
  added: number;
  updated: number;
  unchanged: number;
  vanished: number;
  /** Its part stopped (too many offers would vanish): nothing of it was applied. */
  stopped: boolean;
  rejected: number;
  warnings: number;
}

/** The history's company of rejected lines that name none ("ukendt" on screen). */
export const UNKNOWN_COMPANY = "";

export interface ImportRecord {
  at: Date;
  source: string;
  lines: number;
  added: number;
  updated: number;
  unchanged: number;
  vanished: number;
  rejected: number;
  warnings: number;
  durationMs: number;
  generation: number;
  /** Why nothing was imported; absent when the import ran. */
  error?: string;
  companies: CompanyOutcome[];
  rejections: Array<{ lineNo: number; message: string }>;
  warningLines: Array<{ lineNo: number; message: string }>;
}

/** Stores one import's record (the issues beyond IMPORT_ISSUES_KEPT of each kind are counted, not kept); returns its id. */
export function recordImport(db: Db, record: ImportRecord): number {
  return db.transaction(() => {
    const { companies, rejections, warningLines, ...totals } = record;
    const id = db.insert(imports).values(totals).returning({ id: imports.id }).get().id;
    if (companies.length)
      db.insert(importCompanies)
        .values(companies.map(({ slug, ...c }) => ({ ...c, importId: id, companySlug: slug })))
        .run();
    const issues = [
      ...rejections.slice(0, IMPORT_ISSUES_KEPT).map((r) => ({ ...r, kind: "rejected" as const })),
      ...warningLines.slice(0, IMPORT_ISSUES_KEPT).map((w) => ({ ...w, kind: "warning" as const })),
    ];
    // In chunks: SQLite limits the variables of one statement.
    for (let i = 0; i < issues.length; i += 500)
      db.insert(importIssues)
        .values(issues.slice(i, i + 500).map((x) => ({ ...x, importId: id })))
        .run();
    return id;
  });
}

export type ImportRow = typeof imports.$inferSelect;

export function importsPage(db: Db, page: number, pageSize: number): { rows: ImportRow[]; total: number } {
  const rows = db
    .select()
    .from(imports)
    .orderBy(desc(imports.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { rows, total: db.select({ n: count() }).from(imports).get()?.n ?? 0 };
}

export function getImport(db: Db, id: number): (ImportRow & { companies: Array<CompanyOutcome & { name: string }> }) | undefined {
  const row = db.select().from(imports).where(eq(imports.id, id)).get();
  if (!row) return undefined;
  const companies = db
    .select({
      slug: importCompanies.companySlug,
      name: sql<string>`coalesce(${travelCompanies.name}, ${importCompanies.companySlug})`,
      lines: importCompanies.lines,
      added: importCompanies.added,
      updated: importCompanies.updated,
      unchanged: importCompanies.unchanged,
      vanished: importCompanies.vanished,
      stopped: importCompanies.stopped,
      rejected: importCompanies.rejected,
      warnings: importCompanies.warnings,
    })
    .from(importCompanies)
    .leftJoin(travelCompanies, eq(travelCompanies.slug, importCompanies.companySlug))
    .where(eq(importCompanies.importId, id))
    .orderBy(asc(importCompanies.companySlug))
    .all();
  return { ...row, companies };
}

export function importIssuesPage(db: Db, id: number, kind: "rejected" | "warning", page: number, pageSize: number) {
  const where = and(eq(importIssues.importId, id), eq(importIssues.kind, kind));
  const rows = db
    .select({ lineNo: importIssues.lineNo, message: importIssues.message })
    .from(importIssues)
    .where(where)
    .orderBy(asc(importIssues.lineNo), asc(importIssues.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { rows, total: db.select({ n: count() }).from(importIssues).where(where).get()?.n ?? 0 };
}

/** Each travel company's latest import that had lines of it. */
export function lastImportPerCompany(db: Db): Map<string, { at: Date; importId: number }> {
  const rows = db
    .select({ slug: importCompanies.companySlug, importId: sql<number>`max(${imports.id})`, at: sql<number>`max(${imports.at})` })
    .from(importCompanies)
    .innerJoin(imports, eq(imports.id, importCompanies.importId))
    .groupBy(importCompanies.companySlug)
    .all();
  return new Map(rows.map((r) => [r.slug, { at: new Date(r.at), importId: r.importId }]));
}
