import type { Db } from "../db/client";
import { releaseAllLeases } from "../db/lease";
import type { Drain } from "./drain";

// A clean stop on SIGTERM (a process manager, `docker stop`) or SIGINT (Ctrl-C). server.ts imports
// this module before anything else, so the handlers are in place from the first line of the start:
// as PID 1 in a container Node ignores SIGTERM without one, and a stop during the start (the first
// demo load, a Typesense build) must release the indexer lock and the build lease. The stop:
// /readyz answers 503, the server stops accepting connections and lets the requests in flight
// finish (STOP_GRACE_SECONDS), the engine stops following the store (a build under way is
// abandoned), every lease is released, the store is checkpointed and closed, and the process exits
// 0. Whatever the start has made so far is in `running`; a repeated signal changes nothing (npm
// passes Ctrl-C on as a second SIGINT), the grace period bounds the wait.

export interface Running {
  drain?: Drain;
  /** Stops the engine's watcher; a build under way is abandoned (its lease is released below). */
  engine?: { stop(): void };
  db?: Db;
  /**
   * Whether the store is still the file at its path. When it is not, the connection is left as it
   * is: closing it would make SQLite checkpoint and delete `<path>-wal` by name, the new file's.
   */
  storeIntact?: () => boolean;
  vite?: { close(): Promise<unknown> };
  graceMs: number;
  /** The server's log once its configuration is read (docs/operations.md#logs): the stop's line goes there, JSON in production. */
  log?: { info(message: string): void };
}

export const running: Running = { graceMs: 10_000 };

let stopping = false;
let markStopping = () => {};
/** Resolves when a stop begins (requests held until the start is done are then refused). */
export const stopBegun = new Promise<void>((resolve) => (markStopping = resolve));

export function isStopping(): boolean {
  return stopping;
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    markStopping();
    const line = `${signal}: serveren stopper …`;
    if (running.log) running.log.info(line);
    else console.log(line);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Serveren kunne ikke stoppe rent:", error);
        process.exit(1);
      },
    );
  });
}

async function stop(): Promise<void> {
  const { drain, engine, db, graceMs } = running;
  if (drain) {
    const finished = await drain.drain(graceMs);
    if (!finished) console.error(`Forespørgsler, der ikke var færdige efter ${graceMs / 1000} s (STOP_GRACE_SECONDS), blev afbrudt.`);
  }
  engine?.stop();
  releaseAllLeases();
  if (db?.$client.open && (running.storeIntact?.() ?? true)) {
    try {
      // PASSIVE: never waits for another process's readers (a stop has a deadline); the last
      // connection to close checkpoints the rest and removes the WAL.
      db.$client.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // A read-only or failing store: closing is all there is to do.
    }
    db.$client.close();
  }
  await running.vite?.close();
}
