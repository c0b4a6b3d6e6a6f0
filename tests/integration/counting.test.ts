import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "../../db/client";
import { bannerEvents, banners, offerClicks } from "../../db/schema";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import { testContext, TEST_ORIGIN } from "../support/context";
import * as beacon from "../../app/routes/api/banner-events";
import { loader as bannerLink } from "../../app/routes/banner-redirect";
import { loader as clickOut } from "../../app/routes/offer-redirect";
import { bannerStats, recordBannerEvent } from "../../app/services/banners/banners.server";
import { offerClicksPerAffiliate, offerClicksPerCompany, recordOfferClick } from "../../app/services/offers/offers.server";

// Views and clicks count once per visitor, item and kind within the window (30 minutes by
// default): a client posting the same banner view in a loop, or following a click-out link again
// and again, adds one. The banner beacon only takes posts from our own pages.

let db: Db;
let dir: string;
let bannerId: number;
/** One app context, as the server has: its visitors' salt is the same for every request. */
let context: AppLoadContext;

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importLines(db, [trip({ id: "alpetours-t1" }), trip({ id: "alpetours-t2" })], new Date("2027-01-01T12:00:00Z"));
  context = testContext(db);
  bannerId = db
    .insert(banners)
    .values({ provider: "Skiudstyr", url: "https://example.com/ski", image: "/b.svg", position: 3 })
    .returning()
    .get().id;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

interface From {
  ip?: string;
  ua?: string;
  origin?: string | null;
}

async function answer(fn: () => unknown): Promise<Response> {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function postEvent(body: Record<string, unknown>, from: From = {}) {
  const headers = new Headers({ "Content-Type": "text/plain;charset=UTF-8", "User-Agent": from.ua ?? FIREFOX });
  if (from.origin !== null) headers.set("Origin", from.origin ?? TEST_ORIGIN);
  const request = new Request(`${TEST_ORIGIN}/api/banner-events`, { method: "POST", headers, body: JSON.stringify(body) });
  return answer(() => beacon.action({ request, params: {}, context: { ...context, clientAddress: from.ip ?? "192.0.2.10" } }));
}

function follow(path: string, params: Record<string, string>, loader: typeof clickOut, from: From = {}) {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { "User-Agent": from.ua ?? FIREFOX } });
  return answer(() => loader({ request, params, context: { ...context, clientAddress: from.ip ?? "192.0.2.10" } }));
}

const views = () => bannerStats(db).find((b) => b.id === bannerId)!.views;
const clicks = () => bannerStats(db).find((b) => b.id === bannerId)!.clicks;

describe("the banner beacon", () => {
  it("takes posts only from our own pages: another site's, or one without Origin and Referer, is a 403", async () => {
    expect((await postEvent({ bannerId, kind: "view" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await postEvent({ bannerId, kind: "view" }, { origin: null })).status).toBe(403);
    expect(db.select().from(bannerEvents).all()).toHaveLength(0);
  });

  it("counts a visitor's views of a banner once however often they are posted", async () => {
    for (let i = 0; i < 10; i++) expect((await postEvent({ bannerId, kind: "view" })).status).toBe(204);
    expect(views()).toBe(1);
    // Another browser on the same address, or the same browser elsewhere, is another visitor.
    await postEvent({ bannerId, kind: "view" }, { ua: CHROME });
    await postEvent({ bannerId, kind: "view" }, { ip: "198.51.100.7" });
    expect(views()).toBe(3);
    // A click is another kind: counted once too.
    for (let i = 0; i < 5; i++) await postEvent({ bannerId, kind: "click", affiliateId: "partner-1" });
    expect(clicks()).toBe(1);
  });

  it("one address counts as at most 20 visitors of a banner in the window, whatever user agents it sends", async () => {
    const before = views();
    for (let i = 0; i < 50; i++) await postEvent({ bannerId, kind: "view" }, { ip: "203.0.113.5", ua: `bot/${i}` });
    expect(views() - before).toBe(20);
  });

  it("an IPv6 address counts by its /64: the addresses one household or host is given are one", async () => {
    const before = views();
    for (let i = 0; i < 30; i++) await postEvent({ bannerId, kind: "view" }, { ip: `2001:db8:1:2:${i.toString(16)}::1`, ua: FIREFOX });
    await postEvent({ bannerId, kind: "view" }, { ip: "::ffff:198.51.100.7" }); // the IPv4 visitor above, mapped
    expect(views() - before).toBe(1);
  });
});

describe("the banner link and the offer click-out", () => {
  it("count a visitor's clicks once, and still send them on every time", async () => {
    const before = clicks();
    for (let i = 0; i < 5; i++)
      expect((await follow(`/banner/${bannerId}`, { id: String(bannerId) }, bannerLink, { ua: CHROME })).status).toBe(302);
    expect(clicks() - before).toBe(1);

    for (let i = 0; i < 5; i++)
      expect((await follow("/ud/alpetours-t1?aff=partner-1", { tripId: "alpetours-t1" }, clickOut)).status).toBe(302);
    await follow("/ud/alpetours-t2", { tripId: "alpetours-t2" }, clickOut);
    await follow("/ud/alpetours-t1", { tripId: "alpetours-t1" }, clickOut, { ua: CHROME });
    expect(offerClicksPerCompany(db)).toEqual([{ key: "alpetours", name: "Alpetours", clicks: 3 }]);
    expect(offerClicksPerAffiliate(db)).toEqual([{ key: "partner-1", name: "partner-1", clicks: 1 }]);
    expect(db.select().from(offerClicks).all()).toHaveLength(3);
  });
});

describe("the counting window", () => {
  it("counts a visitor again once their last counted event is older than the window", () => {
    const who = context.visitors.of("192.0.2.99", FIREFOX, new Date("2027-01-05T10:00:00Z"));
    const event = { bannerId, kind: "view" as const, affiliateId: undefined };
    const window = context.config.countWindowMs;
    expect(window).toBe(30 * 60_000);
    const at = (minutes: number) => new Date(Date.parse("2027-01-05T10:00:00Z") + minutes * 60_000);
    expect([0, 10, 29, 31, 45, 62].map((m) => recordBannerEvent(db, event, who, window, at(m)))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    const offer = { tripId: "alpetours-t2", companySlug: "alpetours", url: "" };
    expect([0, 4, 6].map((m) => recordOfferClick(db, offer, undefined, who, 5 * 60_000, at(m)))).toEqual([true, false, true]);
  });
});
