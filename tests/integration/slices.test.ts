import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { inSlices, PACING } from "../../cli/apply/sides";
import { openDb } from "../../db/client";
import { tempDb } from "../support/db";

const pacing = { ...PACING };
afterEach(() => Object.assign(PACING, pacing));

/** Steps that each insert `kb` KB, noting the WAL file's size before each one. */
function* filler(sqlite: ReturnType<typeof openDb>["$client"], steps: number, kb: number, walSizes: number[]) {
  const insert = sqlite.prepare("INSERT INTO filler (v) VALUES (randomblob(?))");
  for (let k = 0; k < steps; k++) {
    walSizes.push(fs.statSync(`${sqlite.name}-wal`).size);
    insert.run(kb * 1024);
    yield;
  }
}

describe("short write transactions (inSlices)", () => {
  it("checkpoints the WAL after every commit, so it stays about one slice long, and then restores SQLite's own checkpoints", async () => {
    const { db } = tempDb();
    const sqlite = db.$client;
    sqlite.exec("CREATE TABLE filler (k INTEGER PRIMARY KEY, v BLOB)");
    // The migrations' pages went through the WAL (over 512 KB of them): it starts empty here.
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    Object.assign(PACING, { sliceMs: 0, pauseMs: 0 }); // one 64 KB step per transaction
    const walSizes: number[] = [];
    await inSlices(sqlite, filler(sqlite, 300, 64, walSizes));

    expect(sqlite.prepare("SELECT count(*) FROM filler").pluck().get()).toBe(300);
    // 19 MB went through the WAL; SQLite's own checkpoints (every 1,000 pages) would have let it reach 4 MB.
    expect(Math.max(...walSizes)).toBeLessThan(512 * 1024);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  });

  it("restores SQLite's own checkpoints and rolls back the open slice when a step throws", async () => {
    const { db, file } = tempDb();
    const sqlite = db.$client;
    sqlite.exec("CREATE TABLE filler (k INTEGER PRIMARY KEY, v BLOB)");
    Object.assign(PACING, { sliceMs: 0, pauseMs: 0 });
    function* failing() {
      yield* filler(sqlite, 3, 1, []);
      sqlite.prepare("INSERT INTO filler (v) VALUES (zeroblob(1))").run();
      throw new Error("kaput");
    }
    await expect(inSlices(sqlite, failing())).rejects.toThrow("kaput");

    // The three committed slices stay; the failing one's row does not. A second connection sees the same.
    expect(sqlite.inTransaction).toBe(false);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    expect(openDb(file).$client.prepare("SELECT count(*) FROM filler").pluck().get()).toBe(3);
  });
});
