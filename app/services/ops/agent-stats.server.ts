import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { agentNotifications, agentPriceDrops, searchAgents } from "../../../db/schema";
import { AGENT_FREQUENCIES, type AgentFrequency } from "~/domain/constants";
import { danishDayStart, fromDay, toDay, todayInDenmark } from "~/domain/dates";
import { lastNotifyRun, notifyRunsSince, type NotifyRun } from "~/services/agents/notify-runs.server";

// The search agents for the dashboard: how many per frequency, e-mails sent and failed per day, and the last notify run.

export interface AgentStats {
  perFrequency: Array<{ frequency: AgentFrequency; active: number; paused: number }>;
  /** The last `days` Danish days, oldest first. */
  perDay: Array<{ day: string; sent: number; failed: number }>;
  lastRun: NotifyRun | undefined;
}

export function agentStats(db: Db, days = 14, now = new Date()): AgentStats {
  const counts = db
    .select({ frequency: searchAgents.frequency, active: searchAgents.active, n: count() })
    .from(searchAgents)
    .groupBy(searchAgents.frequency, searchAgents.active)
    .all();
  const perFrequency = AGENT_FREQUENCIES.map((frequency) => ({
    frequency,
    active: counts.find((c) => c.frequency === frequency && c.active)?.n ?? 0,
    paused: counts.find((c) => c.frequency === frequency && !c.active)?.n ?? 0,
  }));
  const todayNo = toDay(todayInDenmark(now));
  const dayList = Array.from({ length: days }, (_, i) => fromDay(todayNo - days + 1 + i));
  const since = new Date(danishDayStart(dayList[0]));
  const perDay = new Map(dayList.map((day) => [day, { day, sent: 0, failed: 0 }]));
  for (const at of agentMailsSentSince(db, since)) {
    const entry = perDay.get(todayInDenmark(at));
    if (entry) entry.sent++;
  }
  for (const run of notifyRunsSince(db, since)) {
    const entry = perDay.get(todayInDenmark(run.at));
    if (entry) entry.failed += run.failed;
  }
  return { perFrequency, perDay: [...perDay.values()], lastRun: lastNotifyRun(db) };
}

/**
 * When each search-agent e-mail since `since` was sent: one per batch (older rows without a batch:
 * per agent and moment), whether it told new trips, price drops or both (a batch's rows in both
 * tables are one e-mail).
 */
export function agentMailsSentSince(db: Db, since: Date): Date[] {
  const rows = [
    ...db
      .selectDistinct({ batch: agentNotifications.batch, agentId: agentNotifications.agentId, at: agentNotifications.sentAt })
      .from(agentNotifications)
      .where(and(eq(agentNotifications.status, "sent"), gte(agentNotifications.sentAt, since)))
      .all(),
    ...db
      .selectDistinct({ batch: agentPriceDrops.batch, agentId: agentPriceDrops.agentId, at: agentPriceDrops.sentAt })
      .from(agentPriceDrops)
      .where(and(eq(agentPriceDrops.status, "sent"), gte(agentPriceDrops.sentAt, since)))
      .all(),
  ];
  const mails = new Map<string, Date>();
  for (const row of rows) mails.set(row.batch ?? `${row.agentId}:${row.at.getTime()}`, row.at);
  return [...mails.values()];
}
