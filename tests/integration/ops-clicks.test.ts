import fs from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bannerEvents, banners, offerClicks } from "../../db/schema";
import { importLines, tempDb } from "../support/db";
import { testContext } from "../support/context";
import { trip } from "../support/feed";
import { accountWithSession, getRequest, runRoute } from "../support/routes";
import { setOperator } from "../../app/services/ops/operators.server";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { todayInDenmark } from "../../app/domain/dates";
import { texts } from "../../app/domain/texts";
import * as page from "../../app/routes/ops/clicks";
import * as csv from "../../app/routes/ops/clicks-csv";

// /drift/klik and its CSV over a store with known click-outs and banner events.

let db: Db;
let dir: string;
let context: AppLoadContext;
let operator: { cookie: string };
let user: { cookie: string };
const today = todayInDenmark();
const now = new Date();

beforeAll(async () => {
  ({ db, dir } = tempDb());
  context = testContext(db);
  await importLines(db, [trip({ id: "a1" })]);
  operator = await accountWithSession(db, context, "drift@example.dk");
  user = await accountWithSession(db, context, "bruger@example.dk");
  setOperator(db, "drift@example.dk", true, CLI_ACTOR);
  db.insert(offerClicks)
    .values([
      { tripId: "a1", companySlug: "alpetours", affiliateId: "=partner", at: now },
      { tripId: "a1", companySlug: "alpetours", at: now },
    ])
    .run();
  const bannerId = db
    .insert(banners)
    .values({ provider: "Skiskolen", url: "https://example.com", image: "/b.svg", position: 1 })
    .returning()
    .get().id;
  db.insert(bannerEvents)
    .values([
      { bannerId, kind: "view", at: now },
      { bannerId, kind: "view", at: now },
      { bannerId, kind: "view", at: now },
      { bannerId, kind: "view", at: now },
      { bannerId, kind: "click", at: now },
    ])
    .run();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("/drift/klik", () => {
  it("shows the last 30 days by default, each table's totals", async () => {
    const res = await runRoute(page.loader, context, getRequest("/drift/klik", operator.cookie));
    expect(res.status).toBe(200);
    const body = res.body as Awaited<ReturnType<typeof page.loader>>["data"];
    expect(body.form.til).toBe(today);
    const [companies, affiliates, bannerTable] = body.tables;
    expect(companies.series.map((s) => [s.label, s.views, s.clicks])).toEqual([["Alpetours", null, 2]]);
    expect(affiliates.series.map((s) => [s.label, s.clicks]).sort()).toEqual([
      ["=partner", 1],
      [texts.ops.clicks.noAffiliate, 2],
    ]);
    expect(bannerTable.series.map((s) => [s.label, s.views, s.clicks])).toEqual([["#1 Skiskolen", 4, 1]]);
  });

  it("bad dates: 400 with the Danish message for the form", async () => {
    const res = await runRoute(page.loader, context, getRequest("/drift/klik?fra=2026-13-01&til=2026-12-01", operator.cookie));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: texts.ops.clicks.dateInvalid, form: { fra: "2026-13-01" }, tables: [] });
  });

  it("only for operators", async () => {
    expect((await runRoute(page.loader, context, getRequest("/drift/klik", user.cookie))).status).toBe(404);
    expect((await runRoute(csv.loader, context, getRequest("/drift/klik/csv?tabel=bannere", user.cookie))).status).toBe(404);
    expect((await runRoute(csv.loader, context, getRequest("/drift/klik/csv?tabel=bannere"))).status).toBe(302);
  });
});

describe("/drift/klik/csv", () => {
  it("a table as a Danish CSV download, formulas neutralised", async () => {
    const res = await runRoute(
      csv.loader,
      context,
      getRequest(`/drift/klik/csv?tabel=partnere&fra=${today}&til=${today}`, operator.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="pistepris-partnere-${today}-${today}.csv"`);
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Dag;Partner;Visninger;Klik;Klikrate (%)");
    expect(lines.slice(1).sort()).toEqual([`${today};'=partner;;1;`, `${today};${texts.ops.clicks.noAffiliate};;2;`].sort());
    const banner = await runRoute(
      csv.loader,
      context,
      getRequest(`/drift/klik/csv?tabel=bannere&fra=${today}&til=${today}`, operator.cookie),
    );
    expect(String(banner.body)).toContain(`${today};#1 Skiskolen;4;1;25,00`);
  });

  it("an unknown table or a bad period: 400 in Danish", async () => {
    const bad = await runRoute(csv.loader, context, getRequest("/drift/klik/csv?tabel=x", operator.cookie));
    expect([bad.status, bad.body]).toEqual([400, texts.ops.clicks.tableInvalid]);
    const period = await runRoute(
      csv.loader,
      context,
      getRequest("/drift/klik/csv?tabel=bannere&fra=2026-12-02&til=2026-12-01", operator.cookie),
    );
    expect([period.status, period.body]).toEqual([400, texts.ops.clicks.toBeforeFrom]);
  });
});
