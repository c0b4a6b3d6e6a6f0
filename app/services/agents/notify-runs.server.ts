import { desc, gte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { notifyRuns } from "../../../db/schema";
import type { NotifierSummary } from "./notify.server";

// Each `notify` run's outcome, for the operators' dashboard.

export function recordNotifyRun(db: Db, at: Date, outcome: NotifierSummary | { error: string }): void {
  const row =
    "error" in outcome
      ? { at, agents: 0, trips: 0, drops: 0, messages: 0, failed: 0, locked: false, error: outcome.error }
      : {
          at,
          agents: outcome.agents,
          trips: outcome.trips,
          drops: outcome.drops,
          messages: outcome.messages,
          failed: outcome.failed,
          locked: outcome.locked,
        };
  db.insert(notifyRuns).values(row).run();
}

export type NotifyRun = typeof notifyRuns.$inferSelect;

export function lastNotifyRun(db: Db): NotifyRun | undefined {
  return db.select().from(notifyRuns).orderBy(desc(notifyRuns.id)).limit(1).get();
}

export function notifyRunsSince(db: Db, since: Date): NotifyRun[] {
  return db.select().from(notifyRuns).where(gte(notifyRuns.at, since)).all();
}
