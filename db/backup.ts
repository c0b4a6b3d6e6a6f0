import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDb } from "./client";
import { generationIn, readGeneration } from "./generation";
import { liveStoreUsers, type StoreUser } from "./store-users";

// Backups of the store with SQLite's online backup API (docs/operations.md#backups): the copy is
// one consistent snapshot, taken while the site serves and while an import writes. The API starts
// over whenever another connection writes the source between two steps, so under a running
// import a copy in small steps might never finish; the copy is taken in one step instead, which
// in WAL mode is one read transaction: writers go on, and the copy is the store as of its start.

export interface BackupFacts {
  /** Size of the checked copy in bytes. */
  bytes: number;
  /** The store's index generation in the copy. */
  generation: number;
  accounts: number;
  agents: number;
  /** Offers for sale. */
  trips: number;
}

/** A backup file that cannot be used, with the Danish reason. */
export class BackupError extends Error {}

/** The meta rows of leases (db/lease.ts): they belong to the processes of the store they were taken in, never to a copy. */
const LEASE_ROWS = "json_valid(value) AND value ->> '$.token' IS NOT NULL AND value ->> '$.beatAt' IS NOT NULL";

/**
 * Copies the store behind `source` to `file` (which must not exist): first to a temporary file
 * beside it, which is checked (PRAGMA integrity_check), made a single self-contained file
 * (journal_mode DELETE, no -wal beside it) and cleared of the live processes' leases, then renamed
 * into place, so `file` is never a half copy.
 */
export async function backupStore(source: Database.Database, file: string): Promise<BackupFacts> {
  const target = path.resolve(file);
  if (path.resolve(source.name) === target) throw new BackupError(`${file} er selve databasen; vælg en anden fil til sikkerhedskopien`);
  if (fs.existsSync(target))
    throw new BackupError(`${file} findes allerede; vælg et nyt filnavn (fx med datoen), så ingen kopi overskrives`);
  const dir = path.dirname(target);
  if (!fs.existsSync(dir)) throw new BackupError(`mappen ${dir} findes ikke`);
  const temporary = `${target}.tmp-${process.pid}`;
  try {
    await source.backup(temporary, {
      // The first step only starts the copy; the next copies every page at once (see above).
      progress: () => 0x7fffffff,
    });
    const copy = new Database(temporary);
    try {
      copy.pragma("journal_mode = DELETE");
      copy.prepare(`DELETE FROM meta WHERE ${LEASE_ROWS}`).run();
      copy.prepare("DELETE FROM meta WHERE key = 'store_probe'").run();
    } finally {
      copy.close();
    }
    const facts = checkStoreCopy(temporary);
    const fd = fs.openSync(temporary, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, target);
    return facts;
  } catch (error) {
    for (const leftover of [temporary, `${temporary}-journal`, `${temporary}-wal`, `${temporary}-shm`])
      fs.rmSync(leftover, { force: true });
    throw error;
  }
}

/**
 * Opens a store file read-only and checks it: SQLite's integrity_check, and that it is a Pistepris
 * store (its meta table and its migrations). Throws a BackupError with the reason otherwise.
 */
export function checkStoreCopy(file: string): BackupFacts {
  if (!fs.existsSync(file)) throw new BackupError(`${file} findes ikke`);
  let copy: Database.Database;
  try {
    copy = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} kan ikke åbnes: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    let problems: string[];
    try {
      problems = (copy.pragma("integrity_check") as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    } catch (error) {
      throw new BackupError(`${file} er ikke en SQLite-database (${error instanceof Error ? error.message : String(error)})`);
    }
    if (problems.length !== 1 || problems[0] !== "ok") {
      throw new BackupError(`${file} er beskadiget (integrity_check: ${problems.slice(0, 3).join("; ")})`);
    }
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master").pluck().all() as string[]);
    if (!["meta", "users", "search_agents", "trips"].every((name) => tables.has(name))) {
      throw new BackupError(`${file} er ikke en Pistepris-database (tabellerne meta, users, search_agents og trips mangler)`);
    }
    const count = (sql: string) => Number(copy.prepare(sql).pluck().get());
    return {
      bytes: fs.statSync(file).size,
      generation: generationIn(copy),
      accounts: count("SELECT count(*) FROM users"),
      agents: count("SELECT count(*) FROM search_agents"),
      trips: count("SELECT count(*) FROM trips WHERE available = 1"),
    };
  } finally {
    copy.close();
  }
}

/** How many migrations a store file has applied (drizzle's table); 0 when it has none. */
function appliedMigrations(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'").get();
    return has ? Number(db.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get()) : 0;
  } finally {
    db.close();
  }
}

/** How many migrations this version of the code has (db/migrations). */
function knownMigrations(): number {
  const journal = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations/meta/_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** The store is in use: the processes that use it (the restore names them and how to stop them). */
export class StoreInUseError extends Error {
  constructor(readonly users: StoreUser[]) {
    super("Databasen er i brug");
  }
}

export interface Restored extends BackupFacts {
  /** Where the store that was replaced now is, when there was one. */
  aside?: string;
}

/**
 * Puts the backup `file` in place of the store at `store`: refuses while a server or an indexer
 * command uses the store (their leases, db/store-users.ts), checks the backup, prepares a copy of
 * it beside the store (a generation above both the store's and the backup's, so no search engine
 * takes an index it built from other data for this one; no leases), then moves the current store
 * and its -wal/-shm aside as `<store>.foer-gendannelse-<time>` and renames the copy into place. The
 * next start of the server picks it up (and migrates it if it is from an older version).
 */
export function restoreStore(store: string, file: string, now = new Date()): Restored {
  const facts = checkStoreCopy(file);
  if (appliedMigrations(file) > knownMigrations()) {
    throw new BackupError(`${file} er fra en nyere version af Pistepris (flere migreringer end denne kender); gendan den med den version`);
  }
  let generation = facts.generation;
  if (fs.existsSync(store)) {
    const current = openDb(store, 2, { create: false });
    try {
      const users = liveStoreUsers(current);
      if (users.length) throw new StoreInUseError(users);
      generation = Math.max(generation, readGeneration(current));
      current.$client.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      current.$client.close();
    }
  }
  const temporary = `${path.resolve(store)}.tmp-${process.pid}`;
  try {
    fs.copyFileSync(file, temporary);
    const copy = new Database(temporary);
    try {
      copy.pragma("journal_mode = DELETE");
      copy.prepare(`DELETE FROM meta WHERE ${LEASE_ROWS}`).run();
      copy
        .prepare("INSERT INTO meta (key, value) VALUES ('generation', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(String(generation + 1));
    } finally {
      copy.close();
    }
    const fd = fs.openSync(temporary, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    let aside: string | undefined;
    if (fs.existsSync(store)) {
      aside = `${store}.foer-gendannelse-${now.toISOString().slice(0, 19).replace(/:/g, "-")}`;
      fs.renameSync(store, aside);
      for (const suffix of ["-wal", "-shm"]) if (fs.existsSync(store + suffix)) fs.renameSync(store + suffix, aside + suffix);
    }
    fs.renameSync(temporary, store);
    return { ...facts, generation: generation + 1, aside };
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    fs.rmSync(`${temporary}-journal`, { force: true });
    throw error;
  }
}
