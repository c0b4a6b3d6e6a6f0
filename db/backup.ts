import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { MIGRATIONS, type Db } from "./client";
import { generationIn } from "./generation";
import { LEASE_ROWS_SQL, liveStoreUsers, type StoreUser } from "./store-users";

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

/**
 * The temporary file a copy is made in beside `target`: one fixed name, removed (with its journal)
 * before a copy starts, so a backup or restore killed midway leaves at most one, taken up by the next.
 */
function temporaryFor(target: string): string {
  const temporary = `${target}.tmp`;
  removeTemporary(temporary);
  return temporary;
}

function removeTemporary(temporary: string): void {
  for (const leftover of [temporary, `${temporary}-journal`, `${temporary}-wal`, `${temporary}-shm`]) fs.rmSync(leftover, { force: true });
}

/**
 * Makes a copy a store of its own: a single self-contained file (journal_mode DELETE, no -wal
 * beside it), without the leases of the processes of the store it came from (they belong to them,
 * never to a copy), with `edit`'s changes, and on the disk (fsync) before it is renamed into place.
 */
function sealCopy(file: string, edit: (copy: Database.Database) => void): void {
  const copy = new Database(file);
  try {
    copy.pragma("journal_mode = DELETE");
    copy.prepare(`DELETE FROM meta WHERE ${LEASE_ROWS_SQL}`).run();
    edit(copy);
  } finally {
    copy.close();
  }
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

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
  const temporary = temporaryFor(target);
  try {
    await source.backup(temporary, {
      // The first step only starts the copy; the next copies every page at once (see above).
      progress: () => 0x7fffffff,
    });
    sealCopy(temporary, (copy) => copy.prepare("DELETE FROM meta WHERE key = 'store_probe'").run());
    const facts = checkStoreCopy(temporary);
    fs.renameSync(temporary, target);
    return facts;
  } catch (error) {
    removeTemporary(temporary);
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
  const journal = path.join(MIGRATIONS, "meta/_journal.json");
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
  /** Why the replaced store could not be read (a damaged file), when it could not: restored over all the same. */
  unreadable?: string;
}

/** What the current store says before it is replaced: who uses it, and its generation. */
interface CurrentStore {
  users: StoreUser[];
  generation: number;
}

/**
 * Reads the current store as it is: a plain connection, no migrations and no change of its journal
 * mode (a store from another version, or a damaged one, is read, never changed). Its WAL is written
 * into it when it can be, so the file moved aside is the whole store. Throws when it cannot be read.
 */
function readCurrentStore(store: string): CurrentStore {
  const current = new Database(store, { fileMustExist: true });
  try {
    current.pragma("busy_timeout = 10000");
    const users = liveStoreUsers(drizzle(current) as unknown as Db);
    const generation = generationIn(current);
    if (!users.length) {
      try {
        current.pragma("wal_checkpoint(TRUNCATE)");
      } catch {
        // The -wal is moved aside with the file, so nothing is lost when it stays.
      }
    }
    return { users, generation };
  } finally {
    current.close();
  }
}

/**
 * Puts the backup `file` in place of the store at `store`. It checks the backup and copies it
 * beside the store first (the long part); then refuses while a server or an indexer command uses the
 * store (their leases, db/store-users.ts); then makes the copy a store of its own (a generation above
 * both the store's and the backup's, so no search engine takes an index it built from other data for
 * this one; no leases); then keeps the current store as `<store>.foer-gendannelse-<time>` (a second
 * name for the same file, and its -wal/-shm moved beside it) and renames the copy over the store, one
 * atomic step: a restore killed at any point leaves a store at the path, the old or the new one. A
 * current store that cannot be read (a damaged file) is restored over all the same, with a generation
 * from the clock, and `unreadable` says why. The next start of the server picks the new store up
 * (and migrates it if it is from an older version).
 */
export function restoreStore(store: string, file: string, now = new Date()): Restored {
  const facts = checkStoreCopy(file);
  if (appliedMigrations(file) > knownMigrations()) {
    throw new BackupError(`${file} er fra en nyere version af Pistepris (flere migreringer end denne kender); gendan den med den version`);
  }
  const target = path.resolve(store);
  const temporary = temporaryFor(target);
  try {
    fs.copyFileSync(file, temporary);
    let generation = facts.generation;
    let unreadable: string | undefined;
    const exists = fs.existsSync(target);
    if (exists) {
      let current: CurrentStore | undefined;
      try {
        current = readCurrentStore(target);
      } catch (error) {
        // A generation no earlier import of this store can have reached: its search index is built anew.
        generation = Math.max(generation, Math.floor(now.getTime() / 1000));
        unreadable = `den nuværende database kunne ikke læses (${error instanceof Error ? error.message : String(error)}), så ingen kunne ses bruge den; den er gendannet over alligevel og gemt ved siden af`;
      }
      if (current?.users.length) throw new StoreInUseError(current.users);
      if (current) generation = Math.max(generation, current.generation);
    }
    sealCopy(temporary, (copy) => {
      copy
        .prepare("INSERT INTO meta (key, value) VALUES ('generation', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(String(generation + 1));
    });
    const aside = exists ? `${target}.foer-gendannelse-${now.toISOString().slice(0, 19).replace(/:/g, "-")}` : undefined;
    if (aside) keepAside(target, aside, () => fs.renameSync(temporary, target));
    else fs.renameSync(temporary, target);
    return { ...facts, generation: generation + 1, aside, unreadable };
  } catch (error) {
    removeTemporary(temporary);
    throw error;
  }
}

/**
 * Gives the store at `store` the second name `aside` (a hard link, or a copy where the file system
 * has none) and moves its -wal and -shm beside it, then runs `replace`; when that fails, puts
 * everything back as it was. The store's path has a file at every moment.
 */
function keepAside(store: string, aside: string, replace: () => void): void {
  try {
    fs.linkSync(store, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw error;
    fs.copyFileSync(store, aside, fs.constants.COPYFILE_EXCL);
  }
  const moved: string[] = [];
  try {
    for (const suffix of ["-wal", "-shm"]) {
      if (!fs.existsSync(store + suffix)) continue;
      fs.renameSync(store + suffix, aside + suffix);
      moved.push(suffix);
    }
    replace();
  } catch (error) {
    for (const suffix of moved) fs.renameSync(aside + suffix, store + suffix);
    fs.rmSync(aside, { force: true });
    throw error;
  }
}
