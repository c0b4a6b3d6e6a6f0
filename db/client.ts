import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The committed migrations (drizzle's folder, with meta/_journal.json). */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * SQLite's page cache per connection, in MB: large for the indexer, so an import keeps the offers'
 * indexes in memory (the default is 2 MB); small for the web server, whose reads are lookups (its
 * search index holds the trips itself) and whose resident memory it would otherwise fill.
 */
export const PAGE_CACHE_MB = { indexer: 256, server: 16 } as const;

/** A command that only works on an existing store was pointed at a path with none (exit status 2). */
export class StoreMissingError extends Error {}

/**
 * Opens and migrates the database, creating it unless `create` is false (the CLI's commands other
 * than `import`: a mistyped DATABASE_URL must not leave an empty store behind). WAL lets the server
 * read while the CLI imports.
 */
export function openDb(file: string, pageCacheMb: number = PAGE_CACHE_MB.indexer, { create = true } = {}): Db {
  if (!create && file !== ":memory:" && !fs.existsSync(file)) {
    throw new StoreMissingError(`Databasen ${file} findes ikke (DATABASE_URL); kun import opretter en ny.`);
  }
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  sqlite.pragma(`cache_size = -${pageCacheMb * 1024}`);
  sqlite.pragma("temp_store = MEMORY");
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

/** A read-only connection to a migrated database, for a long read beside the app's own connection. */
export function openReader(file: string): Database.Database {
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  reader.pragma("busy_timeout = 10000");
  return reader;
}
