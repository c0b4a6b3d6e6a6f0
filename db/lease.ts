import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "./client";

// A lease on a `meta` row: at most one holder at a time among the processes that share the store
// (the notifier's run, the Typesense collection's build). The row names its holder and the time
// the lease runs out; a holder that is gone (same host, no such process) or whose lease ran out is
// taken over.

export interface Lease {
  /** Extends the lease; false when it was lost (it ran out and another process took it). */
  renew(): boolean;
  release(): void;
}

export function acquireLease(db: Db, key: string, ttlMs: number): Lease | null {
  const sqlite = db.$client;
  const host = os.hostname().replaceAll("|", "-");
  const mine = `${host}|${process.pid}|${crypto.randomBytes(6).toString("hex")}|`;
  const read = () => sqlite.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
  const write = () =>
    sqlite
      .prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run(key, `${mine}${Date.now() + ttlMs}`);
  const taken = sqlite
    .transaction(() => {
      const held = read();
      if (held) {
        const [holderHost, pid, , until] = held.split("|");
        const alive = holderHost !== host || processAlive(Number(pid));
        if (Number(until) > Date.now() && alive) return false;
      }
      write();
      return true;
    })
    .immediate();
  if (!taken) return null;
  return {
    renew: () =>
      sqlite
        .transaction(() => {
          if (!read()?.startsWith(mine)) return false;
          write();
          return true;
        })
        .immediate(),
    release: () => {
      sqlite.prepare("DELETE FROM meta WHERE key = ? AND substr(value, 1, ?) = ?").run(key, mine.length, mine);
    },
  };
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
