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
import { landingBoxList } from "../../app/services/landing/landing-boxes.server";
import { allLandingBoxes } from "../../app/services/landing/manage.server";
import { texts } from "../../app/domain/texts";
import * as list from "../../app/routes/ops/landing-boxes";
import * as edit from "../../app/routes/ops/landing-box";

// Landing boxes from the dashboard and the CLI: validation, preview, create, edit, reorder, remove, the log.

let db: Db;
let file: string;
let dir: string;
let context: AppLoadContext;
let operator: { cookie: string };

const fields = {
  title: "Påskeferie",
  description: "Sne i april",
  icon: "sun",
  borderColor: "#fcd34d",
  backgroundColor: "#fffbeb",
  textColor: "#78350f",
  iconColor: "#d97706",
  query: "/skirejser?weeks=14",
};

beforeAll(async () => {
  ({ db, file, dir } = tempDb());
  context = testContext(db);
  operator = await accountWithSession(db, context, "drift@example.dk");
  setOperator(db, "drift@example.dk", true, CLI_ACTOR);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const send = (id: string, extra: Record<string, string>, opts: { origin?: string } = {}) =>
  runRoute(edit.action, context, postRequest(`/drift/forsidebokse/${id}`, { ...fields, ...extra }, { cookie: operator.cookie, ...opts }), {
    id,
  });

describe("the dashboard's landing-box form", () => {
  it("cross-origin → 403; bad colours → 400 with the field's message; preview saves nothing", async () => {
    expect((await send("ny", { intent: "save" }, { origin: "https://ond.example" })).status).toBe(403);
    const bad = await send("ny", { textColor: "blå", intent: "save" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { textColor: texts.ops.landing.colourInvalid } });
    // The preview: the fields as sent, the checked box (its search as a query string) and the link it opens.
    expect((await send("ny", { intent: "preview" })).body).toMatchObject({
      values: { title: "Påskeferie", query: "/skirejser?weeks=14" },
      preview: { title: "Påskeferie", query: "weeks=14" },
      href: "/skirejser?weeks=14",
    });
    expect(allLandingBoxes(db)).toEqual([]);
  });

  it("saving a missing box or at a bad id is a 404, and nothing is saved", async () => {
    expect((await send("999", { intent: "save" })).status).toBe(404);
    expect((await send("x", { intent: "save" })).status).toBe(404);
    expect(allLandingBoxes(db)).toEqual([]);
  });

  it("creates boxes last in order, with the canonical search, and the landing page shows them", async () => {
    const version = readContentVersion(db);
    expect((await send("ny", { intent: "save" })).status).toBe(302);
    expect((await send("ny", { title: "Vinterferie", query: "weeks=7,8", intent: "save" })).status).toBe(302);
    expect(readContentVersion(db)).toBe(version + 2);
    expect(landingBoxList(db).map((b) => [b.title, b.href])).toEqual([
      ["Påskeferie", "/skirejser?weeks=14"],
      ["Vinterferie", "/skirejser?weeks=7,8"],
    ]);
    expect(auditPage(db, 1, 1).rows[0]).toMatchObject({ actor: "drift@example.dk", action: "landing.create" });
  });

  it("edits a box (the form loads its values)", async () => {
    const [first] = allLandingBoxes(db);
    const loaded = await runRoute(edit.loader, context, getRequest(`/drift/forsidebokse/${first.id}`, operator.cookie), {
      id: String(first.id),
    });
    expect(loaded.body).toMatchObject({ values: { title: "Påskeferie", icon: "sun" } });
    expect((await send(String(first.id), { description: "Forårsski", intent: "save" })).status).toBe(302);
    expect(landingBoxList(db)[0].description).toBe("Forårsski");
    expect(JSON.parse(auditPage(db, 1, 1).rows[0].before!)).toMatchObject({ description: "Sne i april" });
  });

  it("moves and removes boxes from the list", async () => {
    const [first, second] = allLandingBoxes(db);
    const post = (intent: string, id: number) =>
      runRoute(list.action, context, postRequest("/drift/forsidebokse", { intent, id: String(id) }, { cookie: operator.cookie }));
    expect((await post("down", first.id)).status).toBe(302);
    expect(allLandingBoxes(db).map((b) => b.id)).toEqual([second.id, first.id]);
    // At the top, up changes nothing.
    expect((await post("up", second.id)).status).toBe(302);
    expect(allLandingBoxes(db).map((b) => b.id)).toEqual([second.id, first.id]);
    expect((await post("remove", second.id)).status).toBe(302);
    expect(allLandingBoxes(db).map((b) => b.id)).toEqual([first.id]);
    expect((await post("remove", second.id)).status).toBe(404);
    expect(auditPage(db, 1, 2).rows.map((r) => r.action)).toEqual(["landing.remove", "landing.move"]);
  });
});

describe("indexer landing", () => {
  const env = () => ({ DATABASE_URL: file });
  it("add with the form's rules (and a contrast warning), set, move, remove, list", async () => {
    const flags = [
      "--title",
      "Lys",
      "--description",
      "Lys tekst",
      "--icon",
      "star",
      "--border",
      "#ccc",
      "--background",
      "#ffffff",
      "--text",
      "#aaaaaa",
      "--icon-color",
      "#000",
    ];
    const bad = await runIndexer(["landing", "add", ...flags.slice(0, -2), "--icon-color", "sort"], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`Fejl: --icon-color: ${texts.ops.landing.colourInvalid}`);
    const added = await runIndexer(["landing", "add", ...flags, "--search", "weeks=7"], env());
    expect(added.code).toBe(0);
    expect(added.stderr).toContain("Advarsel: Teksten er svær at læse: kontrasten er 2,3:1");
    const id = Number(/#(\d+)/.exec(added.stdout)?.[1]);
    expect((await runIndexer(["landing", "set", String(id), "--text", "#111111"], env())).stderr).toBe("");
    const moved = await runIndexer(["landing", "move", String(id), "up"], env());
    expect(moved.stdout.split("\n")[0]).toContain(`#${id}`);
    expect(allLandingBoxes(db)[0]).toMatchObject({ id, textColor: "#111111", query: "weeks=7" });
    expect((await runIndexer(["landing", "remove", String(id)], env())).code).toBe(0);
    expect(allLandingBoxes(db).map((b) => b.id)).not.toContain(id);
    expect(auditPage(db, 1, 1).rows[0]).toMatchObject({ actor: "CLI", action: "landing.remove" });
    expect((await runIndexer(["landing", "remove", "9999"], env())).code).toBe(2);
  });
});
