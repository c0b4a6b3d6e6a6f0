import type { Db } from "../../../db/client";
import { NOT_SUMMED_UP_SQL } from "../../../db/schema";
import { GUEST_SAVES_DAYS, THROTTLE_ROWS_HOURS, UNUSED_LINK_DAYS } from "~/domain/constants";
import { IMPORT_GRACE } from "~/services/agents/notify.server";

// Retention, as the privacy page promises (/privatliv): what the store keeps about people is
// deleted, or summed up, once it is no longer needed. Run by `indexer maintenance` and after every
// `notify` (so after every import too, every 5 minutes from the worker), each step one short
// transaction that reads only what it changes (the indexes of migration 0015), so a run with nothing
// to do costs a few index lookups and a big first run never holds the write lock for long:
// - sign-ups never confirmed and e-mailed links never used: deleted UNUSED_LINK_DAYS after they were made;
// - sessions past their expiry: deleted;
// - a guest's saved trip (not logged in): deleted GUEST_SAVES_DAYS after it was saved;
// - the throttles' rows (an e-mail, an address): deleted THROTTLE_ROWS_HOURS after the attempt;
// - the e-mail log (which trips and price drops each search agent e-mailed, when): rows older than
//   the retention period are deleted, except those of an agent's latest e-mail and the hours before
//   it that the next `notify` still looks at (IMPORT_GRACE): they are what keeps a trip from being
//   mailed twice;
// - counted views and clicks older than the retention period: each hour's rows of one item, kind
//   and affiliate become one row that counts as many (`counted`), without the visitor hashes; one
//   day per transaction.

export interface RetentionSummary {
  signUps: number;
  links: number;
  sessions: number;
  guestSaves: number;
  throttleRows: number;
  mailLog: number;
  /** Counted view and click rows summed up, and the rows they became. */
  countedRows: number;
  countedInto: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const MAIL_LOG_TABLES = ["agent_notifications", "agent_price_drops"] as const;

/**
 * The e-mail log's rows past the cutoff that the next notify no longer needs (IMPORT_GRACE):
 * found through the (status, sent_at) index, so a run reads only the rows it deletes.
 */
export function mailLogDelete(table: (typeof MAIL_LOG_TABLES)[number]): string {
  return `DELETE FROM ${table} WHERE status = 'sent' AND sent_at < @cutoff
    AND sent_at < (SELECT coalesce(a.last_notified_at, 0) FROM search_agents a WHERE a.id = ${table}.agent_id) - @grace`;
}

/** The counted tables and the columns an hour's row is summed up by. */
const COUNTED_TABLES = {
  offer_clicks: "trip_id, company_slug, affiliate_id",
  banner_events: "banner_id, kind, affiliate_id",
} as const;

/**
 * The roll-up's statements on one table: the oldest row not yet summed up before the cutoff, and,
 * for a span [from, to) of whole hours, the summed rows and the deletion of the rows they stand for.
 * Each repeats the condition of the partial `at` index (db/schema.ts NOT_SUMMED_UP_SQL), so it reads
 * only rows not yet summed up.
 */
export function countedStatements(table: keyof typeof COUNTED_TABLES): { oldest: string; into: string; remove: string } {
  const key = COUNTED_TABLES[table];
  const rows = `FROM ${table} WHERE at >= @from AND at < @to AND (${NOT_SUMMED_UP_SQL})`;
  return {
    oldest: `SELECT min(at) FROM ${table} WHERE at < @cutoff AND (${NOT_SUMMED_UP_SQL})`,
    into: `INSERT INTO ${table} (${key}, at, visitor, address, counted)
      SELECT ${key}, (at / ${HOUR}) * ${HOUR}, NULL, NULL, sum(counted) ${rows} GROUP BY ${key}, at / ${HOUR}`,
    remove: `DELETE ${rows}`,
  };
}

/** The moment `months` calendar months before `now`, rounded down to the hour (an hour's counts are summed up whole). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return new Date(Math.floor(cutoff.getTime() / HOUR) * HOUR);
}

export function enforceRetention(db: Db, opts: { retentionMonths: number; now?: Date }): RetentionSummary {
  const now = (opts.now ?? new Date()).getTime();
  const cutoff = retentionCutoff(new Date(now), opts.retentionMonths).getTime();
  const sqlite = db.$client;
  const step = (sql: string, ...params: unknown[]) => sqlite.prepare(sql).run(...params).changes;
  const unused = now - UNUSED_LINK_DAYS * 24 * HOUR;

  const summary: RetentionSummary = {
    signUps: step("DELETE FROM pending_sign_ups WHERE created_at < ?", unused),
    links: step("DELETE FROM account_tokens WHERE created_at < ?", unused),
    sessions: step("DELETE FROM sessions WHERE expires_at < ?", now),
    guestSaves: step("DELETE FROM guest_saved_trips WHERE created_at < ?", now - GUEST_SAVES_DAYS * DAY),
    throttleRows: step("DELETE FROM login_attempts WHERE at < ?", now - THROTTLE_ROWS_HOURS * HOUR),
    mailLog: 0,
    countedRows: 0,
    countedInto: 0,
  };
  for (const table of MAIL_LOG_TABLES) summary.mailLog += step(mailLogDelete(table), { cutoff, grace: IMPORT_GRACE });

  // One UTC day per transaction: each holds the write lock only briefly, so the web server's writes
  // (a click, a sign-up) go on between them, however much is left to sum up.
  for (const table of Object.keys(COUNTED_TABLES) as Array<keyof typeof COUNTED_TABLES>) {
    const sql = countedStatements(table);
    const oldest = sqlite.prepare(sql.oldest).pluck();
    const into = sqlite.prepare(sql.into);
    const remove = sqlite.prepare(sql.remove);
    for (let from = oldest.get({ cutoff }) as number | null; from !== null; from = oldest.get({ cutoff }) as number | null) {
      const to = Math.min(Math.floor(from / DAY) * DAY + DAY, cutoff);
      sqlite
        .transaction(() => {
          summary.countedInto += into.run({ from, to }).changes;
          summary.countedRows += remove.run({ from, to }).changes;
        })
        .immediate();
    }
  }
  return summary;
}
