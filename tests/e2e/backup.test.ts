import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/accounts/password.server";
import { runIndexer, startIndexer } from "../support/cli";
import { startServer, type TestServer } from "../support/server";
import { useServer } from "./support/suite";

// Backups (docs/operations.md#backups): `indexer backup` takes a consistent copy of the live store
// while the site serves, while a 200,000-line import writes and while accounts and agents are
// written; `indexer restore` refuses a store a server uses, and puts the copy in place in a new
// folder, where a server started on it shows the same accounts, agents and trip count.

const suite = useServer({ demoTrips: 300 });

const PASSWORD = "sikkerhedskopi-2027";
const OWNERS = ["ejer-1@example.dk", "ejer-2@example.dk"];
let tmp: string;
let hash: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-backup-"));
  hash = await hashPassword(PASSWORD);
  const db = new Database(suite.server.dbFile);
  try {
    for (const [k, email] of OWNERS.entries()) {
      const userId = db.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?) RETURNING id").pluck().get(email, hash);
      for (const [n, query] of ["destinations=val-thorens", "destinations=frankrig&adults=3"].entries())
        db.prepare("INSERT INTO search_agents (user_id, name, query, frequency) VALUES (?, ?, ?, 'weekly')").run(
          userId,
          `Agent ${k}-${n}`,
          query,
        );
    }
  } finally {
    db.close();
  }
});
afterAll(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

/** The facts `backup` and `restore` print. */
function facts(stdout: string) {
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1].replace(/\./g, ""));
  return {
    generation: number(/generation: (\d+)/),
    accounts: number(/indhold: ([\d.]+) kont/),
    agents: number(/([\d.]+) søgeagent/),
    trips: number(/([\d.]+) rejser? til salg/),
  };
}

async function logIn(server: TestServer, email: string): Promise<string | undefined> {
  const res = await fetch(`${server.url}/konto/log-ind`, {
    method: "POST",
    headers: { origin: server.url },
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: "manual",
  });
  return res.status === 302
    ? res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ")
    : undefined;
}

async function agentsOf(server: TestServer, email: string): Promise<string[] | undefined> {
  const cookie = await logIn(server, email);
  if (!cookie) return undefined;
  const data = (await (await fetch(`${server.url}/konto/mine-data`, { headers: { cookie } })).json()) as {
    søgeagenter: Array<{ navn: string }>;
  };
  return data.søgeagenter.map((a) => a.navn);
}

/** Upcoming trips for sale as the site counts them: the destination picker's countries, every party size. */
async function tripsServed(server: TestServer): Promise<number> {
  const tree = (await (await fetch(`${server.url}/api/destinations`)).json()) as { countries: Array<{ count: number }> };
  return tree.countries.reduce((sum, c) => sum + c.count, 0);
}

describe("indexer backup and restore", () => {
  it("copies the store consistently during a 200,000-line import and writes, and a server on the restored copy shows the same accounts, agents and trips", async () => {
    const feed = path.join(tmp, "stor.ndjson");
    const demo = await runIndexer(["demo", "--trips", "200000", "--seed", "7", "--out", feed], {}, 120_000);
    expect(demo.code).toBe(0);
    const tripsBefore = await tripsServed(suite.server);
    expect(tripsBefore).toBeGreaterThan(0);

    const started = Date.now();
    const importing = startIndexer(["import", feed, "--allow-retire"], { DATABASE_URL: suite.server.dbFile }, 400_000);
    await expect.poll(() => importing.output().stderr, { timeout: 200_000, interval: 100 }).toMatch(/Skriver [\d.]+ ændrede tilbud/);

    // Writes beside the import: an account and its agent in one transaction each, as the site writes them.
    const writer = new Database(suite.server.dbFile);
    writer.pragma("busy_timeout = 10000");
    const addPair = writer.transaction((n: number) => {
      const userId = writer
        .prepare("INSERT INTO users (email, password_hash) VALUES (?, ?) RETURNING id")
        .pluck()
        .get(`skribent-${n}@example.dk`, hash);
      writer
        .prepare("INSERT INTO search_agents (user_id, name, query) VALUES (?, ?, 'destinations=val-thorens')")
        .run(userId, `Skribent ${n}`);
    });
    let written = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        addPair(++written);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const writingAt = Date.now();
    const copy = path.join(tmp, "kopi.db");
    const backup = await runIndexer(["backup", copy], { DATABASE_URL: suite.server.dbFile }, 300_000);
    writing = false;
    await writes;
    writer.close();
    // Still writing: the copy was taken in the middle of the import's write phase.
    expect(importing.output().stdout).not.toMatch(/Importeret på/);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/integritetstjek: ok/);
    expect(backup.stdout).toMatch(/størrelse: [\d.,]+ MB/);
    const copied = facts(backup.stdout);

    // One moment of the store: every account written beside it has its agent, and writes went on during the copy.
    const inCopy = new Database(copy, { readonly: true });
    const pairs = inCopy.prepare("SELECT count(*) FROM users WHERE email LIKE 'skribent-%'").pluck().get() as number;
    const orphans = inCopy
      .prepare(
        "SELECT count(*) FROM users u WHERE email LIKE 'skribent-%' AND NOT EXISTS (SELECT 1 FROM search_agents a WHERE a.user_id = u.id)",
      )
      .pluck()
      .get();
    const leases = inCopy.prepare("SELECT count(*) FROM meta WHERE key LIKE 'store_user:%' OR key = 'indexer_lock'").pluck().get();
    inCopy.close();
    expect(orphans).toBe(0);
    expect(leases).toBe(0);
    expect(pairs).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(pairs);
    expect(copied.accounts).toBe(OWNERS.length + pairs);
    expect(copied.agents).toBe(2 * OWNERS.length + pairs);
    console.log(
      `backup during the import's write phase (` +
        `${Math.round((writingAt - started) / 1000)} s to its write phase, the backup command ${Math.round((Date.now() - writingAt) / 1000)} s): ` +
        `${pairs} of ${written} written accounts in the copy, ${copied.trips} trips`,
    );

    // The import is stopped (a stopped import changes nothing: docs/feed.md), which keeps the test short.
    importing.child.kill("SIGTERM");
    expect((await importing.done).code).toBe(143);
    expect(await tripsServed(suite.server)).toBe(tripsBefore);

    // Restore refuses the store a server uses, says how to stop it, and changes nothing.
    const refused = await runIndexer(["restore", copy], { DATABASE_URL: suite.server.dbFile });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/er i brug, så intet er gendannet/);
    expect(refused.stderr).toMatch(/en webserver \(proces \d+/);
    expect(refused.stderr).toMatch(/docker compose stop site/);
    expect(await tripsServed(suite.server)).toBe(tripsBefore);

    // Into a new folder; a server started there shows what the copy holds.
    const folder = path.join(tmp, "ny");
    fs.mkdirSync(folder);
    const store = path.join(folder, "pistepris.db");
    const restored = await runIndexer(["restore", copy], { DATABASE_URL: store });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(facts(restored.stdout)).toMatchObject({ accounts: copied.accounts, agents: copied.agents, trips: copied.trips });
    expect(facts(restored.stdout).generation).toBe(copied.generation + 1);

    const server = await startServer({ dbFile: store });
    try {
      const served = await tripsServed(server);
      expect(served).toBe(tripsBefore);
      const db = new Database(store, { readonly: true });
      const upcomingInCopy = db
        .prepare("SELECT count(*) FROM trips WHERE available = 1 AND departure_date >= date('now')")
        .pluck()
        .get() as number;
      const counts = db.prepare("SELECT (SELECT count(*) FROM users) AS accounts, (SELECT count(*) FROM search_agents) AS agents").get();
      db.close();
      expect(served).toBe(upcomingInCopy);
      expect(counts).toEqual({ accounts: copied.accounts, agents: copied.agents });
      for (const [k, email] of OWNERS.entries()) expect(await agentsOf(server, email)).toEqual([`Agent ${k}-0`, `Agent ${k}-1`]);
      expect(await agentsOf(server, `skribent-${pairs}@example.dk`)).toEqual([`Skribent ${pairs}`]);
      expect(await logIn(server, `skribent-${pairs + 1}@example.dk`)).toBeUndefined();
    } finally {
      await server.stop();
    }
  }, 600_000);
});
