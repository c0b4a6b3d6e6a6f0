import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { countedStatements, enforceRetention, mailLogDelete, retentionCutoff } from "../../app/services/retention/retention.server";
import { bannerStats } from "../../app/services/banners/banners.server";
import { bannerClicksPerAffiliate, offerClicksPerAffiliate, offerClicksPerCompany } from "../../app/services/offers/offers.server";
import { clickStats } from "../../app/services/ops/click-stats.server";
import { runNotifier } from "../../app/services/agents/notify.server";
import { createAgent } from "../../app/services/agents/agents.server";
import { importLines, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";
import { runIndexer } from "../support/cli";
import { startSmtp, type TestSmtp } from "../support/smtp";

// Retention (app/services/retention/retention.server.ts) on a store with rows of every age:
// sign-ups and links older than 7 days, expired sessions, a guest's saves after 30 days and old throttle rows go; the e-mail log
// older than the retention period goes, except what keeps the next notify from mailing a trip twice;
// counted views and clicks older than it are summed up per hour without their visitor hashes, every
// total the operators see staying the same. And the CLI: `indexer maintenance`, `notify` running it,
// RETENTION_MONTHS.

let db: Db;
let dir: string;
let file: string;
const NOW = new Date("2027-01-15T12:00:00Z");
const DAY = 86_400_000;
const MONTH = 30 * DAY;
const ago = (ms: number) => NOW.getTime() - ms;

beforeAll(() => {
  ({ db, dir, file } = tempDb());
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const count = (table: string, where = "1") => db.$client.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get() as number;

describe("enforceRetention", () => {
  it("rounds the cutoff down to the hour, the retention period's months before", () => {
    expect(retentionCutoff(new Date("2027-01-15T12:34:56Z"), 13).toISOString()).toBe("2025-12-15T12:00:00.000Z");
  });

  it("deletes sign-ups and links after 7 days, expired sessions, a guest's saves after 30 days and throttle rows after a day", () => {
    const sqlite = db.$client;
    const user = db.insert(users).values({ email: "kunde@example.dk", passwordHash: "x" }).returning({ id: users.id }).get().id;
    const signUp = sqlite.prepare("INSERT INTO pending_sign_ups VALUES (?, ?, '/', ?, ?)");
    signUp.run("gammel", "a@example.dk", ago(8 * DAY), ago(7 * DAY));
    signUp.run("ny", "b@example.dk", ago(6 * DAY), ago(5 * DAY));
    const link = sqlite.prepare(
      "INSERT INTO account_tokens (token_hash, purpose, user_id, created_at, expires_at) VALUES (?, 'password', ?, ?, ?)",
    );
    link.run("gammelt", user, ago(8 * DAY), ago(8 * DAY - 3_600_000));
    link.run("nyt", user, ago(DAY), ago(DAY - 3_600_000));
    const session = sqlite.prepare("INSERT INTO sessions VALUES (?, ?, ?, ?)");
    session.run("udloebet", user, ago(31 * DAY), ago(DAY));
    session.run("gyldig", user, ago(DAY), NOW.getTime() + 29 * DAY);
    const guestSave = sqlite.prepare("INSERT INTO guest_saved_trips VALUES (?, ?, ?)");
    guestSave.run("gaest", "t-gammel", ago(31 * DAY));
    guestSave.run("gaest", "t-ny", ago(29 * DAY));
    const attempt = sqlite.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)");
    attempt.run("login:email:kunde@example.dk", ago(25 * 3_600_000));
    attempt.run("login:ip:192.0.2.1", ago(3_600_000));

    const summary = enforceRetention(db, { retentionMonths: 13, now: NOW });
    expect(summary).toMatchObject({ signUps: 1, links: 1, sessions: 1, guestSaves: 1, throttleRows: 1 });
    expect(sqlite.prepare("SELECT trip_id FROM guest_saved_trips").pluck().all()).toEqual(["t-ny"]);
    expect(sqlite.prepare("SELECT token_hash FROM pending_sign_ups").pluck().all()).toEqual(["ny"]);
    expect(sqlite.prepare("SELECT token_hash FROM account_tokens").pluck().all()).toEqual(["nyt"]);
    expect(sqlite.prepare("SELECT id_hash FROM sessions").pluck().all()).toEqual(["gyldig"]);
    expect(sqlite.prepare("SELECT key FROM login_attempts").pluck().all()).toEqual(["login:ip:192.0.2.1"]);
  });

  it("deletes the e-mail log past the retention period, but never what keeps a trip from being mailed twice", async () => {
    const sqlite = db.$client;
    const user = db.insert(users).values({ email: "agent@example.dk", passwordHash: "x" }).returning({ id: users.id }).get().id;
    createAgent(db, user, { name: "Aktiv", query: "", frequency: "instant" });
    createAgent(db, user, { name: "Sovende", query: "adultCount=3", frequency: "instant" });
    const [active, sleeping] = sqlite.prepare("SELECT id FROM search_agents WHERE user_id = ? ORDER BY id").pluck().all(user) as number[];
    // The active agent mailed 20 months ago and last week; the sleeping one last mailed 14 months ago.
    sqlite.prepare("UPDATE search_agents SET last_notified_at = ? WHERE id = ?").run(ago(7 * DAY), active);
    sqlite.prepare("UPDATE search_agents SET last_notified_at = ?, active = 0 WHERE id = ?").run(ago(14 * MONTH), sleeping);
    const row = sqlite.prepare("INSERT INTO agent_notifications VALUES (?, ?, ?, ?, ?)");
    row.run(active, "t-gammel", ago(20 * MONTH), "sent", "b1");
    row.run(active, "t-ny", ago(7 * DAY), "sent", "b2");
    row.run(active, "t-venter", ago(20 * MONTH), "pending", "b0");
    row.run(sleeping, "t-sidst", ago(14 * MONTH), "sent", "b3");
    row.run(sleeping, "t-foer", ago(16 * MONTH), "sent", "b4");
    const drop = sqlite.prepare("INSERT INTO agent_price_drops VALUES (?, ?, ?, ?, ?, 'sent', ?)");
    drop.run(active, "t-fald", 9000, 10000, ago(19 * MONTH), "b5");
    drop.run(active, "t-fald", 8000, 9000, ago(2 * MONTH), "b6");

    expect(enforceRetention(db, { retentionMonths: 13, now: NOW }).mailLog).toBe(3);
    expect(sqlite.prepare("SELECT trip_id FROM agent_notifications ORDER BY trip_id").pluck().all()).toEqual([
      "t-ny",
      "t-sidst",
      "t-venter",
    ]);
    expect(sqlite.prepare("SELECT price FROM agent_price_drops").pluck().all()).toEqual([8000]);
    // Nothing more to do the next time.
    expect(enforceRetention(db, { retentionMonths: 13, now: NOW }).mailLog).toBe(0);
  });

  it("sums up counted views and clicks per hour past the retention period, without their hashes, every total unchanged", () => {
    const sqlite = db.$client;
    sqlite.prepare("INSERT INTO travel_companies VALUES ('alpetours', 'Alpetours')").run();
    const bannerId = sqlite
      .prepare("INSERT INTO banners (provider, url, image, position) VALUES ('Skiskolen', 'https://x.example', '/b.svg', 1) RETURNING id")
      .pluck()
      .get();
    const click = sqlite.prepare(
      "INSERT INTO offer_clicks (trip_id, company_slug, affiliate_id, at, visitor, address) VALUES (?, 'alpetours', ?, ?, ?, ?)",
    );
    const event = sqlite.prepare(
      "INSERT INTO banner_events (banner_id, kind, affiliate_id, at, visitor, address) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const old = Date.parse("2025-06-01T10:00:00Z");
    // Two hours, 14 months ago: five clicks, three of them through a partner; banner views and clicks.
    for (let i = 0; i < 5; i++) click.run("t1", i < 3 ? "partner" : null, old + i * 600_000, `v${i}`, `a${i}`);
    click.run("t2", null, old + 3_700_000, "v9", "a9");
    for (let i = 0; i < 4; i++)
      event.run(bannerId, i === 0 ? "click" : "view", i === 0 ? "partner" : null, old + i * 60_000, `v${i}`, `a${i}`);
    // Recent ones stay as they are.
    click.run("t1", null, ago(DAY), "nyv", "nya");
    event.run(bannerId, "view", null, ago(DAY), "nyv", "nya");

    const period = { from: "2025-05-01", to: "2027-01-15" };
    const totals = () => ({
      company: offerClicksPerCompany(db),
      affiliate: offerClicksPerAffiliate(db),
      bannerAffiliate: bannerClicksPerAffiliate(db),
      banners: bannerStats(db),
      chart: ["selskaber", "partnere", "bannere"].map((name) => clickStats(db, name as "selskaber", period)),
    });
    const before = totals();
    expect(before.company).toEqual([{ key: "alpetours", name: "Alpetours", clicks: 7 }]);

    const summary = enforceRetention(db, { retentionMonths: 13, now: NOW });
    expect(summary.countedRows).toBe(10);
    // t1 with and without the partner in the first hour, t2 in the next; the banner's views and its click.
    expect(summary.countedInto).toBe(5);
    expect(totals()).toEqual(before);
    expect(count("offer_clicks", `at < ${ago(MONTH)} AND (visitor IS NOT NULL OR address IS NOT NULL)`)).toBe(0);
    expect(count("banner_events", `at < ${ago(MONTH)} AND (visitor IS NOT NULL OR address IS NOT NULL)`)).toBe(0);
    expect(count("offer_clicks", "visitor = 'nyv'")).toBe(1);
    expect(count("banner_events", "visitor = 'nyv'")).toBe(1);
    // Again: nothing left to sum up.
    expect(enforceRetention(db, { retentionMonths: 13, now: NOW })).toMatchObject({ countedRows: 0, countedInto: 0 });
    expect(totals()).toEqual(before);
  });
});

describe("what a run reads (it runs after every notify, every 5 minutes)", () => {
  const plan = (sql: string, params: Record<string, number>) =>
    (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as Array<{ detail: string }>).map((row) => row.detail);

  it("finds the old e-mail log through (status, sent_at), never by scanning every sent row", () => {
    for (const table of ["agent_notifications", "agent_price_drops"] as const) {
      const steps = plan(mailLogDelete(table), { cutoff: 1, grace: 1 });
      expect(steps).toContain(`SEARCH ${table} USING INDEX ${table}_sent (status=? AND sent_at<?)`);
      expect(steps.filter((step) => step.startsWith("SCAN"))).toEqual([]);
    }
  });

  it("reads only the counted rows not yet summed up, through the partial `at` index", () => {
    for (const table of ["offer_clicks", "banner_events"] as const) {
      const sql = countedStatements(table);
      const index = new RegExp(`^SEARCH ${table} USING (COVERING )?INDEX ${table}_at \\(at[<>]`);
      for (const [statement, params] of [
        [sql.oldest, { cutoff: 1 }],
        [sql.into, { from: 0, to: 1 }],
        [sql.remove, { from: 0, to: 1 }],
      ] as const) {
        const steps = plan(statement, params);
        expect(
          steps.some((step) => index.test(step)),
          `${statement}: ${steps.join("; ")}`,
        ).toBe(true);
        expect(
          steps.filter((step) => step.startsWith("SCAN")),
          statement,
        ).toEqual([]);
      }
      const partial = db.$client.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(`${table}_at`) as string;
      expect(partial).toContain("WHERE (visitor IS NOT NULL OR address IS NOT NULL)");
    }
  });

  it("sums up rows spread over many days, a day at a time, and the hours at the cutoff whole", () => {
    const sqlite = db.$client;
    const click = sqlite.prepare(
      "INSERT INTO offer_clicks (trip_id, company_slug, at, visitor, address) VALUES ('t5', 'alpetours', ?, ?, 'a')",
    );
    const cutoff = retentionCutoff(NOW, 13).getTime();
    // Ten days before the cutoff, two clicks a day at 23:30 and 00:30 UTC (two hours, two days);
    // and two in the hour just after the cutoff, which stay.
    for (let day = 1; day <= 10; day++) {
      click.run(cutoff - day * DAY - 30 * 60_000, `d${day}a`);
      click.run(cutoff - day * DAY + 30 * 60_000, `d${day}b`);
    }
    click.run(cutoff + 60_000, "after1");
    click.run(cutoff + 120_000, "after2");
    const total = () => sqlite.prepare("SELECT sum(counted) FROM offer_clicks WHERE trip_id = 't5'").pluck().get();
    const summary = enforceRetention(db, { retentionMonths: 13, now: NOW });
    expect(summary).toMatchObject({ countedRows: 20, countedInto: 20 });
    expect(total()).toBe(22);
    expect(count("offer_clicks", "trip_id = 't5' AND visitor IS NOT NULL")).toBe(2);
    expect(count("offer_clicks", `trip_id = 't5' AND at < ${cutoff} AND counted = 1 AND visitor IS NULL`)).toBe(20);
    sqlite.prepare("DELETE FROM offer_clicks WHERE trip_id = 't5'").run();
  });
});

describe("the CLI", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it("`maintenance` prints what it did; RETENTION_MONTHS sets the period, and a bad value stops it with a message", async () => {
    const sqlite = db.$client;
    sqlite
      .prepare("INSERT INTO offer_clicks (trip_id, company_slug, at, visitor, address) VALUES ('t1', 'alpetours', ?, 'v', 'a')")
      .run(Date.now() - 2 * MONTH);
    const ran = await runIndexer(["maintenance"], { DATABASE_URL: file, RETENTION_MONTHS: "1" });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(
      /^Oprydning: slettet 0 ubekræftede tilmeldinger, 0 ubrugte links, 0 udløbne log-ind, 0 gemte rejser uden konto, \d+ gamle forsøg og 0 linjer i e-mail-loggen ældre end 1 måneder; 1 talt visning eller klik ældre end 1 måneder lagt sammen i 1 række\.$/m,
    );
    const bad = await runIndexer(["maintenance"], { DATABASE_URL: file, RETENTION_MONTHS: "0" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("RETENTION_MONTHS: skal være mindst 1 måned");
  });

  it("`notify` enforces the retention after its run and mails nothing twice", async () => {
    await importLines(db, [trip({ id: "cli-t1", departureDate: departureInDays(50) })]);
    const user = db.insert(users).values({ email: "cli@example.dk", passwordHash: "x" }).returning({ id: users.id }).get().id;
    createAgent(db, user, { name: "Alt", query: "", frequency: "instant" });
    db.$client.prepare("UPDATE search_agents SET created_at = 0 WHERE user_id = ?").run(user);
    // The first run mails the trip; the second (after the retention) finds nothing new.
    const first = await runNotifier(db, { transport: { sendMail: () => Promise.resolve() }, baseUrl: "http://pistepris.test" });
    expect(first.trips).toBeGreaterThan(0);
    const signUp = db.$client.prepare("INSERT INTO pending_sign_ups VALUES ('x', 'gammel@example.dk', '/', ?, ?)");
    signUp.run(Date.now() - 8 * DAY, Date.now() - 7 * DAY);
    const before = smtp.messages.length;
    const ran = await runIndexer(["notify"], { DATABASE_URL: file, SMTP_URL: smtp.url });
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain("Oprydning: slettet 1 ubekræftet tilmelding");
    expect(smtp.messages.slice(before).filter((m) => m.to.includes("cli@example.dk"))).toEqual([]);
  });
});
