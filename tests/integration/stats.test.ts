import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { banners, resorts, travelCompanies } from "../../db/schema";
import { runStats } from "../../cli/commands/stats";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";

// `indexer stats` prints names that came from feeds and operators: whatever they hold, nothing
// reaches the operator's terminal as a control character (an escape sequence could rewrite the
// screen, the window title or the clipboard).

let db: Db;
let dir: string;

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importLines(db, [trip({ id: "alpetours-t1" })], new Date("2027-01-01T12:00:00Z"));
  // Stored directly: whatever the import lets through today or tomorrow, the report must be safe.
  db.update(travelCompanies).set({ name: "Alpe\u001b]0;ejet\u0007tours\u001b[2J" }).run();
  db.update(resorts).set({ name: "Val\rThorens\u009b31m\u0000" }).run();
  db.insert(banners).values({ provider: "Reklame\u001b[8m\u202e", url: "https://example.com/p", image: "/p.svg", position: 3 }).run();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("indexer stats", () => {
  it("prints no control characters from stored names, and the names' printable parts", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      expect(await runStats(db)).toBe(0);
    } finally {
      log.mockRestore();
    }
    const out = lines.join("\n");
    // eslint-disable-next-line no-control-regex -- control characters are what must not appear
    expect(out.replace(/\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(out).toContain("Alpe]0;ejettours[2J");
    expect(out).toContain("ValThorens31m");
    expect(out).toContain("Reklame[8m");
  });
});
