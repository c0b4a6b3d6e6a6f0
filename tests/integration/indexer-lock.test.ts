import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../db/client";
import { HEARTBEAT, readLease } from "../../db/lease";
import { readGeneration } from "../../db/generation";
import { lockOffers, OFFERS_LOCK, StoreBusyError } from "../../cli/apply/lock";
import { inSlices } from "../../cli/apply/sides";
import { defaultSeason, generateDemoFeed } from "../../cli/demo/generate";
import { todayInDenmark } from "~/domain/dates";
import { runIndexer, startIndexer, type RunningIndexer } from "../support/cli";
import { trip } from "../support/feed";
import { PID_NAMESPACE } from "../support/pid-namespace";
import { until } from "../support/until";

// The indexer lock with real processes: a live command stops a second one; a command killed with
// SIGKILL (as PID 1 of its own PID namespace where this machine can make one, as in a container
// where every restart is PID 1 again) leaves a lock the next command takes over once its heartbeat
// has been silent for HEARTBEAT.staleAfterMs, saying so in one line; a command stopped with
// SIGTERM releases it at once.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BASE = Array.from({ length: 5 }, (_, k) => trip({ id: `base-${k}` }));
const baseFeed = path.join(dir, "base.ndjson");
fs.writeFileSync(baseFeed, BASE.map((line) => JSON.stringify(line) + "\n").join(""));

/** A store with the base feed imported, and a connection of the test's own to watch it. */
async function storeWithBase(name: string): Promise<{ file: string; db: Db; env: Record<string, string> }> {
  const file = path.join(dir, `${name}.db`);
  const env = { DATABASE_URL: file };
  expect((await runIndexer(["import", baseFeed], env)).code).toBe(0);
  return { file, db: openDb(file), env };
}

/** An `import -` that takes the lock and then waits for the rest of its feed on standard input. */
async function holdingImport(db: Db, env: Record<string, string>, wrapper: string[] = []): Promise<RunningIndexer> {
  const held = startIndexer(["import", "-"], env, 120_000, true, wrapper);
  held.child.stdin!.write(fs.readFileSync(baseFeed));
  await until("the lock", () => readLease(db, OFFERS_LOCK));
  return held;
}

/** The process id of the node process itself (under `unshare --fork`, the child of the unshare process). */
function nodePid(running: RunningIndexer, wrapper: string[]): number {
  if (!wrapper.length) return running.child.pid!;
  const pid = running.child.pid!;
  return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0]);
}

/** Each of these runs a few CLI processes, seconds each on a busy machine, and may wait out a heartbeat's limit. */
const PROCESSES_MS = 180_000;

const trips = (db: Db) => db.$client.prepare("SELECT id FROM trips ORDER BY id").pluck().all();

describe("the indexer lock between processes", () => {
  it(
    "stops a second command while the first one lives, naming it",
    async () => {
      const { db, env } = await storeWithBase("live");
      const first = await holdingImport(db, env);
      const second = await runIndexer(["import", baseFeed], env);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(
        `Fejl: En anden indexer-kommando (proces ${first.child.pid} på ${os.hostname()}) skriver til databasen`,
      );
      first.child.stdin!.end();
      expect((await first.done).code).toBe(0);
      expect(readLease(db, OFFERS_LOCK)).toBeUndefined();
    },
    PROCESSES_MS,
  );

  it(
    `is taken over from a command killed with SIGKILL midway, ${PID_NAMESPACE ? "as PID 1 of its PID namespace" : "(no PID namespaces here)"}, within the heartbeat's limit`,
    async () => {
      const { db, env } = await storeWithBase("killed");
      const generation = readGeneration(db);
      const feed = path.join(dir, "big.ndjson");
      fs.writeFileSync(
        feed,
        Array.from(
          generateDemoFeed({ trips: 15_000, seed: 1, season: defaultSeason(todayInDenmark()) }),
          (line) => JSON.stringify(line) + "\n",
        ).join(""),
      );
      const wrapper = PID_NAMESPACE ?? [];
      const killed = startIndexer(["import", feed], env, 120_000, false, wrapper);
      // Killed while it writes the new offers (the lock held, the spare side half written).
      await until("the import writing", () => /10\.000 af [\d.]+ tilbud skrevet/.test(killed.output().stderr));
      const holder = readLease(db, OFFERS_LOCK)!;
      expect(holder.pid).toBe(PID_NAMESPACE ? 1 : killed.child.pid);
      killed.kill();
      await killed.done;
      const diedAt = Date.now();

      const next = PID_NAMESPACE
        ? await (async () => {
            // The restarted container: PID 1 again.
            const again = startIndexer(["import", baseFeed], env, 120_000, false, PID_NAMESPACE);
            return again.done;
          })()
        : await runIndexer(["import", baseFeed], env);
      expect(next.stderr).toMatch(
        new RegExp(
          `^Indexer-låsen var efterladt af .*proces ${holder.pid} på ${os.hostname()}.*, som ikke har givet livstegn i \\d+ s; den er overtaget`,
          "m",
        ),
      );
      expect(next.code).toBe(0);
      expect(Date.now() - diedAt).toBeLessThan(HEARTBEAT.staleAfterMs + 30_000);
      // Nothing of the killed import is live: the base feed is all there is, unchanged.
      expect(next.stdout).toMatch(/uændret:\s+5/);
      expect(readGeneration(db)).toBe(generation);
      expect(trips(db)).toEqual(BASE.map((t) => t.id).sort());
      expect(readLease(db, OFFERS_LOCK)).toBeUndefined();
    },
    PROCESSES_MS,
  );

  it(
    "is released at once by a command stopped with SIGTERM",
    async () => {
      const { db, env } = await storeWithBase("stopped");
      const wrapper = PID_NAMESPACE ?? [];
      const stopped = await holdingImport(db, env, wrapper);
      process.kill(nodePid(stopped, wrapper), "SIGTERM");
      const ended = await stopped.done;
      expect(ended.code).toBe(143);
      expect(readLease(db, OFFERS_LOCK)).toBeUndefined();
      const next = await runIndexer(["import", baseFeed], env);
      expect(next.code).toBe(0);
      expect(next.stderr).not.toContain("efterladt");
    },
    PROCESSES_MS,
  );
});

describe("the indexer lock in one process", () => {
  it("says in one line that a stale lock names this very process id (a restarted PID 1), and takes it", async () => {
    const db = openDb(path.join(dir, "own.db"));
    db.$client
      .prepare("INSERT INTO meta (key, value) VALUES (?, ?)")
      .run(OFFERS_LOCK, JSON.stringify({ token: "earlier-life", pid: process.pid, host: os.hostname(), beatAt: Date.now() - 12_000 }));
    const lines: string[] = [];
    const release = await lockOffers(db, { log: (line) => lines.push(line) });
    expect(lines).toEqual([
      `Indexer-låsen var efterladt af en tidligere kørsel med samme proces-id som denne (proces ${process.pid} på ${os.hostname()}), som ikke har givet livstegn i 12 s; den er overtaget, og det, den nåede at skrive, ryddes op.`,
    ]);
    release();
    expect(readLease(db, OFFERS_LOCK)).toBeUndefined();
  });

  it("lets a holder that was taken over (it stood still) write nothing more", async () => {
    const db = openDb(path.join(dir, "frozen.db"));
    const release = await lockOffers(db);
    db.$client
      .prepare("UPDATE meta SET value = ? WHERE key = ?")
      .run(JSON.stringify({ token: "new", pid: 2, host: "h", beatAt: Date.now() }), OFFERS_LOCK);
    function* writes() {
      db.$client.prepare("INSERT INTO meta (key, value) VALUES ('written-after-takeover', '1')").run();
      yield;
    }
    await expect(inSlices(db.$client, writes())).rejects.toThrow(StoreBusyError);
    expect(db.$client.prepare("SELECT count(*) FROM meta WHERE key = 'written-after-takeover'").pluck().get()).toBe(0);
    release();
    expect(readLease(db, OFFERS_LOCK)?.token).toBe("new");
  });
});
