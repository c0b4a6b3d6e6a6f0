import { count, desc, eq, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { auditLog } from "../../../db/schema";

// The operators' audit log: every change made from the dashboard or the operators' CLI goes
// through `audited`, which applies it and writes who, when, what, before and after in one
// transaction, so no change is ever missing from the log.

/** Who made a change: an operator's e-mail, or the command line. */
export type Actor = string;
export const CLI_ACTOR: Actor = "CLI";

export interface Change<T> {
  /** The thing as it was (undefined when it is new). */
  before: unknown;
  /** The thing as it is now (undefined when it was removed). */
  after: unknown;
  result: T;
}

export interface AuditEntry {
  actor: Actor;
  action: string;
  subject: string;
}

/** Applies `change` and logs it, in one transaction; a change that throws logs nothing. */
export function audited<T>(db: Db, entry: AuditEntry, change: () => Change<T>, at = new Date()): T {
  return db.transaction(() => {
    const { before, after, result } = change();
    db.insert(auditLog)
      .values({
        ...entry,
        at,
        before: before === undefined ? null : JSON.stringify(before),
        after: after === undefined ? null : JSON.stringify(after),
      })
      .run();
    return result;
  });
}

export interface AuditRow {
  id: number;
  at: Date;
  actor: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
}

/** A page of the log, newest first, and how many entries there are in all. */
export function auditPage(db: Db, page: number, pageSize: number): { rows: AuditRow[]; total: number } {
  const rows = db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(auditLog).get()?.n ?? 0;
  return { rows, total };
}

/**
 * Replaces an e-mail everywhere in the log: as who made a change, as what it was made to, and as a
 * string in the before and after JSON. For an account's new address (so the log names accounts as
 * they are now), or a placeholder for a deleted account. Whole values only (bo@… is not in jakobo@…).
 */
export function replaceInLog(db: Pick<Db, "update">, email: string, by: string): void {
  const quoted = JSON.stringify(email);
  const whole = (col: SQLiteColumn) => sql`case when ${col} = ${email} then ${by} else ${col} end`;
  const inJson = (col: SQLiteColumn) => sql`replace(${col}, ${quoted}, ${JSON.stringify(by)})`;
  db.update(auditLog)
    .set({ actor: whole(auditLog.actor), subject: whole(auditLog.subject), before: inJson(auditLog.before), after: inJson(auditLog.after) })
    .where(
      or(
        eq(auditLog.actor, email),
        eq(auditLog.subject, email),
        sql`instr(${auditLog.before}, ${quoted}) > 0`,
        sql`instr(${auditLog.after}, ${quoted}) > 0`,
      ),
    )
    .run();
}
