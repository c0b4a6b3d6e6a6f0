import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Opens (creating if needed) and migrates the database. WAL lets the server read while the CLI imports. */
export function openDb(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  // A large page cache keeps the trips indexes in memory during big imports (default is 2 MB).
  sqlite.pragma("cache_size = -262144");
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
