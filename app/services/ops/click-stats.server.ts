import { and, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bannerEvents, banners, offerClicks, travelCompanies } from "../../../db/schema";
import type { Period } from "~/domain/click-period";
import { clickTable, type ClickTable, type ClickTableName, type HourCount } from "~/domain/click-stats";
import { danishDayStart, fromDay, toDay } from "~/domain/dates";
import { texts } from "~/domain/texts";

// The click-outs and banner events of a period (a row summed up after the retention period counts as
// many as it stands for), counted per hour in SQL and summed into Danish
// days per travel company, affiliate and banner (app/domain/click-stats.ts).

const t = texts.ops.clicks;
const NO_AFFILIATE = "";

function bounds(period: Period): [Date, Date] {
  return [new Date(danishDayStart(period.from)), new Date(danishDayStart(fromDay(toDay(period.to) + 1)))];
}

function offerClickCounts(db: Db, period: Period, by: "company" | "affiliate"): HourCount[] {
  const [start, end] = bounds(period);
  const key = by === "company" ? offerClicks.companySlug : sql<string>`coalesce(${offerClicks.affiliateId}, ${NO_AFFILIATE})`;
  const hour = sql<number>`${offerClicks.at} / 3600000`;
  return db
    .select({ key: sql<string>`${key}`, hour, views: sql<number>`0`, clicks: sql<number>`sum(${offerClicks.counted})` })
    .from(offerClicks)
    .where(and(gte(offerClicks.at, start), lt(offerClicks.at, end)))
    .groupBy(sql`1`, sql`2`)
    .all();
}

function bannerCounts(db: Db, period: Period, by: "banner" | "affiliate"): HourCount[] {
  const [start, end] = bounds(period);
  const key =
    by === "banner"
      ? sql<string>`cast(${bannerEvents.bannerId} as text)`
      : sql<string>`coalesce(${bannerEvents.affiliateId}, ${NO_AFFILIATE})`;
  return db
    .select({
      key,
      hour: sql<number>`${bannerEvents.at} / 3600000`,
      views: sql<number>`sum(case when ${bannerEvents.kind} = 'view' then ${bannerEvents.counted} else 0 end)`,
      clicks: sql<number>`sum(case when ${bannerEvents.kind} = 'click' then ${bannerEvents.counted} else 0 end)`,
    })
    .from(bannerEvents)
    .where(and(gte(bannerEvents.at, start), lt(bannerEvents.at, end)))
    .groupBy(sql`1`, sql`2`)
    .all();
}

/** One of the three tables of the period. */
export function clickStats(db: Db, name: ClickTableName, period: Period): ClickTable {
  if (name === "selskaber") {
    const names = new Map(
      db
        .select({ slug: travelCompanies.slug, name: travelCompanies.name })
        .from(travelCompanies)
        .all()
        .map((c) => [c.slug, c.name]),
    );
    return clickTable(name, period, offerClickCounts(db, period, "company"), (slug) => names.get(slug) ?? slug, false);
  }
  if (name === "partnere") {
    // An affiliate's click-outs and its banner clicks; views are the banners' alone, so no rate.
    const counts = [
      ...offerClickCounts(db, period, "affiliate"),
      ...bannerCounts(db, period, "affiliate").map((c) => ({ ...c, views: 0 })),
    ];
    return clickTable(name, period, counts, (id) => (id === NO_AFFILIATE ? t.noAffiliate : id), false);
  }
  const providers = new Map(
    db
      .select({ id: banners.id, provider: banners.provider })
      .from(banners)
      .all()
      .map((b) => [String(b.id), b.provider]),
  );
  return clickTable(name, period, bannerCounts(db, period, "banner"), (id) => t.banner(id, providers.get(id)), true);
}
