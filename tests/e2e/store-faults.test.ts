import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, openReader } from "../../db/client";
import { texts } from "~/domain/texts";
import { runIndexer } from "../support/cli";
import { launchServer, startServer, type LaunchedServer } from "../support/server";

// A store that cannot take writes, on the built server: read-only (the file's mode; as root the
// server runs as `nobody`, whom the mode binds), and replaced or without its WAL under the running
// server. Pages that only read answer, a click-out still redirects (its count dropped and logged
// once), what must write answers the Danish 503 and writes nothing, /readyz says why, and the start
// on a read-only store is one line, no stack trace. The CLI says it in Danish.

const NOBODY = { uid: 65534, gid: 65534 };
const asRoot = process.getuid?.() === 0;

const launched: LaunchedServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of launched) await server.kill();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A seeded store (the server's own first start, stopped cleanly: no WAL), copied for each test. */
let template: string;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-faults-"));
  dirs.push(dir);
  template = path.join(dir, "template.db");
  const seeding = await startServer({ dbFile: template, demoTrips: 300 });
  await seeding.stop();
});

async function seededStore(): Promise<{ dir: string; dbFile: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-faults-"));
  dirs.push(dir);
  const dbFile = path.join(dir, "store.db");
  fs.copyFileSync(template, dbFile);
  return { dir, dbFile };
}

/** Makes the store's file read-only for the server: its mode, and as root a user the mode binds. */
function readOnly(dir: string, dbFile: string): { user?: typeof NOBODY } {
  if (asRoot) for (const name of [dir, ...fs.readdirSync(dir).map((f) => path.join(dir, f))]) fs.chownSync(name, NOBODY.uid, NOBODY.gid);
  fs.chmodSync(dbFile, 0o444);
  return asRoot ? { user: NOBODY } : {};
}

function launch(opts: Parameters<typeof launchServer>[0]): LaunchedServer {
  const server = launchServer({ demoTrips: 300, ...opts });
  launched.push(server);
  return server;
}

const post = (url: string, pathname: string, body: string, type = "application/x-www-form-urlencoded") =>
  fetch(`${url}${pathname}`, { method: "POST", body, headers: { Origin: url, "Content-Type": type }, redirect: "manual" });

/** What a store holds of the click-outs and sign-ups, read from outside the server. */
function rows(dbFile: string) {
  const reader = openReader(dbFile);
  try {
    const count = (table: string) => reader.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    return {
      tripId: reader.prepare("SELECT id FROM trips WHERE available = 1 LIMIT 1").pluck().get() as string,
      bannerId: reader.prepare("SELECT id FROM banners WHERE active = 1 LIMIT 1").pluck().get() as number,
      clicks: count("offer_clicks") + count("banner_events"),
      signUps: count("pending_sign_ups"),
    };
  } finally {
    reader.close();
  }
}

/** The start's lines about a store it cannot write: one, and no stack trace anywhere. */
const readOnlyLines = (server: LaunchedServer) =>
  server
    .output()
    .split("\n")
    .filter((l) => l.includes("kan ikke skrives"));

const noStack = (server: LaunchedServer) => expect(server.stderr()).not.toMatch(/\n\s+at /);

describe("a read-only store", () => {
  it("starts with one line, serves its pages, redirects click-outs without counting them, answers writes with the Danish 503, and /readyz says why", async () => {
    const { dir, dbFile } = await seededStore();
    const before = rows(dbFile);
    const server = launch({ dir, dbFile, ...readOnly(dir, dbFile) });
    const url = await server.ready;
    expect(readOnlyLines(server)).toEqual([
      expect.stringMatching(
        /^Databasen .*store\.db kan ikke skrives \(skrivebeskyttet fil eller filsystem\): serveren kører uden at kunne gemme noget/,
      ),
    ]);

    for (const page of ["/", "/skirejser", "/konto/log-ind"]) expect((await fetch(`${url}${page}`)).status, page).toBe(200);

    for (let n = 0; n < 2; n++) {
      const out = await fetch(`${url}/ud/${encodeURIComponent(before.tripId)}`, { redirect: "manual" });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toMatch(/^https?:\/\//);
      const banner = await fetch(`${url}/banner/${before.bannerId}`, { redirect: "manual" });
      expect(banner.status).toBe(302);
    }
    expect(server.stderr().match(/Klik tælles ikke: /g)).toHaveLength(1);

    for (const [pathname, body] of [
      ["/konto/log-ind", "email=a%40example.dk&password=hemmeligt1"],
      ["/konto/opret", "email=ny%40example.dk"],
      ["/gemte-rejser", `intent=save&tripId=${encodeURIComponent(before.tripId)}`],
    ]) {
      const refused = await post(url, pathname, body);
      expect(refused.status, pathname).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(await refused.text()).toContain(texts.errors.storeUnavailable);
    }
    const event = await post(url, "/api/banner-events", JSON.stringify({ bannerId: before.bannerId, kind: "view" }), "application/json");
    expect(event.status).toBe(503);
    expect(await event.json()).toEqual({ error: texts.errors.storeUnavailable });

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.store).toMatch(/kan ikke skrives \(skrivebeskyttet fil eller filsystem\)$/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    server.signal("SIGTERM");
    expect((await server.exited).code).toBe(0);
    noStack(server);
    expect(rows(dbFile)).toEqual(before);
  });

  it("starts on a store that has no banners, landing boxes or session secret yet, without writing, in one line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-faults-"));
    dirs.push(dir);
    const dbFile = path.join(dir, "empty.db");
    openDb(dbFile).$client.close();
    const server = launch({ dir, dbFile, ...readOnly(dir, dbFile) });
    const url = await server.ready;
    expect(server.output()).not.toContain("demo");
    expect(readOnlyLines(server)).toEqual([expect.stringMatching(/^Databasen .*empty\.db kan ikke skrives \(skrivebeskyttet/)]);
    const landing = await fetch(`${url}/`);
    expect(landing.status).toBe(200);
    // No landing boxes: no heading over an empty list.
    expect(await landing.text()).not.toContain("Inspiration til din skiferie");
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    server.signal("SIGTERM");
    expect((await server.exited).code).toBe(0);
    noStack(server);
  });

  it("is named in Danish by the CLI", async () => {
    const { dir, dbFile } = await seededStore();
    const { user } = readOnly(dir, dbFile);
    const feed = path.join(dir, "feed.ndjson");
    expect((await runIndexer(["demo", "--trips", "20", "--out", feed], {})).code).toBe(0);
    if (user) fs.chownSync(feed, user.uid, user.gid);
    for (const args of [
      ["import", feed],
      ["banners", "deactivate", "1"],
    ]) {
      const ran = await runIndexer(args, { DATABASE_URL: dbFile }, 120_000, user);
      expect(ran.code, args.join(" ")).toBe(2);
      expect(ran.stderr).toContain(`Fejl: Databasen ${dbFile} kan ikke skrives (skrivebeskyttet fil eller filsystem)`);
      expect(ran.stderr).not.toMatch(/readonly|\n\s+at /);
    }
  });
});

describe("the store's file replaced under the running server", () => {
  it("refuses writes with the Danish 503 and /readyz 503 once the file at DATABASE_URL is another (a botched restore), and writes nothing anywhere", async () => {
    const { dir, dbFile } = await seededStore();
    const server = launch({ dir, dbFile });
    const url = await server.ready;
    const { tripId } = rows(dbFile);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // The restore: the store moved aside, a copy put in its place.
    fs.renameSync(dbFile, path.join(dir, "aside.db"));
    fs.copyFileSync(path.join(dir, "aside.db"), dbFile);

    const email = "efter-udskiftning@example.dk";
    const refused = await post(url, "/konto/opret", `email=${encodeURIComponent(email)}`);
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(texts.errors.storeUnavailable);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.store).toMatch(/^Databasefilen .*store\.db er slettet eller skiftet ud, mens serveren kørte/);
    // Reading goes on, and a click-out still sends the visitor on.
    expect((await fetch(`${url}/skirejser`)).status).toBe(200);
    expect((await fetch(`${url}/ud/${encodeURIComponent(tripId)}`, { redirect: "manual" })).status).toBe(302);
    expect(server.stderr()).toMatch(/^Skrivninger afvises \(503\): Databasefilen .* er slettet eller skiftet ud/m);

    server.signal("SIGTERM");
    expect((await server.exited).code).toBe(0);
    noStack(server);
    // Nothing of the refused sign-up in any file: the old store, its WAL, the new copy.
    for (const file of fs.readdirSync(dir)) {
      if (fs.statSync(path.join(dir, file)).isFile()) expect(fs.readFileSync(path.join(dir, file)).includes(email), file).toBe(false);
    }
  });

  it("refuses writes once the WAL is deleted, instead of corrupting the store", async () => {
    const { dir, dbFile } = await seededStore();
    const server = launch({ dir, dbFile });
    const url = await server.ready;
    fs.rmSync(`${dbFile}-wal`);
    const refused = await post(url, "/konto/opret", "email=uden-wal%40example.dk");
    expect(refused.status).toBe(503);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.store).toMatch(/^WAL-filen .*store\.db-wal er slettet, mens serveren kørte/);
    server.signal("SIGTERM");
    expect((await server.exited).code).toBe(0);
    noStack(server);
    const reader = openReader(dbFile);
    expect(reader.pragma("integrity_check", { simple: true })).toBe("ok");
    reader.close();
  });
});
