import type { Db } from "../../../db/client";
import { THROTTLE_ROWS_HOURS, UNUSED_LINK_DAYS } from "~/domain/constants";
import { IMPORT_GRACE } from "~/services/agents/notify.server";

// Retention, as the privacy page promises (/privatliv): what the store keeps about people is
// deleted, or summed up, once it is no longer needed. Run by `indexer maintenance` and after every
// `notify` (so after every import too), each step one short transaction:
// - sign-ups never confirmed and e-mailed links never used: deleted UNUSED_LINK_DAYS after they were made;
// - sessions past their expiry: deleted;
// - the throttles' rows (an e-mail, an address): deleted THROTTLE_ROWS_HOURS after the attempt;
// - the e-mail log (which trips and price drops each search agent e-mailed, when): rows older than
//   the retention period are deleted, except those of an agent's latest e-mail and the hours before
//   it that the next `notify` still looks at (IMPORT_GRACE): they are what keeps a trip from being
//   mailed twice;
// - counted views and clicks older than the retention period: each hour's rows of one item, kind
//   and affiliate become one row that counts as many (`counted`), without the visitor hashes.

export interface RetentionSummary {
  signUps: number;
  links: number;
  sessions: number;
  throttleRows: number;
  mailLog: number;
  /** Counted view and click rows summed up, and the rows they became. */
  countedRows: number;
  countedInto: number;
}

const HOUR = 3_600_000;

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
    throttleRows: step("DELETE FROM login_attempts WHERE at < ?", now - THROTTLE_ROWS_HOURS * HOUR),
    mailLog: 0,
    countedRows: 0,
    countedInto: 0,
  };
  for (const table of ["agent_notifications", "agent_price_drops"])
    summary.mailLog += step(
      `DELETE FROM ${table} WHERE status = 'sent' AND sent_at < ?
          AND sent_at < (SELECT coalesce(a.last_notified_at, 0) FROM search_agents a WHERE a.id = ${table}.agent_id) - ?`,
      cutoff,
      IMPORT_GRACE,
    );

  const sumUp = (table: string, key: string) =>
    sqlite
      .transaction(() => {
        const old = `FROM ${table} WHERE at < ? AND (visitor IS NOT NULL OR address IS NOT NULL)`;
        const into = sqlite
          .prepare(
            `INSERT INTO ${table} (${key}, at, visitor, address, counted)
             SELECT ${key}, (at / ${HOUR}) * ${HOUR}, NULL, NULL, sum(counted) ${old} GROUP BY ${key}, at / ${HOUR}`,
          )
          .run(cutoff).changes;
        const rows = sqlite.prepare(`DELETE ${old}`).run(cutoff).changes;
        summary.countedRows += rows;
        summary.countedInto += into;
      })
      .immediate();
  sumUp("offer_clicks", "trip_id, company_slug, affiliate_id");
  sumUp("banner_events", "banner_id, kind, affiliate_id");
  return summary;
}
