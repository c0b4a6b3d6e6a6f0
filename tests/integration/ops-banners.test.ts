import fs from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { tempDb } from "../support/db";
import { testContext } from "../support/context";
import { runIndexer } from "../support/cli";
import { accountWithSession, getRequest, postRequest, runRoute } from "../support/routes";
import { readContentVersion } from "../../db/content-version";
import { setOperator } from "../../app/services/ops/operators.server";
import { auditPage, CLI_ACTOR } from "../../app/services/audit/audit.server";
import { activeBanners, findActiveBanner } from "../../app/services/banners/banners.server";
import { allBanners, getBanner } from "../../app/services/banners/manage.server";
import { texts } from "../../app/domain/texts";
import * as list from "../../app/routes/ops/banners";
import * as edit from "../../app/routes/ops/banner";

// Banners from the dashboard and the CLI: validation, preview, saving, activation, dates, the log.

let db: Db;
let file: string;
let dir: string;
let context: AppLoadContext;
let operator: { cookie: string };
let user: { cookie: string };

const fields = { provider: "Skiskolen", url: "https://example.com/skole", image: "/banners/skiudlejning.svg", position: "2" };

beforeAll(async () => {
  ({ db, file, dir } = tempDb());
  context = testContext(db);
  operator = await accountWithSession(db, context, "drift@example.dk");
  user = await accountWithSession(db, context, "bruger@example.dk");
  setOperator(db, "drift@example.dk", true, CLI_ACTOR);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the dashboard's banner form", () => {
  it("bad fields: 400 with each field's Danish message, nothing saved", async () => {
    const res = await runRoute(
      edit.action,
      context,
      postRequest(
        "/drift/bannere/ny",
        { ...fields, url: "javascript:alert(1)", position: "0", intent: "save" },
        { cookie: operator.cookie },
      ),
      { id: "ny" },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { url: texts.ops.banners.urlInvalid, position: texts.ops.banners.positionInvalid } });
    expect(allBanners(db)).toEqual([]);
  });

  it("preview shows it without saving", async () => {
    const res = await runRoute(
      edit.action,
      context,
      postRequest("/drift/bannere/ny", { ...fields, intent: "preview" }, { cookie: operator.cookie }),
      { id: "ny" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ preview: { provider: "Skiskolen", position: 2 } });
    expect(allBanners(db)).toEqual([]);
  });

  it("an intent other than its two buttons' is a 400 that saves nothing", async () => {
    for (const intent of ["bogus", ""]) {
      const res = await runRoute(
        edit.action,
        context,
        postRequest("/drift/bannere/ny", { ...fields, intent }, { cookie: operator.cookie }),
        { id: "ny" },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ problem: texts.errors.badRequest });
    }
    expect(allBanners(db)).toEqual([]);
  });

  it("save creates it active, bumps the pages' content version and logs who did it", async () => {
    const version = readContentVersion(db);
    const res = await runRoute(
      edit.action,
      context,
      postRequest("/drift/bannere/ny", { ...fields, intent: "save" }, { cookie: operator.cookie }),
      { id: "ny" },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/drift/bannere");
    const [banner] = allBanners(db);
    expect(banner).toMatchObject({ provider: "Skiskolen", position: 2, active: true, startsOn: null, endsOn: null });
    expect(activeBanners(db).map((b) => b.id)).toEqual([banner.id]);
    expect(readContentVersion(db)).toBe(version + 1);
    expect(auditPage(db, 1, 1).rows[0]).toMatchObject({ actor: "drift@example.dk", action: "banner.create", before: null });
    expect(JSON.parse(auditPage(db, 1, 1).rows[0].after!)).toMatchObject({ provider: "Skiskolen" });
  });

  it("editing loads its values, and dates limit the days it shows", async () => {
    const [banner] = allBanners(db);
    const loaded = await runRoute(edit.loader, context, getRequest(`/drift/bannere/${banner.id}`, operator.cookie), {
      id: String(banner.id),
    });
    expect(loaded.body).toMatchObject({ values: { provider: "Skiskolen", position: "2", startsOn: "" } });
    const res = await runRoute(
      edit.action,
      context,
      postRequest(
        `/drift/bannere/${banner.id}`,
        { ...fields, position: "5", startsOn: "2030-01-10", endsOn: "2030-01-20", intent: "save" },
        { cookie: operator.cookie },
      ),
      { id: String(banner.id) },
    );
    expect(res.status).toBe(302);
    expect(getBanner(db, banner.id)).toMatchObject({ position: 5, startsOn: "2030-01-10", endsOn: "2030-01-20" });
    expect(activeBanners(db, "2030-01-09")).toEqual([]);
    expect(activeBanners(db, "2030-01-10").map((b) => b.id)).toEqual([banner.id]);
    expect(activeBanners(db, "2030-01-20").map((b) => b.id)).toEqual([banner.id]);
    expect(activeBanners(db, "2030-01-21")).toEqual([]);
    // Outside its days its click-out is a 404, like a missing banner.
    expect(findActiveBanner(db, banner.id, "2030-01-21")).toBeUndefined();
    const log = JSON.parse(auditPage(db, 1, 1).rows[0].before!);
    expect(log).toMatchObject({ position: 2 });
  });

  it("a missing banner or a bad id is a 404", async () => {
    expect((await runRoute(edit.loader, context, getRequest("/drift/bannere/999", operator.cookie), { id: "999" })).status).toBe(404);
    expect((await runRoute(edit.loader, context, getRequest("/drift/bannere/x", operator.cookie), { id: "x" })).status).toBe(404);
    const res = await runRoute(
      edit.action,
      context,
      postRequest("/drift/bannere/999", { ...fields, intent: "save" }, { cookie: operator.cookie }),
      { id: "999" },
    );
    expect(res.status).toBe(404);
  });
});

describe("the banner list", () => {
  it("deactivates and activates; only operators, only from our origin", async () => {
    const [banner] = allBanners(db);
    const post = (intent: string, opts: { cookie?: string; origin?: string }) =>
      runRoute(list.action, context, postRequest("/drift/bannere", { intent, id: String(banner.id) }, opts));
    expect((await post("deactivate", { cookie: operator.cookie, origin: "https://ond.example" })).status).toBe(403);
    expect((await post("deactivate", { cookie: user.cookie })).status).toBe(404);
    expect(getBanner(db, banner.id)?.active).toBe(true);
    expect((await post("deactivate", { cookie: operator.cookie })).status).toBe(302);
    expect(getBanner(db, banner.id)?.active).toBe(false);
    const shown = await runRoute(list.loader, context, getRequest("/drift/bannere", operator.cookie));
    expect((shown.body as { rows: Array<{ status: string }> }).rows[0].status).toBe("inactive");
    expect((await post("activate", { cookie: operator.cookie })).status).toBe(302);
    expect(getBanner(db, banner.id)?.active).toBe(true);
    expect(auditPage(db, 1, 2).rows.map((r) => r.action)).toEqual(["banner.activate", "banner.deactivate"]);
    expect((await post("frob", { cookie: operator.cookie })).status).toBe(400);
  });
});

describe("indexer banners", () => {
  const env = () => ({ DATABASE_URL: file });
  it("add validates with the form's rules, set changes given fields, deactivate hides it, list shows them", async () => {
    const bad = await runIndexer(["banners", "add", "--provider", "X", "--url", "ftp://x", "--image", "/x.svg", "--position", "1"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`Fejl: --url: ${texts.ops.banners.urlInvalid}`);
    const added = await runIndexer(
      [
        "banners",
        "add",
        "--provider",
        "Vinterudstyr",
        "--url",
        "http://example.com/v",
        "--image",
        "https://cdn.example.com/v.png",
        "--position",
        "1",
      ],
      env(),
    );
    expect(added.code).toBe(0);
    const id = Number(/#(\d+)/.exec(added.stdout)?.[1]);
    expect(getBanner(db, id)).toMatchObject({ provider: "Vinterudstyr", position: 1, active: true });
    expect((await runIndexer(["banners", "set", String(id), "--position", "4", "--to", "2031-12-31"], env())).code).toBe(0);
    expect(getBanner(db, id)).toMatchObject({ provider: "Vinterudstyr", position: 4, endsOn: "2031-12-31" });
    expect((await runIndexer(["banners", "deactivate", String(id)], env())).code).toBe(0);
    expect(getBanner(db, id)?.active).toBe(false);
    const listed = await runIndexer(["banners", "list"], env());
    expect(listed.stdout).toMatch(new RegExp(`#${id}\\s+plads\\s+4\\s+Deaktiveret`));
    expect(auditPage(db, 1, 1).rows[0]).toMatchObject({ actor: "CLI", action: "banner.deactivate" });
    const missing = await runIndexer(["banners", "activate", "9999"], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(texts.ops.banners.notFound(9999));
  });
});
