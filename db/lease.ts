import crypto from "node:crypto";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "./client";
import { startHeartbeat } from "./heartbeat";

// A lease on a `meta` row: at most one holder at a time among the processes that share the store
// (the indexer lock, the notifier's run, the Typesense collection's build). The holder is known by
// a random token written when it takes the row, never by its process id or host: in a container
// the server is PID 1 in every life, and a recreated container has a new host name. While it holds
// the row, a heartbeat (db/heartbeat.ts) is written into it; a row whose heartbeat has stopped for
// HEARTBEAT.staleAfterMs belongs to a holder that is gone (killed, crashed, frozen) and is taken
// over. A clean stop releases every lease the process holds (releaseAllLeases); a holder that was
// taken over learns it from holds(), and writes nothing more under the lease.

export const HEARTBEAT = { everyMs: 2_000, staleAfterMs: 10_000 };

export type Heartbeat = typeof HEARTBEAT;

/** What the row says of its holder; the process id and host only name it in messages. */
export interface LeaseHolder {
  token: string;
  pid: number;
  host: string;
  /** When it last wrote its heartbeat (ms since the epoch). */
  beatAt: number;
}

export interface Lease {
  readonly key: string;
  /** The holder this lease replaced because its heartbeat had stopped; undefined when the row was free. */
  readonly tookOver: LeaseHolder | undefined;
  /** Whether the row still names this holder (false once released or taken over). */
  holds(): boolean;
  /** Deletes the row if it is still this holder's; never throws (a row left behind turns stale). */
  release(): void;
}

const held = new Set<Lease>();

/** The row's holder, if any (a row that does not parse counts as a holder long gone). */
export function readLease(db: Db, key: string): LeaseHolder | undefined {
  const value = db.$client.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
  if (value === undefined) return undefined;
  try {
    const holder = JSON.parse(value) as Partial<LeaseHolder>;
    if (typeof holder.token === "string" && typeof holder.beatAt === "number")
      return { token: holder.token, pid: Number(holder.pid), host: String(holder.host), beatAt: holder.beatAt };
  } catch {
    // written by an older version (host|pid|nonce|until): taken over like a silent holder
  }
  return { token: "", pid: 0, host: "", beatAt: 0 };
}

/** Whether the holder's heartbeat has been silent for longer than the heartbeat allows. */
export function isStale(holder: LeaseHolder, heartbeat: Heartbeat = HEARTBEAT, now = Date.now()): boolean {
  return now - holder.beatAt > heartbeat.staleAfterMs;
}

/**
 * Takes the row when it is free or its holder's heartbeat has stopped, and keeps it with a
 * heartbeat until release(); null while another holder is alive. One short write transaction.
 */
export function acquireLease(db: Db, key: string, heartbeat: Heartbeat = HEARTBEAT): Lease | null {
  const sqlite = db.$client;
  const token = crypto.randomBytes(12).toString("base64url");
  const write = sqlite.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const row = () => JSON.stringify({ token, pid: process.pid, host: os.hostname(), beatAt: Date.now() } satisfies LeaseHolder);
  const taken = sqlite
    .transaction((): { previous: LeaseHolder | undefined } | null => {
      const previous = readLease(db, key);
      if (previous && !isStale(previous, heartbeat)) return null;
      write.run(key, row());
      return { previous };
    })
    .immediate();
  if (!taken) return null;

  const mine = () => readLease(db, key)?.token === token;
  const stopBeating = startHeartbeat({ sqlite, key, holder: { token, pid: process.pid, host: os.hostname() }, everyMs: heartbeat.everyMs });
  const end = () => {
    stopBeating();
    held.delete(lease);
  };
  const lease: Lease = {
    key,
    tookOver: taken.previous,
    holds: () => sqlite.open && mine(),
    release: () => {
      end();
      if (!sqlite.open) return;
      try {
        sqlite.prepare("DELETE FROM meta WHERE key = ? AND json_valid(value) AND value ->> '$.token' = ?").run(key, token);
      } catch {
        // A store that cannot be written now: the row turns stale by itself.
      }
    },
  };
  held.add(lease);
  return lease;
}

/**
 * Takes the row, waiting while the holder's heartbeat tells whether it lives: a heartbeat that
 * moves (or a new holder) is a live one, returned as `holder`; one that stays silent for
 * staleAfterMs is a gone one, taken over. So a live holder is known within one beat, a dead one
 * within the limit.
 */
export async function takeLease(
  db: Db,
  key: string,
  heartbeat: Heartbeat = HEARTBEAT,
): Promise<{ lease: Lease } | { holder: LeaseHolder }> {
  const seen = readLease(db, key);
  for (;;) {
    const lease = acquireLease(db, key, heartbeat);
    if (lease) return { lease };
    const holder = readLease(db, key);
    if (holder && (holder.token !== seen?.token || holder.beatAt !== seen?.beatAt)) return { holder };
    await sleep(Math.min(250, heartbeat.everyMs / 4));
  }
}

/** Releases every lease this process holds (a clean stop: another process may take them at once). */
export function releaseAllLeases(): void {
  for (const lease of [...held]) lease.release();
}
