import { count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { offerClicks, searchAgents, travelCompanies, trips } from "../../../db/schema";
import { readGeneration } from "../../../db/generation";
import { danishDayStart, fromDay, isoWeekday, toDay, todayInDenmark } from "~/domain/dates";
import { lastImportPerCompany } from "~/services/imports/imports.server";
import { agentMailsSentSince } from "./agent-stats.server";

// The dashboard's overview: what the store holds per travel company, the last import of each,
// the index generation, the search agents and the click-outs.

export interface CompanyTrips {
  slug: string;
  name: string;
  live: number;
  retired: number;
  /** When the company's offers were last in an imported feed (ms), and which import. */
  lastImportAt: number | null;
  lastImportId: number | null;
}

export function tripsPerCompany(db: Db): CompanyTrips[] {
  const live = sql<number>`coalesce(sum(${trips.available}), 0)`;
  const last = lastImportPerCompany(db);
  return db
    .select({ slug: travelCompanies.slug, name: travelCompanies.name, live, retired: sql<number>`count(${trips.id}) - ${live}` })
    .from(travelCompanies)
    .leftJoin(trips, eq(trips.companySlug, travelCompanies.slug))
    .groupBy(travelCompanies.slug)
    .orderBy(desc(live), travelCompanies.name)
    .all()
    .map((c) => ({ ...c, lastImportAt: last.get(c.slug)?.at.getTime() ?? null, lastImportId: last.get(c.slug)?.importId ?? null }));
}

export interface Overview {
  companies: CompanyTrips[];
  /** The store's index generation. */
  generation: number;
  activeAgents: number;
  mailsLast7Days: number;
  clicksToday: number;
  clicksThisWeek: number;
}

export function overview(db: Db, now = new Date()): Overview {
  const today = todayInDenmark(now);
  const todayNo = toDay(today);
  const monday = fromDay(todayNo - (isoWeekday(todayNo) - 1));
  const clicksSince = (ms: number) =>
    db
      .select({ n: sql<number>`coalesce(sum(${offerClicks.counted}), 0)` })
      .from(offerClicks)
      .where(gte(offerClicks.at, new Date(ms)))
      .get()?.n ?? 0;
  return {
    companies: tripsPerCompany(db),
    generation: readGeneration(db),
    activeAgents: db.select({ n: count() }).from(searchAgents).where(eq(searchAgents.active, true)).get()?.n ?? 0,
    mailsLast7Days: agentMailsSentSince(db, new Date(now.getTime() - 7 * 24 * 3600 * 1000)).length,
    clicksToday: clicksSince(danishDayStart(today)),
    clicksThisWeek: clicksSince(danishDayStart(monday)),
  };
}
