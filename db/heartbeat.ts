import type { Database } from "better-sqlite3";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// The heartbeat of a lease (db/lease.ts): its row's `beatAt` rewritten every few seconds for as
// long as the holder holds it. On a database file the beats come from a thread of their own, so
// they stop only when the process dies or is frozen, never because its main thread is busy: an
// import's plan, or a busy machine, can hold the main thread for many seconds, and beats from it
// would then let another command take over a live holder's lease. The thread opens the file for
// each beat and closes it again, so it never keeps a connection to a file that was replaced under
// the process. An in-memory database (the tests') beats from the main thread.

export interface Beat {
  /** The holder's connection: its file's path for the thread, or the connection itself when it is in memory. */
  sqlite: Database;
  key: string;
  /** What the row says besides the time of the beat. */
  holder: { token: string; pid: number; host: string };
  everyMs: number;
}

const UPDATE = "UPDATE meta SET value = ? WHERE key = ? AND json_valid(value) AND value ->> '$.token' = ?";

/** The thread's code: CommonJS, evaluated, so it needs no file of its own next to a bundle. */
const THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.sqlite);
const timers = new Map();
parentPort.on("message", (m) => {
  if (m.type === "stop") {
    clearInterval(timers.get(m.token));
    timers.delete(m.token);
    return;
  }
  const beat = () => {
    let db;
    try {
      db = new Database(m.file, { fileMustExist: true });
      db.pragma("busy_timeout = 1000");
      const row = JSON.stringify({ ...m.holder, beatAt: Date.now() });
      // No row of ours any more (taken over after a silence): stop.
      if (db.prepare(${JSON.stringify(UPDATE)}).run(row, m.key, m.holder.token).changes === 0) {
        clearInterval(timers.get(m.token));
        timers.delete(m.token);
      }
    } catch {
      // A busy or failing store: the next beat tries again, and the row turns stale if none gets through.
    } finally {
      db?.close();
    }
  };
  timers.set(m.token, setInterval(beat, m.everyMs));
});
`;

let thread: Worker | undefined;

function beatingThread(): Worker {
  if (!thread) {
    thread = new Worker(THREAD, { eval: true, workerData: { sqlite: createRequire(import.meta.url).resolve("better-sqlite3") } });
    // It never keeps the process alive, and a failure of its own only ends the beats (the lease then turns stale).
    thread.unref();
    thread.on("error", () => (thread = undefined));
  }
  return thread;
}

/** Starts the beats; the returned function stops them. */
export function startHeartbeat(beat: Beat): () => void {
  const { sqlite, key, holder, everyMs } = beat;
  const { token } = holder;
  if (sqlite.memory) {
    const update = sqlite.prepare(UPDATE);
    const timer = setInterval(() => {
      try {
        if (!sqlite.open || update.run(JSON.stringify({ ...holder, beatAt: Date.now() }), key, token).changes === 0) clearInterval(timer);
      } catch {
        // as in the thread
      }
    }, everyMs).unref();
    return () => clearInterval(timer);
  }
  const worker = beatingThread();
  worker.postMessage({ type: "start", file: sqlite.name, key, token, holder, everyMs });
  // The holder's connection closed without a release (a process ending its work): its lease ends too.
  const watch = setInterval(() => {
    if (!sqlite.open) stop();
  }, everyMs).unref();
  const stop = () => {
    clearInterval(watch);
    worker.postMessage({ type: "stop", token });
  };
  return stop;
}
