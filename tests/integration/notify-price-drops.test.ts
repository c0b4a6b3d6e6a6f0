import fs from "node:fs";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { agentPriceDrops, users } from "../../db/schema";
import { createAgent } from "../../app/services/agents/agents.server";
import { runNotifier } from "../../app/services/agents/notify.server";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import { startSmtp, tripIdsIn, type TestSmtp } from "../support/smtp";
import type { FeedLine } from "../../cli/feed-schema";

// Price drops in the search agents' e-mails, against a real SMTP server: an agent that opted in
// ("Giv besked ved prisfald") gets a trip whose price fell since its last e-mail, once per
// (agent, trip, price); an agent that did not gets nothing about it.

const BASE = "https://pistepris.test";
const T0 = new Date("2026-11-01T08:00:00Z");
const T1 = new Date("2026-12-01T06:00:00Z");
const T2 = new Date("2026-12-03T06:00:00Z");
const T3 = new Date("2026-12-05T06:00:00Z");
const after = (t: Date, minutes = 1) => new Date(t.getTime() + minutes * 60_000);
const offer = (id: string, price: number): FeedLine =>
  trip({ id, price, pricePerPerson: price / 2, originalPrice: null, url: `https://alpetours.example.dk/${id}` });

describe("price drops in the agents' e-mails", () => {
  let db: Db;
  let dir: string;
  let smtp: TestSmtp;
  const run = (now: Date) =>
    runNotifier(db, {
      transport: nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }),
      now,
      baseUrl: BASE,
    });
  const mailTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const feed = (priceOfA: number) => [offer("vt-a", priceOfA), offer("vt-b", 9000), offer("vt-c", 14000)];

  beforeAll(async () => {
    ({ db, dir } = tempDb());
    smtp = await startSmtp();
    const user = (email: string) =>
      db.insert(users).values({ email, passwordHash: "x", createdAt: T0 }).returning({ id: users.id }).get().id;
    createAgent(db, user("anna@example.dk"), {
      name: "Val Thorens",
      query: "destinationSlugs=val-thorens",
      frequency: "instant",
      priceDrops: true,
    });
    createAgent(db, user("bo@example.dk"), { name: "Uden prisfald", query: "destinationSlugs=val-thorens", frequency: "instant" });
    // The agents exist before the first import (their creation time is now; the imports are later).
    await importLines(db, feed(12000), T1);
  });
  afterAll(async () => {
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the first e-mails list the new trips only", async () => {
    const summary = await run(after(T1));
    expect(summary).toMatchObject({ agents: 2, trips: 6, drops: 0, messages: 2 });
    expect(tripIdsIn(mailTo("anna@example.dk")[0]).sort()).toEqual(["vt-a", "vt-b", "vt-c"]);
  });

  it("the same feed with one lower price: the opted-in agent's e-mail lists the drop once, the other agent gets nothing", async () => {
    await importLines(db, feed(10800), T2);
    const before = smtp.messages.length;
    const summary = await run(after(T2));
    expect(summary).toMatchObject({ agents: 1, trips: 0, drops: 1, messages: 1, failed: 0 });
    const mails = smtp.messages.slice(before);
    expect(mails.map((m) => m.to[0])).toEqual(["anna@example.dk"]);
    const [mail] = mails;
    expect(mail.subject).toBe('1 prisfald til din søgeagent "Val Thorens"');
    expect(tripIdsIn(mail)).toEqual(["vt-a"]);
    expect(mail.text).toContain('Prisen er faldet på 1 skirejse i din søgeagent "Val Thorens", siden vi sidst skrev.');
    expect(mail.text).toContain("10.800 kr. for 2 personer · 5.400 kr. pr. person");
    expect(mail.text).toContain("Prisen er faldet 1.200 kr. (før 12.000 kr.)");
    expect(mail.html).toContain("Prisen er faldet 1.200 kr. (før 12.000 kr.)");
    expect(mailTo("bo@example.dk")).toHaveLength(1);
    expect(
      db
        .select()
        .from(agentPriceDrops)
        .all()
        .map((r) => [r.tripId, r.price, r.previousPrice, r.status]),
    ).toEqual([["vt-a", 10800, 12000, "sent"]]);
  });

  it("a second run sends nothing more, nor does an unchanged re-import", async () => {
    const before = smtp.messages.length;
    expect(await run(after(T2, 5))).toMatchObject({ agents: 0, drops: 0, messages: 0 });
    await importLines(db, feed(10800), after(T2, 60));
    expect(await run(after(T2, 61))).toMatchObject({ agents: 0, drops: 0, messages: 0 });
    expect(smtp.messages).toHaveLength(before);
  });

  it("a rise is no drop; falling again to a new price is mailed again, once", async () => {
    await importLines(db, feed(11500), T3);
    expect(await run(after(T3))).toMatchObject({ drops: 0, messages: 0 });
    await importLines(db, feed(9900), after(T3, 60));
    const before = smtp.messages.length;
    expect(await run(after(T3, 61))).toMatchObject({ drops: 1, messages: 1 });
    expect(smtp.messages.slice(before)[0].text).toContain("Prisen er faldet 1.600 kr. (før 11.500 kr.)");
    expect(await run(after(T3, 62))).toMatchObject({ drops: 0, messages: 0 });
  });
});
