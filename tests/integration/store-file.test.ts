import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import type { ActionFunctionArgs, ServerBuild } from "@remix-run/node";
import { StoreFile, storeFailureKind } from "../../db/store-file";
import { guardStoreWrites } from "../../server/store-writes";
import { countIfPossible } from "~/services/counting/count-if-possible.server";
import { texts } from "~/domain/texts";
import { runIndexer } from "../support/cli";
import { tempDb } from "../support/db";
import { trip } from "../support/feed";
import { until } from "../support/until";

// Whether the store can take writes (db/store-file.ts), on real SQLite files: a full store (its
// page limit reached, as a full disk fails a write), a file replaced or a WAL deleted under an open
// connection; a click's count dropped, not thrown, and logged once; and the CLI's commands other
// than import refusing a store that does not exist instead of creating it.

afterEach(() => vi.restoreAllMocks());

describe("the store file", () => {
  it("takes writes while it is the file at its path with its WAL", () => {
    const { db } = tempDb();
    const store = new StoreFile(db.$client);
    expect(store.problem()).toBeUndefined();
    expect(store.probe()).toBeUndefined();
  });

  it("knows a full store from the failed write, drops a click's count with one log line, and takes writes again once there is room", async () => {
    const { db } = tempDb();
    const store = new StoreFile(db.$client);
    const sqlite = db.$client;
    // No page beyond those the store has: the next write that needs one fails with SQLITE_FULL.
    sqlite.pragma(`max_page_count = ${sqlite.pragma("page_count", { simple: true }) as number}`);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const count = () => sqlite.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run(`click-${Math.random()}`, "x".repeat(20_000));
    for (let n = 0; n < 3; n++) expect(() => countIfPossible(store, count)).not.toThrow();
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([
      `Klik tælles ikke: Databasen ${sqlite.name} kan ikke skrives: disken er fuld.`,
    ]);
    expect(store.problem()).toMatchObject({ kind: "full" });

    sqlite.pragma("max_page_count = 1073741823");
    // Believed for a second, then a write is tried again.
    await until("the store to take writes again", () => store.problem() === undefined, 10_000);
    countIfPossible(store, count);
    expect(sqlite.prepare("SELECT count(*) FROM meta WHERE key LIKE 'click-%'").pluck().get()).toBe(1);
  });

  it("knows the file at its path is another one (moved aside, a copy put back), and a deleted WAL", () => {
    const { db, file, dir } = tempDb();
    const store = new StoreFile(db.$client);
    fs.renameSync(file, path.join(dir, "aside.db"));
    expect(store.problem()).toMatchObject({ kind: "replaced" });
    fs.copyFileSync(path.join(dir, "aside.db"), file);
    expect(store.probe()).toMatchObject({ kind: "replaced", message: expect.stringMatching(/er slettet eller skiftet ud/) });

    const other = tempDb();
    const otherStore = new StoreFile(other.db.$client);
    fs.rmSync(`${other.file}-wal`);
    expect(otherStore.problem()).toMatchObject({ kind: "missing-wal" });
    expect(other.db.$client.prepare("SELECT count(*) FROM meta WHERE key = 'store_probe'").pluck().get()).toBe(0);
    expect(otherStore.probe()?.kind).toBe("missing-wal");
    expect(other.db.$client.prepare("SELECT count(*) FROM meta WHERE key = 'store_probe'").pluck().get()).toBe(0);
  });

  it("answers a write that waited too long for another writer's lock with the Danish 503 and drops a click's count, without refusing the next write", async () => {
    const { db, file } = tempDb();
    const sqlite = db.$client;
    const store = new StoreFile(sqlite);
    // Another process's long write (an import's, a backup's) holds the lock past the busy timeout, shortened here.
    sqlite.pragma("busy_timeout = 20");
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    const write = () => sqlite.prepare("INSERT INTO meta (key, value) VALUES (?, 'x')").run(`write-${Math.random()}`);
    const build = {
      routes: { "routes/form": { id: "routes/form", path: "form", module: { action: () => (write(), null) } } },
    } as unknown as ServerBuild;
    const action = (guardStoreWrites(build, store) as ServerBuild).routes["routes/form"].module.action!;
    const args = { request: new Request("http://x/form", { method: "POST" }), params: {}, context: {} } as unknown as ActionFunctionArgs;

    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    // Two writes in turn wait too long: each is refused, and logged once while the store stays busy.
    for (let n = 0; n < 2; n++) {
      const refused = await Promise.resolve(action(args)).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(503);
      expect(await (refused as Response).text()).toBe(texts.errors.storeUnavailable);
    }
    for (let n = 0; n < 3; n++) expect(() => countIfPossible(store, write)).not.toThrow();
    const busy = `Databasen ${file} var optaget af en anden skrivning for længe; skrivningen er afvist og kan prøves igen.`;
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([`Skrivninger afvises (503): ${busy}`, `Klik tælles ikke: ${busy}`]);

    // Not remembered: once the other writer is done, the very next write goes through.
    other.exec("COMMIT");
    other.close();
    expect(store.problem()).toBeUndefined();
    expect(await action(args)).toBeNull();
    countIfPossible(store, write);
    expect(sqlite.prepare("SELECT count(*) FROM meta WHERE key LIKE 'write-%'").pluck().get()).toBe(2);
  });

  it("tells SQLite's store failures from any other error", () => {
    expect(storeFailureKind({ code: "SQLITE_READONLY" })).toBe("read-only");
    expect(storeFailureKind({ code: "SQLITE_READONLY_DIRECTORY" })).toBe("read-only");
    expect(storeFailureKind({ code: "SQLITE_FULL" })).toBe("full");
    expect(storeFailureKind({ code: "SQLITE_IOERR_WRITE" })).toBe("io");
    expect(storeFailureKind({ code: "SQLITE_CONSTRAINT_UNIQUE" })).toBeUndefined();
    expect(storeFailureKind(new Error("kaput"))).toBeUndefined();
  });
});

describe("the CLI on a store that does not exist", () => {
  it("refuses every command but import instead of creating an empty store", async () => {
    const { dir } = tempDb();
    const missing = path.join(dir, "skrevet-forkert.db");
    for (const args of [["stats"], ["banners", "list"], ["catalogue", "show", "resort", "val-thorens"]]) {
      const ran = await runIndexer(args, { DATABASE_URL: missing });
      expect(ran.code, args.join(" ")).toBe(2);
      expect(ran.stderr).toBe(`Fejl: Databasen ${missing} findes ikke (DATABASE_URL); kun import opretter en ny.\n`);
      expect(fs.existsSync(missing)).toBe(false);
    }
    const feed = path.join(dir, "feed.ndjson");
    fs.writeFileSync(feed, JSON.stringify(trip()) + "\n");
    expect((await runIndexer(["import", feed], { DATABASE_URL: missing })).code).toBe(0);
    expect(fs.existsSync(missing)).toBe(true);
  }, 180_000);
});
