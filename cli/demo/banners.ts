import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { banners } from "../../db/schema";

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
