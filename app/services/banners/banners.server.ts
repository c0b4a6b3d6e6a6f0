import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bannerEvents, banners } from "../../../db/schema";

// Paid banners: the active ones for the result list, and their view and click events.

export interface Banner {
  id: number;
  provider: string;
  url: string;
  image: string;
  position: number;
}

function prepareActiveBanners(db: Db) {
  return db
    .select({ id: banners.id, provider: banners.provider, url: banners.url, image: banners.image, position: banners.position })
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.position), asc(banners.id))
    .prepare();
}

// Prepared once per connection: building and compiling the query cost more than running it, on
// every results page render.
const activeBannersQuery = new WeakMap<Db, ReturnType<typeof prepareActiveBanners>>();

export function activeBanners(db: Db): Banner[] {
  let query = activeBannersQuery.get(db);
  if (!query) activeBannersQuery.set(db, (query = prepareActiveBanners(db)));
  return query.all();
}

export function findActiveBanner(db: Db, id: number): Banner | undefined {
  return db
    .select({ id: banners.id, provider: banners.provider, url: banners.url, image: banners.image, position: banners.position })
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.active, true)))
    .get();
}

export function recordBannerEvent(db: Db, bannerId: number, kind: "view" | "click", affiliateId: string | undefined): void {
  db.insert(bannerEvents)
    .values({ bannerId, kind, affiliateId: affiliateId ?? null, at: new Date() })
    .run();
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
      views: sql<number>`coalesce(sum(case when ${bannerEvents.kind} = 'view' then 1 else 0 end), 0)`,
      clicks: sql<number>`coalesce(sum(case when ${bannerEvents.kind} = 'click' then 1 else 0 end), 0)`,
    })
    .from(banners)
    .leftJoin(bannerEvents, eq(bannerEvents.bannerId, banners.id))
    .groupBy(banners.id)
    .orderBy(asc(banners.position), asc(banners.id))
    .all();
  return rows.map((r) => ({ ...r, clickRate: r.views > 0 ? r.clicks / r.views : 0 }));
}
