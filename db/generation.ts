import { eq, sql } from "drizzle-orm";
import type { Database } from "better-sqlite3";
import type { Db } from "./client";
import { meta } from "./schema";

const KEY = "generation";

/** The store's data generation: bumped by every import, watched by the running server. */
export function readGeneration(db: Db): number {
  const row = db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY)).get();
  return row ? Number(row.value) : 0;
}

/** The same, on a plain connection (e.g. a reader of its own, inside its read transaction). */
export function generationIn(sqlite: Database): number {
  const value = sqlite.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(KEY) as string | undefined;
  return value === undefined ? 0 : Number(value);
}

export function bumpGeneration(db: Db): number {
  const next = readGeneration(db) + 1;
  db.insert(meta)
    .values({ key: KEY, value: String(next) })
    .onConflictDoUpdate({ target: meta.key, set: { value: sql`excluded.value` } })
    .run();
  return next;
}
