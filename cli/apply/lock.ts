import type { Database } from "better-sqlite3";
import os from "node:os";
import type { Db } from "../../db/client";
import { takeLease, type Heartbeat, type Lease, type LeaseHolder } from "../../db/lease";

// One writer of offers at a time (import, retire, catalogue set, the server's first demo load): the
// lease `indexer_lock` in the store's meta table (db/lease.ts), known by its holder's token and
// heartbeat, never by a process id. A command that finds it held watches the heartbeat: one that
// moves is a live command (StoreBusyError); one that stays silent for HEARTBEAT.staleAfterMs is a
// killed one, whose lock is taken over with one line saying so (what it wrote is cleared by the
// change that takes over: apply/sides.ts). Every write transaction of a change checks that the lock
// is still its own (assertOffersLock), so a holder that froze and was taken over writes nothing more.

export const OFFERS_LOCK = "indexer_lock";

/** Another indexer command is writing offers to the same database (exit status 2). */
export class StoreBusyError extends Error {}

const locks = new WeakMap<Database, Lease>();

export interface LockOptions {
  heartbeat?: Heartbeat;
  /** Where the line about a lock taken over goes (standard error by default). */
  log?: (line: string) => void;
}

/** Takes the lock, waiting while its holder's heartbeat tells whether it lives; call the returned function to release it. */
export async function lockOffers(db: Db, opts: LockOptions = {}): Promise<() => void> {
  const taken = await takeLease(db, OFFERS_LOCK, opts.heartbeat);
  if ("holder" in taken) {
    const { pid, host } = taken.holder;
    throw new StoreBusyError(`En anden indexer-kommando (proces ${pid} på ${host}) skriver til databasen; prøv igen, når den er færdig.`);
  }
  const { lease } = taken;
  if (lease.tookOver) (opts.log ?? console.error)(takenOverLine(lease.tookOver));
  locks.set(db.$client, lease);
  return () => {
    locks.delete(db.$client);
    lease.release();
  };
}

/** Throws when the change's lock was taken over (its heartbeat stopped while the process was frozen). */
export function assertOffersLock(sqlite: Database): void {
  const lease = locks.get(sqlite);
  if (lease && !lease.holds()) {
    throw new StoreBusyError("Indexer-låsen blev overtaget af en anden kommando, mens denne stod stille; intet er ændret.");
  }
}

function takenOverLine(holder: LeaseHolder): string {
  const silent = Math.round((Date.now() - holder.beatAt) / 1000);
  const who =
    holder.pid === process.pid && holder.host === os.hostname()
      ? `en tidligere kørsel med samme proces-id som denne (proces ${holder.pid} på ${holder.host})`
      : `proces ${holder.pid} på ${holder.host}`;
  return `Indexer-låsen var efterladt af ${who}, som ikke har givet livstegn i ${silent} s; den er overtaget, og det, den nåede at skrive, ryddes op.`;
}
