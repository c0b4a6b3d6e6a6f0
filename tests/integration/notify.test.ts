import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { agentNotifications, searchAgents, users } from "../../db/schema";
import { outboxTransport } from "../../app/services/mail/transport.server";
import * as route from "../../app/routes/agents/unsubscribe";
import { testContext } from "../support/context";
import { runNotifier } from "../../app/services/agents/notify.server";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import { parseMail, startSmtp, tripIdsIn, type ReceivedMail, type TestSmtp } from "../support/smtp";
import type { FeedLine } from "../../cli/feed-schema";

// The search agents' e-mails (app/services/agents/notify.server.ts) against a real SMTP server:
// one Danish e-mail per due agent with exactly its new matching trips, nothing for paused or
// not-due agents or when nothing is new, exactly once per (agent, trip) even when the notifier is
// killed mid-run, the .eml outbox, and the unsubscribe link.

const BASE = "https://pistepris.test";
const T0 = new Date("2026-11-01T08:00:00Z"); // agents created
const T1 = new Date("2026-12-01T06:00:00Z"); // first import
const T2 = new Date("2026-12-02T06:00:00Z"); // second import
const after = (t: Date, minutes = 1) => new Date(t.getTime() + minutes * 60_000);

const austria = (id: string, pricePerPerson: number, accommodation = "alpenhof"): FeedLine =>
  trip({
    id,
    accommodation: {
      id: accommodation,
      name: "Alpenhof",
      destination: {
        slug: "st-anton",
        name: "St. Anton",
        region: { slug: "tirol", name: "Tirol" },
        country: { slug: "oestrig", name: "Østrig" },
      },
    },
    travelCompany: { slug: "snowtravel", name: "Snowtravel" },
    price: pricePerPerson * 2,
    pricePerPerson,
    originalPrice: null,
    url: `https://snowtravel.example.dk/${id}`,
  });
const valThorens = (id: string, patch: Parameters<typeof trip>[0] = {}): FeedLine =>
  trip({ id, url: `https://alpetours.example.dk/${id}`, ...patch });

function addUser(db: Db, email: string): number {
  return db.insert(users).values({ email, passwordHash: "x", createdAt: T0 }).returning({ id: users.id }).get().id;
}
function addAgent(db: Db, userId: number, name: string, query: string, more: Partial<typeof searchAgents.$inferInsert> = {}): number {
  return db
    .insert(searchAgents)
    .values({ userId, name, query, createdAt: T0, ...more })
    .returning({ id: searchAgents.id })
    .get().id;
}
const smtpTransport = (smtp: TestSmtp) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });

describe("notify over SMTP", () => {
  let db: Db;
  let dir: string;
  let smtp: TestSmtp;
  let anna: number;
  let vt: number, cheap: number, daily: number, paused: number;
  const T1_LINES = [
    valThorens("alpetours-vt1"),
    valThorens("alpetours-vt2-4p", { persons: 4, price: 23960, pricePerPerson: 5990 }),
    austria("snowtravel-at1", 4500),
    austria("snowtravel-at2", 6000),
  ];
  const T2_LINES = [...T1_LINES, valThorens("alpetours-vt4", { departureDate: "2027-03-06" }), austria("snowtravel-at3", 4000)];
  const run = (now: Date) => runNotifier(db, { transport: smtpTransport(smtp), now, baseUrl: BASE });

  beforeAll(async () => {
    ({ db, dir } = tempDb());
    smtp = await startSmtp();
    anna = addUser(db, "anna@example.dk");
    const bo = addUser(db, "bo@example.dk");
    vt = addAgent(db, anna, "Val Thorens", "destinationSlugs=val-thorens");
    cheap = addAgent(db, bo, "Østrig billigt", "destinationSlugs=oestrig&maxPrice=5000&sort=price:asc");
    daily = addAgent(db, anna, "Alt om dagen", "", { frequency: "daily", lastNotifiedAt: new Date(T1.getTime() - 2 * 3_600_000) });
    paused = addAgent(db, bo, "Sat på pause", "", { active: false });
    await importLines(db, T1_LINES, T1);
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const mailTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  it("sends one Danish e-mail per due agent with exactly its new matching trips", async () => {
    const summary = await run(after(T1));
    expect(summary).toMatchObject({ agents: 2, trips: 2, messages: 2, failed: 0, locked: false });
    expect(smtp.messages).toHaveLength(2);

    const [toAnna] = mailTo("anna@example.dk");
    expect(tripIdsIn(toAnna)).toEqual(["alpetours-vt1"]); // not the 4-person trip, not Austria
    expect(toAnna.headers.get("from")).toBe("Pistepris <soegeagent@pistepris.dk>");
    expect(toAnna.subject).toBe('1 ny skirejse til din søgeagent "Val Thorens"');
    expect(toAnna.text).toContain('Din søgeagent "Val Thorens" har fundet 1 ny skirejse');
    expect(toAnna.text).toContain("Hotel L'Aiguille, Val Thorens, Frankrig");
    expect(toAnna.text).toContain("Afrejse 13. februar 2027 · 7 nætter · hos Alpetours");
    expect(toAnna.text).toContain("11.980 kr. for 2 personer · 5.990 kr. pr. person");
    expect(toAnna.text).toContain(`Se tilbuddet: ${BASE}/ud/alpetours-vt1`);
    expect(toAnna.text).toContain(`Se alle rejser i din søgning: ${BASE}/skirejser?destinationSlugs=val-thorens`);
    expect(toAnna.html).toContain(`href="${BASE}/ud/alpetours-vt1"`);
    expect(toAnna.html).toContain("Hotel L&#39;Aiguille, Val Thorens, Frankrig");
    expect(toAnna.html).toContain('lang="da"');

    const unsubscribe = toAnna.headers.get("list-unsubscribe");
    expect(unsubscribe).toMatch(new RegExp(`^<${BASE}/soegeagenter/afmeld/${vt}\\.[A-Za-z0-9_-]{43}>$`));
    expect(toAnna.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(toAnna.text).toContain(`Afmeld denne søgeagent: ${unsubscribe!.slice(1, -1)}`);
    expect(toAnna.messageId).toMatch(new RegExp(`^<agent-${vt}\\.[a-z0-9-]+@pistepris\\.test>$`));

    const [toBo] = mailTo("bo@example.dk");
    expect(tripIdsIn(toBo)).toEqual(["snowtravel-at1"]); // 4.500 kr. pr. person ≤ 5.000, not 6.000
    expect(toBo.subject).toBe('1 ny skirejse til din søgeagent "Østrig billigt"');
    expect(toBo.text).toContain("Alpenhof, St. Anton, Østrig");
    expect(toBo.text).toContain(`${BASE}/skirejser?destinationSlugs=oestrig&maxPrice=5000&sort=price:asc`);

    // Recorded as sent, and the agent's last notification moved on; nothing for the paused or not-due agent.
    const rows = db.select().from(agentNotifications).all();
    expect(rows.map((r) => [r.agentId, r.tripId, r.status]).sort()).toEqual(
      [
        [vt, "alpetours-vt1", "sent"],
        [cheap, "snowtravel-at1", "sent"],
      ].sort(),
    );
    const agents = db.select().from(searchAgents).all();
    expect(agents.find((a) => a.id === vt)!.lastNotifiedAt).toEqual(after(T1));
    expect(agents.find((a) => a.id === daily)!.lastNotifiedAt).toEqual(new Date(T1.getTime() - 2 * 3_600_000));
    expect(rows.some((r) => r.agentId === paused || r.agentId === daily)).toBe(false);
  });

  it("mails only the trips that are new since the last e-mail", async () => {
    await importLines(db, T2_LINES, T2);
    const before = smtp.messages.length;
    const summary = await run(after(T2));
    // The daily agent is due now too (a day after its last e-mail): see the next test.
    expect(summary).toMatchObject({ agents: 3, trips: 7, messages: 3 });
    const fresh = smtp.messages.slice(before).filter((m) => !m.subject.includes("Alt om dagen"));
    expect(fresh.map((m) => [m.to[0], tripIdsIn(m)]).sort()).toEqual([
      ["anna@example.dk", ["alpetours-vt4"]],
      ["bo@example.dk", ["snowtravel-at3"]],
    ]);
    expect(fresh.find((m) => m.to[0] === "anna@example.dk")!.text).toContain("Afrejse 6. marts 2027");
  });

  it("sends nothing when nothing is new", async () => {
    const before = smtp.messages.length;
    const summary = await run(after(T2, 5));
    expect(summary).toMatchObject({ agents: 0, trips: 0, messages: 0 });
    expect(smtp.messages).toHaveLength(before);
  });

  it("waits a day for a daily agent, then sends everything new in one e-mail; never a paused agent", async () => {
    // At T1 + 1 min and T2 + 1 min the daily agent (last e-mail T1 − 2 h) was due only at T2: check
    // what it got then, and that it is not due again until a day later.
    const dailyMails = () => smtp.messages.filter((m) => m.subject.includes('"Alt om dagen"'));
    expect(dailyMails()).toHaveLength(1);
    // Its search is every destination for 2 persons: everything for 2 persons first seen since its last e-mail.
    expect(tripIdsIn(dailyMails()[0]).sort()).toEqual([
      "alpetours-vt1",
      "alpetours-vt4",
      "snowtravel-at1",
      "snowtravel-at2",
      "snowtravel-at3",
    ]);
    expect(dailyMails()[0].subject).toBe('5 nye skirejser til din søgeagent "Alt om dagen"');

    await importLines(db, [...T2_LINES, valThorens("alpetours-vt5")], after(T2, 60));
    const before = smtp.messages.length;
    await run(after(T2, 120)); // not a day since its last e-mail
    expect(smtp.messages.slice(before).map((m) => m.subject)).toEqual(['1 ny skirejse til din søgeagent "Val Thorens"']);
    await run(after(T2, 24 * 60 + 1));
    expect(dailyMails()).toHaveLength(2);
    expect(tripIdsIn(dailyMails()[1])).toEqual(["alpetours-vt5"]);
    expect(smtp.messages.some((m) => m.subject.includes("Sat på pause"))).toBe(false);
  });

  describe("unsubscribe link", () => {
    const tokenOf = (mail: ReceivedMail) => /\/afmeld\/([^>]+)>/.exec(mail.headers.get("list-unsubscribe")!)![1];
    async function call(fn: "loader" | "action", token: string, init?: RequestInit): Promise<Response> {
      const args = { request: new Request(`${BASE}/soegeagenter/afmeld/${token}`, init), params: { token }, context: testContext(db) };
      try {
        return await (fn === "loader" ? route.loader(args) : route.action(args));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }

    it("GET asks for confirmation and changes nothing", async () => {
      const token = tokenOf(mailTo("bo@example.dk")[0]);
      const res = await call("loader", token);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Vil du afmelde søgeagenten &#34;Østrig billigt&#34;?");
      expect(html).toContain('<form method="post"><button type="submit">Ja, afmeld søgeagenten</button></form>');
      expect(db.select().from(searchAgents).where(eq(searchAgents.id, cheap)).get()!.active).toBe(true);
    });

    it("a one-click POST (RFC 8058) pauses the agent, and it gets no more e-mails", async () => {
      const token = tokenOf(mailTo("bo@example.dk")[0]);
      const res = await call("action", token, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.com" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Søgeagenten er afmeldt");
      expect(db.select().from(searchAgents).where(eq(searchAgents.id, cheap)).get()!.active).toBe(false);

      await importLines(db, [...T2_LINES, valThorens("alpetours-vt5"), austria("snowtravel-at6", 3000)], after(T2, 3 * 24 * 60));
      const before = smtp.messages.length;
      await run(after(T2, 3 * 24 * 60 + 1));
      expect(smtp.messages.slice(before).some((m) => m.to.includes("bo@example.dk"))).toBe(false);
    });

    it("a forged, malformed or another agent's token is a 404", async () => {
      const token = tokenOf(mailTo("anna@example.dk")[0]);
      const [id, mac] = token.split(".");
      const forged = [`${cheap}.${mac}`, `${id}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`, id, "999.x", `${id}.${mac}x`];
      for (const bad of forged) {
        expect((await call("loader", bad)).status).toBe(404);
        expect((await call("action", bad, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(404);
      }
      expect(db.select().from(searchAgents).where(eq(searchAgents.id, vt)).get()!.active).toBe(true);
    });
  });
});

describe("exactly once when the notifier is killed", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  /** Three agents with two new trips each. */
  async function setup() {
    const { db, dir, file } = tempDb();
    const user = addUser(db, "kim@example.dk");
    const agents = ["val-thorens", "st-anton", "zermatt"].map((slug) => addAgent(db, user, slug, `destinationSlugs=${slug}`));
    const lines = ["val-thorens", "st-anton", "zermatt"].flatMap((slug) =>
      [1, 2].map((n) =>
        trip({
          id: `alpetours-${slug}-${n}`,
          departureDate: `2027-02-0${n}`,
          accommodation: { id: `hotel-${slug}`, destination: { slug, name: slug } },
        }),
      ),
    );
    await importLines(db, lines, T1);
    const expected = agents.flatMap((agent, i) =>
      [1, 2].map((n) => `${agent}:alpetours-${["val-thorens", "st-anton", "zermatt"][i]}-${n}`),
    );
    return { db, dir, file, agents, expected };
  }

  function child(file: string, env: Record<string, string> = {}) {
    const proc = spawn(process.execPath, ["--import", "tsx", "tests/support/notify-child.ts"], {
      env: { ...process.env, NOTIFY_DB: file, NOTIFY_SMTP_URL: smtp.url, NOTIFY_NOW: after(T1).toISOString(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout.on("data", (c) => (output += c));
    proc.stderr.on("data", (c) => (output += c));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
      proc.on("exit", (code, signal) => resolve({ code, signal, output })),
    );
    return { proc, exited };
  }

  /** Every (agent, trip) pair in the accepted messages, with the Message-ID it came in. */
  function pairs(messages: ReceivedMail[], agents: number[]): Array<{ pair: string; messageId: string }> {
    return messages.flatMap((m) => {
      const agent = agents.find((a) => m.messageId.startsWith(`<agent-${a}.`))!;
      return tripIdsIn(m).map((t) => ({ pair: `${agent}:${t}`, messageId: m.messageId }));
    });
  }

  it("killed while the SMTP server holds a message: after a rerun every (agent, trip) was mailed exactly once", async () => {
    const { db, dir, file, agents, expected } = await setup();
    smtp.messages.length = 0;
    // The first message goes through; the server hangs on the second, and the notifier is killed there.
    const stalled = smtp.stallNext(1);
    const { proc, exited } = child(file);
    await stalled;
    proc.kill("SIGKILL");
    expect((await exited).signal).toBe("SIGKILL");
    expect(smtp.messages).toHaveLength(1);
    const statuses = db.select().from(agentNotifications).all();
    expect(statuses.filter((r) => r.status === "sent")).toHaveLength(2);
    expect(statuses.filter((r) => r.status === "pending")).toHaveLength(2); // the batch being sent when killed

    const rerun = child(file);
    const result = await rerun.exited;
    expect(result.code, result.output).toBe(0);
    const mailed = pairs(smtp.messages, agents);
    expect(mailed.map((p) => p.pair).sort()).toEqual([...expected].sort()); // each pair exactly once, none lost
    expect(smtp.messages).toHaveLength(3);
    expect(
      db
        .select()
        .from(agentNotifications)
        .all()
        .every((r) => r.status === "sent"),
    ).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("killed after the server accepted, before marking sent: at most that one message again, same Message-ID, nothing lost", async () => {
    const { db, dir, file, agents, expected } = await setup();
    smtp.messages.length = 0;
    const killed = await child(file, { NOTIFY_DIE_AFTER_SEND: "1" }).exited;
    expect(killed.signal).toBe("SIGKILL");
    expect(smtp.messages).toHaveLength(1);
    expect(
      db
        .select()
        .from(agentNotifications)
        .all()
        .filter((r) => r.status === "pending"),
    ).toHaveLength(2);

    const result = await child(file).exited;
    expect(result.code, result.output).toBe(0);
    // The documented bound: the one message in the kill window is sent again, recognisably (same
    // Message-ID and trips); every other (agent, trip) pair exactly once; none lost.
    expect(smtp.messages).toHaveLength(4);
    expect(smtp.messages[1].messageId).toBe(smtp.messages[0].messageId);
    expect(tripIdsIn(smtp.messages[1])).toEqual(tripIdsIn(smtp.messages[0]));
    const mailed = pairs(smtp.messages.slice(1), agents);
    expect(mailed.map((p) => p.pair).sort()).toEqual([...expected].sort());
    expect(
      db
        .select()
        .from(agentNotifications)
        .all()
        .every((r) => r.status === "sent"),
    ).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("outbox mode", () => {
  it("writes one .eml per agent without SMTP, listing 20 trips and 'og N flere'", async () => {
    const { db, dir } = tempDb();
    const user = addUser(db, "eva@example.dk");
    const agent = addAgent(db, user, "Alt", "sort=price:asc");
    const lines = Array.from({ length: 23 }, (_, i) =>
      valThorens(`alpetours-many-${String(i).padStart(2, "0")}`, { price: 10000 + i, pricePerPerson: 5000 + i }),
    );
    await importLines(db, lines, T1);
    const outbox = path.join(dir, "outbox");
    const summary = await runNotifier(db, { transport: outboxTransport(outbox), now: after(T1), baseUrl: BASE });
    expect(summary).toMatchObject({ agents: 1, trips: 23, messages: 1 });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^agent-${agent}\\..+\\.eml$`));
    const raw = fs.readFileSync(path.join(outbox, files[0]), "utf8");
    const mail = parseMail(raw);
    expect(mail.headers.get("to")).toBe("eva@example.dk");
    // Readable as saved: Danish text as it is, and every link whole on its line.
    expect(raw).toContain("søgeagent");
    expect(raw).toContain(`${BASE}/skirejser?sort=price:asc`);
    for (const id of tripIdsIn(mail)) expect(raw).toContain(`${BASE}/ud/${id}`);
    expect(mail.subject).toBe('23 nye skirejser til din søgeagent "Alt"');
    // Cheapest first (the agent's sort), 20 listed, the rest counted and reached through the search.
    expect(tripIdsIn(mail)).toEqual(lines.slice(0, 20).map((l) => l.id));
    expect(mail.text).toContain("og 3 flere");
    expect(mail.text).toContain(`${BASE}/skirejser?sort=price:asc`);
    expect(db.select().from(agentNotifications).all()).toHaveLength(23);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
