import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../db/client";
import { HEARTBEAT, readLease } from "../../db/lease";
import { OFFERS_LOCK } from "../../cli/apply/lock";
import { FakeTypesense } from "../support/fake-typesense";
import { PID_NAMESPACE } from "../support/pid-namespace";
import { launchServer, type LaunchedServer } from "../support/server";
import { until } from "../support/until";

// Restarts after a crash and after a clean stop, as a container's process manager does them: the
// server is PID 1 of a PID namespace of its own where this machine can make one (every restart is
// PID 1 again), else a plain process. A start killed with SIGKILL during its first demo load, or
// while it builds the Typesense collection, leaves its lock or lease behind: the next start takes
// it over once its heartbeat has been silent (HEARTBEAT.staleAfterMs) and serves, no restart loop.
// One stopped with SIGTERM releases them at once, and the next start needs no takeover.

const wrapper = PID_NAMESPACE ?? [];
const as = PID_NAMESPACE ? "as PID 1 of its PID namespace" : "(no PID namespaces here)";

const launched: LaunchedServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of launched) await server.kill();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-restart-"));
  dirs.push(dir);
  return dir;
}

function launch(opts: Parameters<typeof launchServer>[0]): LaunchedServer {
  const server = launchServer({ wrapper, ...opts });
  launched.push(server);
  return server;
}

/** The store, once the server has created and migrated it (it starts its demo load), on a connection of the test's own. */
async function storeOf(server: LaunchedServer): Promise<Db> {
  await until("the demo load", () => server.output().includes("Tom database: indlæser"));
  return openDb(server.dbFile);
}

const count = (db: Db) => db.$client.prepare("SELECT count(*) FROM trips").pluck().get() as number;

describe("the first start's demo load", () => {
  it(`killed with SIGKILL ${as}: the next start takes the lock over, says so in one line, loads the demo and serves`, async () => {
    const dir = freshDir();
    const first = launch({ dir, demoTrips: 8_000 });
    const db = await storeOf(first);
    const holder = await until("the demo load's lock", () => readLease(db, OFFERS_LOCK));
    expect(holder.pid).toBe(PID_NAMESPACE ? 1 : first.pid());
    await first.kill();
    const killedAt = Date.now();
    expect(count(db)).toBe(0);

    const second = launch({ dir, demoTrips: 2_000 });
    const url = await second.ready;
    expect(second.output()).toMatch(
      new RegExp(
        `^Indexer-låsen var efterladt af .*proces ${holder.pid} på ${os.hostname()}.*, som ikke har givet livstegn i \\d+ s; den er overtaget`,
        "m",
      ),
    );
    expect(second.output()).toContain("Demo-data indlæst: 2000 rejser");
    expect(Date.now() - killedAt).toBeLessThan(HEARTBEAT.staleAfterMs + 90_000);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(count(db)).toBe(2_000);
    second.signal("SIGTERM");
    expect((await second.exited).code).toBe(0);
    db.$client.close();
  });

  it(`stopped with SIGTERM ${as}: exits 0 and releases the lock, and the next start needs no takeover`, async () => {
    const dir = freshDir();
    const first = launch({ dir, demoTrips: 8_000 });
    const db = await storeOf(first);
    await until("the demo load's lock", () => readLease(db, OFFERS_LOCK));
    first.signal("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(readLease(db, OFFERS_LOCK)).toBeUndefined();
    expect(count(db)).toBe(0);

    const second = launch({ dir, demoTrips: 400 });
    await second.ready;
    expect(second.output()).not.toContain("efterladt");
    expect(count(db)).toBe(400);
    db.$client.close();
  });
});

describe("the Typesense build lease", () => {
  let fake: FakeTypesense;
  beforeAll(async () => {
    fake = await new FakeTypesense("restart-key").start();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const LEASE = "typesense_build:trips";
  const typesense = () => ({
    SEARCH_ENGINE: "typesense",
    TYPESENSE_URL: fake.url,
    TYPESENSE_API_KEY: fake.apiKey,
    // The build's import hangs (below) for as long as the test needs; no client timeout cuts it short.
    TYPESENSE_IMPORT_TIMEOUT_MS: "600000",
  });

  it(`is released by a start stopped with SIGTERM, and taken over from one killed with SIGKILL ${as} within the heartbeat's limit`, async () => {
    const dir = freshDir();
    fake.inject({ path: /\/documents\/import$/, kind: "hang", times: 1_000 });

    // Stopped while it builds: exits 0, the lease released at once.
    const stopped = launch({ dir, demoTrips: 400, env: typesense() });
    const db = await storeOf(stopped);
    await until("the build lease", () => readLease(db, LEASE));
    stopped.signal("SIGTERM");
    expect(await stopped.exited).toEqual({ code: 0, signal: null });
    expect(readLease(db, LEASE)).toBeUndefined();

    // Killed while it builds: the lease stays, naming the dead holder.
    const killed = launch({ dir, env: typesense() });
    const holder = await until("the build lease", () => readLease(db, LEASE));
    await killed.kill();
    const killedAt = Date.now();
    expect(readLease(db, LEASE)).toMatchObject({ token: holder.token });

    // Typesense answers again; the next start takes the lease over once the heartbeat has been silent, builds, and serves.
    fake.clearFaults();
    const next = launch({ dir, env: typesense() });
    const url = await next.ready;
    expect(Date.now() - killedAt).toBeLessThan(HEARTBEAT.staleAfterMs + 30_000);
    expect(next.output()).toMatch(
      new RegExp(
        `^Typesense: opbygningen af trips var efterladt af proces ${holder.pid} på ${os.hostname()}, som ikke har givet livstegn i \\d+ s; den er overtaget\\.$`,
        "m",
      ),
    );
    expect(fake.aliases.get("trips")).toMatch(/^trips_v2_g\d+$/);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    next.signal("SIGTERM");
    expect((await next.exited).code).toBe(0);
    expect(readLease(db, LEASE)).toBeUndefined();
    db.$client.close();
  });
});
