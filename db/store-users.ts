import crypto from "node:crypto";
import type { Db } from "./client";
import { acquireLease, HEARTBEAT, isStale, readLease, type Heartbeat, type LeaseHolder } from "./lease";

// Who uses the store now: every web server and every indexer command keeps a lease row of its own
// in `meta` (db/lease.ts) while it has the store open, named `store_user:<kind>:<random>`, with the
// heartbeat that tells a live holder from a killed one. `indexer restore` refuses while any holder
// is alive (docs/operations.md); a clean stop or the command's end deletes the row at once, a
// killed process's row turns stale after HEARTBEAT.staleAfterMs and is swept by the next user.

export type StoreUserKind = "server" | "indexer";

const PREFIX = "store_user:";

/** The meta rows that are leases (db/lease.ts): they belong to the processes of the store they were taken in. */
export const LEASE_ROWS_SQL = "json_valid(value) AND value ->> '$.token' IS NOT NULL AND value ->> '$.beatAt' IS NOT NULL";

export interface StoreUser extends LeaseHolder {
  kind: StoreUserKind | "lease";
  /** The meta key, e.g. `store_user:indexer:import:…` or `indexer_lock`. */
  key: string;
  /** The indexer command, when the user is one. */
  command?: string;
}

/**
 * Registers this process as a user of the store until it releases its leases (a clean stop, the
 * end of a command). Never throws: a store that cannot be written now is used without the row.
 */
export function registerStoreUser(db: Db, kind: StoreUserKind, command = "", heartbeat: Heartbeat = HEARTBEAT): void {
  try {
    sweepStaleUsers(db, heartbeat);
    acquireLease(db, `${PREFIX}${kind}:${command ? `${command}:` : ""}${crypto.randomBytes(6).toString("hex")}`, heartbeat);
  } catch {
    // A read-only or full store: the process reports that itself; it cannot be restored over meanwhile anyway.
  }
}

/** Every holder of a lease in the store whose heartbeat is alive: servers, indexer commands, and the locks they hold. */
export function liveStoreUsers(db: Db, heartbeat: Heartbeat = HEARTBEAT, now = Date.now()): StoreUser[] {
  const keys = db.$client.prepare(`SELECT key FROM meta WHERE ${LEASE_ROWS_SQL}`).pluck().all() as string[];
  const users: StoreUser[] = [];
  for (const key of keys) {
    const holder = readLease(db, key);
    if (!holder || isStale(holder, heartbeat, now)) continue;
    const [, kind, command] = key.startsWith(PREFIX) ? key.split(":") : [];
    users.push({
      ...holder,
      key,
      kind: kind === "server" || kind === "indexer" ? kind : "lease",
      ...(kind === "indexer" && command && command.length < 20 ? { command } : {}),
    });
  }
  return users;
}

/** Deletes the rows of users whose heartbeat stopped (killed processes), so meta does not collect them. */
function sweepStaleUsers(db: Db, heartbeat: Heartbeat): void {
  const keys = db.$client.prepare("SELECT key FROM meta WHERE key LIKE ?").pluck().all(`${PREFIX}%`) as string[];
  const remove = db.$client.prepare("DELETE FROM meta WHERE key = ?");
  for (const key of keys) {
    const holder = readLease(db, key);
    if (holder && isStale(holder, heartbeat)) remove.run(key);
  }
}
