import { and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bannerEvents, banners } from "../../../db/schema";
import { todayInDenmark } from "~/domain/dates";
import { countsOnce, type Visitor } from "~/services/visitors/visitors.server";

// Paid banners: the active ones for the result list, and their view and click events.

export interface Banner {
  id: number;
  provider: string;
  url: string;
  image: string;
  position: number;
}

/** Active, and `today` (YYYY-MM-DD) within its optional first and last day. */
const shownOn = (today: string | ReturnType<typeof sql.placeholder>) =>
  and(
    eq(banners.active, true),
    or(isNull(banners.startsOn), lte(banners.startsOn, today)),
    or(isNull(banners.endsOn), gte(banners.endsOn, today)),
  );

function prepareActiveBanners(db: Db) {
  return db
    .select({ id: banners.id, provider: banners.provider, url: banners.url, image: banners.image, position: banners.position })
    .from(banners)
    .where(shownOn(sql.placeholder("today")))
    .orderBy(asc(banners.position), asc(banners.id))
    .prepare();
}

// Prepared once per connection: building and compiling the query cost more than running it, on
// every results page render.
const activeBannersQuery = new WeakMap<Db, ReturnType<typeof prepareActiveBanners>>();

/** The banners shown on `today` (Danish time), in slot order. */
export function activeBanners(db: Db, today = todayInDenmark()): Banner[] {
  let query = activeBannersQuery.get(db);
  if (!query) activeBannersQuery.set(db, (query = prepareActiveBanners(db)));
  return query.all({ today });
}

export function findActiveBanner(db: Db, id: number, today = todayInDenmark()): Banner | undefined {
  return db
    .select({ id: banners.id, provider: banners.provider, url: banners.url, image: banners.image, position: banners.position })
    .from(banners)
    .where(and(eq(banners.id, id), shownOn(today)))
    .get();
}

export interface BannerEvent {
  bannerId: number;
  kind: "view" | "click";
  affiliateId: string | undefined;
}

/**
 * Records a banner view or click unless it is a repeat: the visitor's of the same banner and kind
 * within `windowMs` (or one more visitor from an address at its limit) is not stored at all, so
 * every report counts each visitor once per window. Returns whether it counted.
 */
export function recordBannerEvent(db: Db, event: BannerEvent, who: Visitor, windowMs: number, at = new Date()): boolean {
  const { bannerId, kind } = event;
  const sameItem = sql`${bannerEvents.bannerId} = ${bannerId} and ${bannerEvents.kind} = ${kind}`;
  const since = new Date(at.getTime() - windowMs);
  const result = db.run(
    sql`insert into ${bannerEvents} (banner_id, kind, affiliate_id, at, visitor, address)
        select ${bannerId}, ${kind}, ${event.affiliateId ?? null}, ${at.getTime()}, ${who.visitor}, ${who.address}
        where ${countsOnce(bannerEvents, sameItem, who, since)}`,
  );
  return result.changes > 0;
}

export interface BannerStats {
  id: number;
  provider: string;
  position: number;
  active: boolean;
  views: number;
  clicks: number;
  /** clicks / views, 0 without views. */
  clickRate: number;
}

export function bannerStats(db: Db): BannerStats[] {
  const rows = db
    .select({
      id: banners.id,
      provider: banners.provider,
      position: banners.position,
      active: banners.active,
      views: sql<number>`coalesce(sum(case when ${bannerEvents.kind} = 'view' then ${bannerEvents.counted} else 0 end), 0)`,
      clicks: sql<number>`coalesce(sum(case when ${bannerEvents.kind} = 'click' then ${bannerEvents.counted} else 0 end), 0)`,
    })
    .from(banners)
    .leftJoin(bannerEvents, eq(bannerEvents.bannerId, banners.id))
    .groupBy(banners.id)
    .orderBy(asc(banners.position), asc(banners.id))
    .all();
  return rows.map((r) => ({ ...r, clickRate: r.views > 0 ? r.clicks / r.views : 0 }));
}
