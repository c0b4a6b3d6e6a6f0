import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { agentNotifications, agentPriceDrops, offerClicks, searchAgents, users } from "../../db/schema";
import { feedStream, importLines, tempDb } from "../support/db";
import { importFeed } from "../../cli/import-feed";
import { departureInDays, trip } from "../support/feed";
import { overview } from "../../app/services/ops/overview.server";
import { texts } from "../../app/domain/texts";
import { agentStats } from "../../app/services/ops/agent-stats.server";
import { recordNotifyRun } from "../../app/services/agents/notify-runs.server";
import { EmbeddedEngine } from "../../app/search/embedded/engine";
import { ReferenceSqlEngine } from "../../app/search/sql/reference";

// The dashboard's overview and search-agent figures over a store with known trips, clicks, agents and e-mails.

let db: Db;
let dir: string;
// Wednesday 25 November 2026, 12:00 in Copenhagen.
const NOW = new Date("2026-11-25T11:00:00Z");
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importLines(db, [
    trip({ id: "a1", departureDate: departureInDays(40) }),
    trip({ id: "a2", departureDate: departureInDays(47) }),
    trip({ id: "n1", travelCompany: { slug: "nordski", name: "Nordski" }, departureDate: departureInDays(40) }),
  ]);
  // a2 leaves the sale.
  const second = [
    trip({ id: "a1", departureDate: departureInDays(40) }),
    trip({ id: "n1", travelCompany: { slug: "nordski", name: "Nordski" }, departureDate: departureInDays(40) }),
  ];
  await importFeed(db, feedStream(second), { maxRetireShare: 1 });
  const click = (iso: string) => ({ tripId: "a1", companySlug: "alpetours", at: at(iso) });
  // Today (Danish), Monday this week, and Sunday last week.
  db.insert(offerClicks)
    .values([click("2026-11-25T08:00:00Z"), click("2026-11-24T23:30:00Z"), click("2026-11-23T00:00:00Z"), click("2026-11-22T22:59:00Z")])
    .run();
  const userId = db.insert(users).values({ email: "a@example.dk", passwordHash: "x" }).returning().get().id;
  const agents = db
    .insert(searchAgents)
    .values([
      { userId, name: "a", query: "q=1", frequency: "daily" },
      { userId, name: "b", query: "q=2", frequency: "daily", active: false },
      { userId, name: "c", query: "q=3", frequency: "weekly" },
    ])
    .returning()
    .all();
  db.insert(agentNotifications)
    .values([
      // One e-mail of two trips yesterday, one today, one 10 days ago (outside 7 days).
      { agentId: agents[0].id, tripId: "a1", sentAt: at("2026-11-24T10:00:00Z"), status: "sent", batch: "b1" },
      { agentId: agents[0].id, tripId: "n1", sentAt: at("2026-11-24T10:00:00Z"), status: "sent", batch: "b1" },
      { agentId: agents[2].id, tripId: "a1", sentAt: at("2026-11-25T09:00:00Z"), status: "sent", batch: "b2" },
      { agentId: agents[2].id, tripId: "n1", sentAt: at("2026-11-15T09:00:00Z"), status: "sent", batch: "b0" },
      { agentId: agents[2].id, tripId: "x", sentAt: at("2026-11-25T09:00:00Z"), status: "pending", batch: "b3" },
    ])
    .run();
  // Price drops: one in the same e-mail as b2's new trip, one e-mail with a drop only.
  db.insert(agentPriceDrops)
    .values([
      {
        agentId: agents[2].id,
        tripId: "n1",
        price: 9000,
        previousPrice: 9500,
        sentAt: at("2026-11-25T09:00:00Z"),
        status: "sent",
        batch: "b2",
      },
      {
        agentId: agents[0].id,
        tripId: "a1",
        price: 8000,
        previousPrice: 8800,
        sentAt: at("2026-11-25T07:00:00Z"),
        status: "sent",
        batch: "b4",
      },
    ])
    .run();
  recordNotifyRun(db, at("2026-11-24T10:00:00Z"), { agents: 1, trips: 2, drops: 0, messages: 1, failed: 2, locked: false });
  recordNotifyRun(db, at("2026-11-25T09:00:00Z"), { error: "SMTP svarede ikke" });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the overview", () => {
  it("counts trips live and retired per company, agents, e-mails of 7 days, click-outs today and this week", () => {
    const o = overview(db, NOW);
    expect(o.companies.map(({ slug, live, retired }) => ({ slug, live, retired }))).toEqual([
      { slug: "alpetours", live: 1, retired: 1 },
      { slug: "nordski", live: 1, retired: 0 },
    ]);
    expect(o.generation).toBe(2);
    // b1, b2 (new trips and a drop: one e-mail) and b4 (a drop only).
    expect(o).toMatchObject({ activeAgents: 2, mailsLast7Days: 3, clicksToday: 2, clicksThisWeek: 3 });
  });
});

describe("when the running server picked up the generation", () => {
  afterEach(() => vi.useRealTimers());

  it("each engine records the moment it started serving a generation, not the moments it rebuilt the same one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-11-25T08:00:00Z"));
    const engines = [new EmbeddedEngine(db), new ReferenceSqlEngine(db)];
    for (const engine of engines) expect(engine.servedSince()).toEqual(at("2026-11-25T08:00:00Z"));
    vi.setSystemTime(at("2026-11-25T09:00:00Z"));
    for (const engine of engines) {
      await engine.reload();
      expect(engine.servedSince()).toEqual(at("2026-11-25T08:00:00Z"));
    }
    const before = engines[0].generation();
    await importLines(db, [
      trip({ id: "a1", departureDate: departureInDays(40) }),
      trip({ id: "n1", travelCompany: { slug: "nordski", name: "Nordski" }, departureDate: departureInDays(41) }),
    ]);
    vi.setSystemTime(at("2026-11-25T10:00:00Z"));
    for (const engine of engines) {
      await engine.reload();
      expect(engine.generation()).toBe(before + 1);
      expect(engine.servedSince()).toEqual(at("2026-11-25T10:00:00Z"));
    }
  });
});

describe("the search agents' figures", () => {
  it("per frequency, e-mails sent and failed per Danish day, and the last notify run", () => {
    const s = agentStats(db, 14, NOW);
    expect(s.perFrequency).toEqual([
      { frequency: "instant", active: 0, paused: 0 },
      { frequency: "daily", active: 1, paused: 1 },
      { frequency: "weekly", active: 1, paused: 0 },
    ]);
    expect(s.perDay).toHaveLength(14);
    expect(s.perDay.at(-1)).toEqual({ day: "2026-11-25", sent: 2, failed: 0 });
    expect(s.perDay.at(-2)).toEqual({ day: "2026-11-24", sent: 1, failed: 2 });
    expect(s.perDay.find((d) => d.day === "2026-11-15")).toEqual({ day: "2026-11-15", sent: 1, failed: 0 });
    expect(s.lastRun).toMatchObject({ error: "SMTP svarede ikke" });
  });

  it("tells a run's new trips and price drops, in singular or plural", () => {
    expect(texts.ops.agents.runOutcome(1, 0, 1, 1, 0)).toBe(
      "1 agent fik besked om 0 nye rejser og 1 prisfald i 1 e-mail; 0 kunne ikke sendes.",
    );
    expect(texts.ops.agents.runOutcome(1200, 1, 3, 1200, 2)).toBe(
      "1.200 agenter fik besked om 1 ny rejse og 3 prisfald i 1.200 e-mails; 2 kunne ikke sendes.",
    );
  });
});
