import { eq } from "drizzle-orm";
import fs from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { tempDb } from "../support/db";
import { testContext } from "../support/context";
import { runIndexer } from "../support/cli";
import { accountWithSession, getRequest, postRequest, runRoute } from "../support/routes";
import { audited, auditPage, CLI_ACTOR } from "../../app/services/audit/audit.server";
import { isOperator, listOperators, setOperator } from "../../app/services/ops/operators.server";
import { operatorAction } from "../../app/services/ops/access.server";
import * as layout from "../../app/routes/ops/layout";
import * as overviewPage from "../../app/routes/ops/overview";
import * as logPage from "../../app/routes/ops/log";

// The operator role, who may open /drift, the same-origin rule of its actions, and the audit log.

let db: Db;
let file: string;
let dir: string;
let context: AppLoadContext;
let user: { id: number; cookie: string };
let operator: { id: number; cookie: string };

beforeAll(async () => {
  ({ db, file, dir } = tempDb());
  context = testContext(db);
  user = await accountWithSession(db, context, "bruger@example.dk");
  operator = await accountWithSession(db, context, "drift@example.dk");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the operator role", () => {
  it("needs an existing account; adding and removing are logged with before and after", () => {
    expect(setOperator(db, "ingen@example.dk", true, CLI_ACTOR)).toBe("no-account");
    expect(setOperator(db, " Drift@Example.dk ", true, CLI_ACTOR)).toBe("changed");
    expect(setOperator(db, "drift@example.dk", true, CLI_ACTOR)).toBe("unchanged");
    expect(isOperator(db, operator.id)).toBe(true);
    expect(isOperator(db, user.id)).toBe(false);
    expect(listOperators(db)).toEqual(["drift@example.dk"]);
    const { rows, total } = auditPage(db, 1, 50);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      actor: "CLI",
      action: "operator.add",
      subject: "drift@example.dk",
      before: '{"operator":false}',
      after: '{"operator":true}',
    });
  });

  it("a change that throws is neither applied nor logged", () => {
    const before = db.select().from(auditLog).all().length;
    expect(() =>
      audited(db, { actor: CLI_ACTOR, action: "test", subject: "x" }, () => {
        db.update(users).set({ email: "ændret@example.dk" }).where(eq(users.id, user.id)).run();
        throw new Error("stop");
      }),
    ).toThrow("stop");
    expect(db.select().from(auditLog).all().length).toBe(before);
    expect(
      db
        .select()
        .from(users)
        .all()
        .map((u) => u.email),
    ).toContain("bruger@example.dk");
  });
});

describe("who may open /drift", () => {
  for (const [name, route, path] of [
    ["the overview", overviewPage.loader, "/drift"],
    ["the layout", layout.loader, "/drift"],
    ["the log", logPage.loader, "/drift/log?side=2"],
  ] as const) {
    it(`${name}: anonymous → log-in that comes back, a user → 404, an operator → the page`, async () => {
      const anonymous = await runRoute(route, context, getRequest(path));
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/konto/log-ind?${new URLSearchParams({ redirectTo: path })}`);
      expect((await runRoute(route, context, getRequest(path, user.cookie))).status).toBe(404);
      expect((await runRoute(route, context, getRequest(path, operator.cookie))).status).toBe(200);
    });
  }

  it("the log page lists the changes, newest first", async () => {
    const res = await runRoute(logPage.loader, context, getRequest("/drift/log", operator.cookie));
    const body = res.body as { rows: Array<{ action: string; actor: string }>; page: number; pages: number };
    expect(body.page).toBe(1);
    expect(body.pages).toBe(1);
    expect(body.rows[0]).toMatchObject({ action: "operator.add", actor: "CLI" });
  });

  it("every action: cross-origin → 403 before anything else, then the role as for pages", async () => {
    const act = (request: Request) => runRoute(() => operatorAction(request, context), context, request);
    expect((await act(postRequest("/drift/bannere", {}, { cookie: operator.cookie, origin: "https://ond.example" }))).status).toBe(403);
    expect((await act(postRequest("/drift/bannere", {}, { cookie: operator.cookie, origin: null }))).status).toBe(403);
    expect((await act(postRequest("/drift/bannere", {}))).status).toBe(302);
    expect((await act(postRequest("/drift/bannere", {}, { cookie: user.cookie }))).status).toBe(404);
    const ok = await act(postRequest("/drift/bannere", { a: "1" }, { cookie: operator.cookie }));
    expect(ok.status).toBe(200);
    expect((ok.body as { user: { email: string } }).user.email).toBe("drift@example.dk");
  });
});

describe("indexer operators", () => {
  const env = () => ({ DATABASE_URL: file });
  it("add needs an account (exit 2 with a Danish message), list shows them, remove takes the role away", async () => {
    const missing = await runIndexer(["operators", "add", "ingen@example.dk"], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("der er ingen konto med e-mailen ingen@example.dk");
    const added = await runIndexer(["operators", "add", "bruger@example.dk"], env());
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("bruger@example.dk er nu driftsbruger.");
    const listed = await runIndexer(["operators", "list"], env());
    expect(listed.stdout.trim().split("\n")).toEqual(["bruger@example.dk", "drift@example.dk"]);
    const removed = await runIndexer(["operators", "remove", "bruger@example.dk"], env());
    expect(removed.code).toBe(0);
    expect(isOperator(db, user.id)).toBe(false);
    expect(auditPage(db, 1, 1).rows[0]).toMatchObject({ action: "operator.remove", subject: "bruger@example.dk", actor: "CLI" });
    expect((await runIndexer(["operators", "frob"], env())).code).toBe(2);
  });
});
