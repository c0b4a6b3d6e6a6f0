import { eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { meta } from "./schema";

// What the operators change on the pages (banners, landing boxes) has a version of its own: the
// server's page cache keys on it, so a change shows on the next anonymous page view.

const KEY = "content_version";

export function readContentVersion(db: Db): number {
  const row = db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY)).get();
  return row ? Number(row.value) : 0;
}

export function bumpContentVersion(db: Db): void {
  db.insert(meta)
    .values({ key: KEY, value: "1" })
    .onConflictDoUpdate({ target: meta.key, set: { value: sql`cast(${meta.value} as integer) + 1` } })
    .run();
}
