import fs from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { tempDb } from "../support/db";
import { testContext } from "../support/context";
import { accountWithSession, getRequest, runRoute } from "../support/routes";
import { setOperator } from "../../app/services/ops/operators.server";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { recordNotifyRun } from "../../app/services/agents/notify-runs.server";
import * as agentsPage from "../../app/routes/ops/agents";

// The Søgeagenter page warns when notify has not run for an hour (docs/operations.md#the-clock):
// the schedule that mails daily and weekly agents without an import is not running.

let db: Db;
let dir: string;
let context: AppLoadContext;
let operator: { id: number; cookie: string };

beforeAll(async () => {
  ({ db, dir } = tempDb());
  context = testContext(db);
  operator = await accountWithSession(db, context, "drift@example.dk");
  setOperator(db, "drift@example.dk", true, CLI_ACTOR);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const silent = async () =>
  ((await runRoute(agentsPage.loader, context, getRequest("/drift/soegeagenter", operator.cookie))).body as { silent: boolean }).silent;
const run = { agents: 0, trips: 0, drops: 0, messages: 0, failed: 0, locked: false };

describe("the Søgeagenter page's clock warning", () => {
  it("warns before notify has ever run and after an hour without a run, not after a recent run", async () => {
    expect(await silent()).toBe(true);
    recordNotifyRun(db, new Date(Date.now() - 61 * 60_000), run);
    expect(await silent()).toBe(true);
    recordNotifyRun(db, new Date(Date.now() - 5 * 60_000), run);
    expect(await silent()).toBe(false);
  });
});
