import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { tempDb } from "../support/db";
import { testContext } from "../support/context";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { accountWithSession, getRequest, runRoute } from "../support/routes";
import { setOperator } from "../../app/services/ops/operators.server";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { getImport, importIssuesPage, importsPage, lastImportPerCompany } from "../../app/services/imports/imports.server";
import { companyOutcome, importRecorder } from "../../cli/import-history";
import * as list from "../../app/routes/ops/imports";
import * as detail from "../../app/routes/ops/import";

// Every CLI import is recorded: totals, per company, and its rejected lines and warnings page by page.

let db: Db;
let file: string;
let dir: string;
let context: AppLoadContext;
let operator: { cookie: string };

const line = (n: number, company = "alpetours") =>
  JSON.stringify(
    trip({
      id: `${company}-${n}`,
      travelCompany: { slug: company, name: company === "alpetours" ? "Alpetours" : "Nordski" },
      departureDate: departureInDays(30 + (n % 60)),
    }),
  );

function writeFeed(name: string, lines: string[]): string {
  const feed = path.join(dir, name);
  fs.writeFileSync(feed, lines.join("\n") + "\n");
  return feed;
}

beforeAll(async () => {
  ({ db, file, dir } = tempDb());
  context = testContext(db);
  operator = await accountWithSession(db, context, "drift@example.dk");
  setOperator(db, "drift@example.dk", true, CLI_ACTOR);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the import history", () => {
  it("records each import with its counts per company and its rejected lines", async () => {
    const first = writeFeed("foerste.ndjson", [
      ...Array.from({ length: 5 }, (_, i) => line(i)),
      ...Array.from({ length: 3 }, (_, i) => line(i, "nordski")),
    ]);
    expect((await runIndexer(["import", first], { DATABASE_URL: file })).code).toBe(0);
    // The second: one alpetours offer changed, one gone, 60 rejected lines that name no company (more
    // than a page), one of nordski's and one of a company with no valid line; a warning for nordski.
    const changed = JSON.stringify(
      trip({ id: "alpetours-0", travelCompany: { slug: "alpetours", name: "Alpetours" }, departureDate: departureInDays(31) }),
    );
    const bad = Array.from({ length: 60 }, (_, i) => (i % 2 ? "ikke json" : JSON.stringify({ id: `x${i}` })));
    const second = writeFeed("anden.ndjson", [
      changed,
      ...[1, 2, 3].map((n) => line(n)),
      ...bad,
      JSON.stringify({ id: "nordski-9", travelCompany: { slug: "nordski" } }),
      JSON.stringify({ id: "s1", travelCompany: { slug: "sneholm" } }),
      ...[0, 1].map((n) => line(n, "nordski")),
      line(2, "nordski").replace('"name":"Nordski"', '"name":"Nordski Rejser"'),
    ]);
    const ran = await runIndexer(["import", second, "--allow-retire"], { DATABASE_URL: file });
    expect(ran.code).toBe(1);

    const { rows, total } = importsPage(db, 1, 50);
    expect(total).toBe(2);
    expect(rows[0]).toMatchObject({ source: second, lines: 69, rejected: 62, warnings: 1, error: null });
    expect(rows[1]).toMatchObject({ source: first, lines: 8, added: 8, rejected: 0 });
    const run = getImport(db, rows[0].id)!;
    expect(
      run.companies.map(({ slug, lines, added, updated, unchanged, vanished, rejected, warnings }) => ({
        slug,
        lines,
        added,
        updated,
        unchanged,
        vanished,
        rejected,
        warnings,
      })),
    ).toEqual([
      // Lines that name no company count under "" ("ukendt" on screen).
      { slug: "", lines: 0, added: 0, updated: 0, unchanged: 0, vanished: 0, rejected: 60, warnings: 0 },
      { slug: "alpetours", lines: 4, added: 0, updated: 1, unchanged: 3, vanished: 0, rejected: 0, warnings: 0 },
      { slug: "nordski", lines: 3, added: 0, updated: 1, unchanged: 2, vanished: 0, rejected: 1, warnings: 1 },
      { slug: "sneholm", lines: 0, added: 0, updated: 0, unchanged: 0, vanished: 0, rejected: 1, warnings: 0 },
    ]);
    const page2 = importIssuesPage(db, rows[0].id, "rejected", 2, 50);
    expect(page2.total).toBe(62);
    expect(page2.rows).toHaveLength(12);
    expect(page2.rows[0].lineNo).toBeGreaterThan(50);
    expect(lastImportPerCompany(db).get("nordski")?.importId).toBe(rows[0].id);
  });

  it("a stopped company's part applied nothing", () => {
    expect(companyOutcome({ slug: "a", lines: 2, added: 1, updated: 1, unchanged: 0, live: 10, vanishing: 8, stopped: true })).toEqual({
      slug: "a",
      lines: 2,
      added: 0,
      updated: 0,
      unchanged: 0,
      vanished: 0,
      stopped: true,
      rejected: 0,
      warnings: 0,
    });
  });

  it("the dashboard lists the imports and an import's rejected lines page by page", async () => {
    const listed = await runRoute(list.loader, context, getRequest("/drift/importer", operator.cookie));
    const rows = (listed.body as { rows: Array<{ id: number }> }).rows;
    expect(rows).toHaveLength(2);
    const id = String(rows[0].id);
    const shown = await runRoute(detail.loader, context, getRequest(`/drift/importer/${id}?side=2`, operator.cookie), { id });
    expect(shown.body).toMatchObject({ kind: "rejected", page: 2, pages: 2 });
    expect((shown.body as { issues: unknown[] }).issues).toHaveLength(12);
    const warnings = await runRoute(detail.loader, context, getRequest(`/drift/importer/${id}?vis=advarsler`, operator.cookie), { id });
    expect(warnings.body).toMatchObject({ kind: "warning", issues: [{ message: expect.stringContaining("Nordski Rejser") }] });
    expect((await runRoute(detail.loader, context, getRequest("/drift/importer/999", operator.cookie), { id: "999" })).status).toBe(404);
  });

  it("indexer imports prints them, newest first, with the companies", async () => {
    const ran = await runIndexer(["imports"], { DATABASE_URL: file });
    expect(ran.code).toBe(0);
    const lines = ran.stdout.split("\n");
    expect(lines[0]).toMatch(/^#2 .*anden\.ndjson {2}69 linjer .*afvist 62/);
    expect(lines[1]).toMatch(/^ {4}\(ukendt\)\s+0 linjer {2}\+0 ~0 =0 -0 {2}afvist 60, advarsler 0$/);
    expect(lines[2]).toMatch(/^ {4}alpetours\s+4 linjer {2}\+0 ~1 =3 -0 {2}afvist 0, advarsler 0$/);
    expect((await runIndexer(["imports", "--limit", "0"], { DATABASE_URL: file })).code).toBe(2);
  });
});

describe("a failed import (exit 2)", () => {
  it("is recorded with its reason and the lines it rejected on the way; nothing else changes", async () => {
    const before = importsPage(db, 1, 50).total;
    const empty = writeFeed("tom.ndjson", []);
    expect((await runIndexer(["import", empty], { DATABASE_URL: file })).code).toBe(2);
    const broken = writeFeed("i-stykker.ndjson", ["ikke json", JSON.stringify({ id: "n", travelCompany: { slug: "nordski" } })]);
    expect((await runIndexer(["import", broken], { DATABASE_URL: file })).code).toBe(2);
    expect((await runIndexer(["import", path.join(dir, "findes-ikke.ndjson")], { DATABASE_URL: file })).code).toBe(2);
    const { rows, total } = importsPage(db, 1, 50);
    expect(total).toBe(before + 3);
    expect(rows.slice(0, 3).map((r) => [r.error, r.rejected, r.added])).toEqual([
      [`kan ikke læse filen ${path.join(dir, "findes-ikke.ndjson")}`, 0, 0],
      ["Ingen gyldige linjer i feedet: intet blev importeret.", 2, 0],
      ["Feedet er tomt: ingen linjer at importere.", 0, 0],
    ]);
    expect(getImport(db, rows[1].id)!.companies.map((c) => [c.slug, c.rejected])).toEqual([
      ["", 1],
      ["nordski", 1],
    ]);
    const shown = await runRoute(list.loader, context, getRequest("/drift/importer", operator.cookie));
    expect((shown.body as { rows: Array<{ error: string | null }> }).rows[2].error).toBe("Feedet er tomt: ingen linjer at importere.");
    const printed = await runIndexer(["imports", "--limit", "1"], { DATABASE_URL: file });
    expect(printed.stdout).toContain("MISLYKKEDES, intet importeret: kan ikke læse filen");
  });

  it("counts a line that disagrees with the catalogue on several facts once, per company as in the totals", () => {
    const fresh = tempDb();
    try {
      const recorder = importRecorder("flere.ndjson");
      for (const [lineNo, message] of [
        [3, "navn"],
        [3, "stjerner"],
        [5, "navn"],
      ] as const)
        recorder.onWarning({ lineNo, message, companySlug: "nordski" });
      const id = recorder.fail(fresh.db, "prøve", 1);
      const run = getImport(fresh.db, id)!;
      expect(run.warnings).toBe(2);
      expect(run.companies.find((c) => c.slug === "nordski")?.warnings).toBe(2);
      expect(importIssuesPage(fresh.db, id, "warning", 1, 50).total).toBe(3);
    } finally {
      fs.rmSync(fresh.dir, { recursive: true, force: true });
    }
  });
});
