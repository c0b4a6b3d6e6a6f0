import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { bannerEvents, banners } from "../db/schema";

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

export function activeBanners(db: Db = getDb()): Banner[] {
  let query = activeBannersQuery.get(db);
  if (!query) activeBannersQuery.set(db, (query = prepareActiveBanners(db)));
  return query.all();
}

export function findActiveBanner(id: number, db: Db = getDb()): Banner | undefined {
  return db
    .select({ id: banners.id, provider: banners.provider, url: banners.url, image: banners.image, position: banners.position })
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.active, true)))
    .get();
}

export function recordBannerEvent(bannerId: number, kind: "view" | "click", affiliateId: string | undefined, db: Db = getDb()): void {
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

export function bannerStats(db: Db = getDb()): BannerStats[] {
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

/** Demo banners for a fresh store (positions 3 and 8 in the list, 12 and one beyond any page: at the end). */
export const DEMO_BANNERS = [
  { provider: "Alpeforsikring", url: "https://example.com/alpeforsikring", image: "/banners/alpeforsikring.svg", position: 3 },
  { provider: "Skiudlejning.dk", url: "https://example.com/skiudlejning", image: "/banners/skiudlejning.svg", position: 8 },
  { provider: "Snowboardskolen", url: "https://example.com/snowboardskolen", image: "/banners/snowboardskolen.svg", position: 14 },
  { provider: "Vinterudstyr", url: "https://example.com/vinterudstyr", image: "/banners/vinterudstyr.svg", position: 99 },
] as const;

export function seedBannersIfEmpty(db: Db): number {
  const n =
    db
      .select({ n: sql<number>`count(*)` })
      .from(banners)
      .get()?.n ?? 0;
  if (n > 0) return 0;
  db.insert(banners)
    .values(DEMO_BANNERS.map((b) => ({ ...b, active: true })))
    .run();
  return DEMO_BANNERS.length;
}
