import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../db/client";
import { backupStore, restoreStore, StoreInUseError } from "../../db/backup";
import { registerStoreUser } from "../../db/store-users";
import { releaseAllLeases } from "../../db/lease";
import { runIndexer } from "../support/cli";

// `indexer restore` (db/backup.ts, docs/operations.md#backups) on the file system's side: a damaged
// current store is restored over; the store's path has a file at every moment; a refused restore
// changes nothing; a backup or restore killed midway leaves one temporary file, which the next takes up.

let dir: string;
let backup: string;

/** A store with one account, backed up. */
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-restore-"));
  const db = openDb(path.join(dir, "kilde.db"));
  db.$client.prepare("INSERT INTO users (email, password_hash) VALUES ('gendan@example.dk', 'x')").run();
  backup = path.join(dir, "kopi.db");
  // A killed backup's temporary file, left behind: taken up, never piling up.
  fs.writeFileSync(`${backup}.tmp`, "halv kopi");
  await backupStore(db.$client, backup);
  db.$client.close();
});
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

const accounts = (file: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT email FROM users").pluck().all();
  } finally {
    db.close();
  }
};
const folder = (name: string) => {
  const at = path.join(dir, name);
  fs.mkdirSync(at);
  return at;
};

describe("backup", () => {
  it("leaves only the copy, taking up a killed run's temporary file", () => {
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("kopi"))).toEqual(["kopi.db"]);
    expect(accounts(backup)).toEqual(["gendan@example.dk"]);
  });
});

describe("restore", () => {
  it("restores over a current store that cannot be read, says so, and keeps the damaged file aside", async () => {
    const store = path.join(folder("beskadiget"), "pistepris.db");
    const damaged = Buffer.alloc(64 * 1024, 0x5a);
    fs.writeFileSync(store, damaged);
    fs.writeFileSync(`${store}.tmp`, "en afbrudt gendannelses kopi");
    const ran = await runIndexer(["restore", backup], { DATABASE_URL: store });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(
      /Bemærk: den nuværende database kunne ikke læses \(.+\), så ingen kunne ses bruge den; den er gendannet over alligevel/,
    );
    expect(accounts(store)).toEqual(["gendan@example.dk"]);
    // A generation from the clock: above any an import of the damaged store can have reached.
    expect(Number(/generation: (\d+)/.exec(ran.stdout)?.[1])).toBeGreaterThan(Date.now() / 1000 - 3600);
    const aside = fs.readdirSync(path.dirname(store)).filter((name) => name.includes(".foer-gendannelse-"));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(store), aside[0]))).toEqual(damaged);
    expect(fs.existsSync(`${store}.tmp`)).toBe(false);
  });

  it("refuses a store in use after preparing the copy, and changes nothing", () => {
    const store = path.join(folder("i-brug"), "pistepris.db");
    const db = openDb(store);
    try {
      db.$client.prepare("INSERT INTO users (email, password_hash) VALUES ('nuvaerende@example.dk', 'x')").run();
      registerStoreUser(db, "server");
      expect(() => restoreStore(store, backup)).toThrow(StoreInUseError);
      expect(fs.readdirSync(path.dirname(store)).sort()).toEqual(["pistepris.db", "pistepris.db-shm", "pistepris.db-wal"]);
      expect(accounts(store)).toEqual(["nuvaerende@example.dk"]);
    } finally {
      releaseAllLeases();
      db.$client.close();
    }
  });

  it("keeps a file at the store's path at every moment of a restore", async () => {
    const store = path.join(folder("altid"), "pistepris.db");
    const current = openDb(store);
    current.$client.prepare("INSERT INTO users (email, password_hash) VALUES ('nuvaerende@example.dk', 'x')").run();
    current.$client.close();
    // A thread looks at the path as fast as it can while this one restores, again and again.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const watcher = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const fs = require("node:fs");
       let looks = 0, missing = 0;
       parentPort.postMessage("looking");
       while (Atomics.load(workerData.stop, 0) === 0) { looks++; if (!fs.existsSync(workerData.store)) missing++; }
       parentPort.postMessage({ looks, missing });`,
      { eval: true, workerData: { store, stop } },
    );
    try {
      await new Promise((resolve) => watcher.once("message", resolve));
      const seen = new Promise<{ looks: number; missing: number }>((resolve) => watcher.once("message", resolve));
      const from = Date.now();
      for (let i = 0; i < 30; i++) restoreStore(store, backup, new Date(from + i * 1000));
      Atomics.store(stop, 0, 1);
      const { looks, missing } = await seen;
      expect(looks).toBeGreaterThan(1000);
      expect(missing).toBe(0);
      expect(accounts(store)).toEqual(["gendan@example.dk"]);
    } finally {
      await watcher.terminate();
    }
  });
});
