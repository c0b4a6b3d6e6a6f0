import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIndexer, startCommand, type RunningIndexer } from "../support/cli";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { until } from "../support/until";

// The clock for scheduled work (docs/operations.md#the-clock): scripts/worker.sh, as the Compose
// `worker` runs it, mails a weekly search agent on time with no import in between, once, and takes
// the nightly backup once. A week is made to pass in the store, not by waiting: the agent's last
// e-mail is dated eight days ago and the trips were first seen two days ago, as after an import
// that ran mid-week.

const DAY = 86_400_000;
let tmp: string;
let dbFile: string;
let smtp: TestSmtp;
let worker: RunningIndexer | undefined;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-worker-"));
  dbFile = path.join(tmp, "store.db");
  smtp = await startSmtp();
  const feed = path.join(tmp, "feed.ndjson");
  expect((await runIndexer(["demo", "--trips", "400", "--seed", "5", "--out", feed], {})).code).toBe(0);
  const imported = await runIndexer(["import", feed], { DATABASE_URL: dbFile, SMTP_URL: smtp.url });
  expect(imported.code, imported.stderr).toBe(0);
  const db = new Database(dbFile);
  try {
    const now = Date.now();
    db.prepare("UPDATE offers_a SET first_seen_at = ?").run(now - 2 * DAY);
    db.prepare("UPDATE offers_b SET first_seen_at = ?").run(now - 2 * DAY);
    const agent = db.prepare(
      "INSERT INTO search_agents (user_id, name, query, frequency, last_notified_at, created_at) VALUES (?, ?, '', ?, ?, ?)",
    );
    const user = db.prepare("INSERT INTO users (email, password_hash) VALUES (?, 'x') RETURNING id").pluck();
    // Due: a week and a day since its last e-mail. Not due: a daily agent mailed two hours ago.
    agent.run(user.get("ugentlig@example.dk"), "Hver uge", "weekly", now - 8 * DAY, now - 30 * DAY);
    agent.run(user.get("daglig@example.dk"), "Hver dag", "daily", now - 2 * 3_600_000, now - 30 * DAY);
  } finally {
    db.close();
  }
});

afterAll(async () => {
  worker?.kill();
  await worker?.done;
  await smtp?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the worker's schedule (scripts/worker.sh)", () => {
  it("mails a due weekly agent without an import, once over several rounds, leaves a daily one that is not due, and takes one nightly backup", async () => {
    const backups = path.join(tmp, "backups");
    fs.mkdirSync(backups);
    worker = startCommand(
      ["sh", "scripts/worker.sh"],
      {
        DATABASE_URL: dbFile,
        SMTP_URL: smtp.url,
        PUBLIC_URL: "http://pistepris.test",
        WORKER_INTERVAL_SECONDS: "1",
        BACKUP_DIR: backups,
        // Any time of day is past midnight: the nightly part runs in the first round.
        NIGHTLY_AFTER: "0000",
      },
      240_000,
    );
    const rounds = () => worker!.output().stdout.match(/^Søgeagenter: /gm)?.length ?? 0;

    const mail = await smtp.waitFor((m) => m.to.includes("ugentlig@example.dk"), { timeoutMs: 120_000 });
    expect(mail.subject).toMatch(/^[\d.]+ nye? skirejser? til din søgeagent "Hver uge"$/);
    await until("the nightly backup", () => worker!.output().stdout.includes("Sikkerhedskopi gemt"), 120_000);
    const [nightly] = fs.readdirSync(backups);
    expect(nightly).toMatch(/^pistepris-\d{4}-\d\d-\d\d\.db$/);
    // Three more rounds after the e-mail: nothing is sent twice, the daily agent is not due, and the backup is not taken again.
    const after = rounds();
    await until("three more rounds of notify", () => rounds() >= after + 3, 120_000);
    expect(smtp.messages.map((m) => m.to)).toEqual([["ugentlig@example.dk"]]);
    expect(fs.readdirSync(backups)).toEqual([nightly]);
    expect(worker.output().stdout.match(/Sikkerhedskopi gemt/g)).toHaveLength(1);
    expect(worker.output().stderr).toBe("");

    // A stop (docker compose stop) ends the wait at once, with exit 0.
    process.kill(-worker.child.pid!, "SIGTERM");
    expect((await worker.done).code).toBe(0);
  });
});
