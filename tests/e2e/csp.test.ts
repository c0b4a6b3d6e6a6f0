import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../db/client";
import { searchAgents, users } from "../../db/schema";
import { unsubscribeToken } from "../../app/services/agents/unsubscribe.server";
import { importLines } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { confirmFromMail, submitSignUp } from "./support/accounts";
import { DESKTOP, newContext } from "./support/browser";
import { scrollToPart, waitForLive } from "./support/page";
import { useServerAndBrowser } from "./support/suite";

// The Content-Security-Policy the server sends is one the pages satisfy: in Chromium, with
// JavaScript and without, on the landing page, the results (list and map, with tiles from
// MAP_TILE_URL), the account pages, the unsubscribe page and the embed page inside a partner's
// frame on another origin, not one violation is reported, and the pages work (hydrated, tiles
// drawn). Every page is checked to have been served under the policy.

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==", "base64");

let tiles: http.Server;
let tileUrl = "";
let partner: http.Server;
let partnerUrl = "";

beforeAll(async () => {
  tiles = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "image/png", "Access-Control-Allow-Origin": "*" }).end(PNG),
  );
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  tileUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
});
afterAll(() => new Promise((r) => tiles?.close(r)));
const suite = useServerAndBrowser(() => ({ demoTrips: 1500, env: { MAP_TILE_URL: tileUrl } }));

beforeAll(async () => {
  // A partner's page on another origin (localhost, not 127.0.0.1) that pastes the embed snippet.
  partner = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Partner</title></head><body>
<div data-pistepris data-search="sort=price:asc" data-aff="partner-1"></div>
<script src="${suite.server.url}/embed.js" async></script></body></html>`);
  });
  await new Promise<void>((r) => partner.listen(0, "127.0.0.1", r));
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((r) => partner?.close(r)));

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** A context that records every CSP violation in every frame (events and console reports). */
async function watchedContext(javaScript: boolean): Promise<{ ctx: BrowserContext; violations: () => Promise<string[]> }> {
  const ctx = await newContext(suite.browser, { size: DESKTOP, javaScript, baseURL: suite.server.url });
  const console: string[] = [];
  ctx.on("console", (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) console.push(msg.text());
  });
  await ctx.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} ${e.sample}`),
    );
  });
  const violations = async () => {
    const fromEvents: string[] = [];
    for (const page of ctx.pages())
      for (const frame of page.frames())
        fromEvents.push(...((await frame.evaluate(() => window.cspViolations ?? []).catch(() => [])) as string[]));
    return [...fromEvents, ...console];
  };
  return { ctx, violations };
}

/** The document was served under our policy: a CSP with this response's nonce (with JavaScript off the events cannot report, so this matters). */
function servedUnderPolicy(response: Response | null): void {
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("default-src 'none'");
}

describe("with JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  let violations: () => Promise<string[]>;
  beforeAll(async () => {
    ({ ctx, violations } = await watchedContext(true));
    page = await ctx.newPage();
  });
  afterAll(() => ctx?.close());

  it("the landing page", async () => {
    const response = await page.goto("/");
    servedUnderPolicy(response);
    await page.locator('[data-hydrated="true"]').or(page.locator("main")).first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  it("the results page, hydrated, its filters' counts fetched and a banner seen", async () => {
    servedUnderPolicy(await page.goto("/skirejser?sort=price:asc"));
    await waitForLive(page);
    await scrollToPart(page.getByTestId("banner").first());
    await page.getByTestId("page-next").click();
    await page.waitForURL(/page=2/);
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  it("the map view, with its tiles from MAP_TILE_URL", async () => {
    servedUnderPolicy(await page.goto("/skirejser?map=1"));
    await page.locator('[data-testid="results-map"][data-ready="true"]').waitFor();
    await page.locator("img.leaflet-tile-loaded").first().waitFor();
    await page.locator(".pp-marker > span").first().waitFor();
    expect(await violations()).toEqual([]);
  });

  it("the account pages: log-in, sign-up, the e-mailed link's password page, the agents and saved trips", async () => {
    servedUnderPolicy(await page.goto("/konto/log-ind"));
    await page.locator('[data-hydrated="true"]').or(page.getByTestId("login-form")).first().waitFor();
    await submitSignUp(page, "csp@example.dk");
    await confirmFromMail(page, suite.server, "csp@example.dk", "sne-og-sol-2027");
    await page.waitForURL(/\/soegeagenter$/);
    servedUnderPolicy(await page.goto("/gemte-rejser"));
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  it("the embed page inside a partner's frame on another origin", async () => {
    const partnerPage = await ctx.newPage();
    const framed = partnerPage.waitForResponse((r) => r.url().includes("embed=1"));
    await partnerPage.goto(partnerUrl);
    servedUnderPolicy(await framed);
    expect((await framed).headers()["content-security-policy"]).toContain("frame-ancestors *");
    const frame = (await (await partnerPage.waitForSelector("iframe")).contentFrame())!;
    await waitForLive(partnerPage, frame);
    await frame.waitForLoadState("networkidle");
    expect(await frame.getByRole("article").count()).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    await partnerPage.close();
  });

  it("an accommodation's photos from the feed over http, which docs/feed.md allows beside https", async () => {
    // Another origin than the tiles' (localhost, not 127.0.0.1): only img-src's own rule lets it in.
    const photo = `http://localhost:${(tiles.address() as AddressInfo).port}/fotos/lodge.png`;
    const line = trip({
      id: "fotorejser-1",
      travelCompany: { slug: "fotorejser", name: "Fotorejser" },
      departureDate: departureInDays(30),
      accommodation: { id: "lodge-med-fotos", name: "Lodge med fotos", imageUrl: photo, images: [`${photo}?v=2`] },
    });
    expect((await importLines(suite.server.dbFile, [line])).code).toBe(0);
    await expect.poll(async () => (await fetch(`${suite.server.url}/ophold/lodge-med-fotos`)).status).toBe(200);
    servedUnderPolicy(await page.goto("/ophold/lodge-med-fotos"));
    const photos = page.getByTestId("photo");
    await expect.poll(() => photos.count()).toBe(2);
    for (const img of await photos.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    expect(await violations()).toEqual([]);
  });

  it("(the watch itself sees a violation when one happens: an inline script without the nonce)", async () => {
    await page.goto("/konto/log-ind");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.head.append(script);
    });
    await expect.poll(async () => (await violations()).some((v) => v.startsWith("script-src-elem blocked inline"))).toBe(true);
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
    // Later pages start clean.
    await page.goto("/");
  });

  it("a page that is not the embed page cannot be framed by a partner", async () => {
    const partnerPage = await ctx.newPage();
    await partnerPage.goto(partnerUrl);
    await partnerPage.evaluate((url) => {
      const iframe = document.createElement("iframe");
      iframe.id = "not-embed";
      iframe.src = url;
      document.body.appendChild(iframe);
    }, `${suite.server.url}/skirejser`);
    // Chromium reports the refused frame on the partner page's console.
    await expect.poll(async () => (await violations()).some((v) => /frame-ancestors/.test(v))).toBe(true);
    await partnerPage.close();
  });
});

describe("without JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  let violations: () => Promise<string[]>;
  beforeAll(async () => {
    ({ ctx, violations } = await watchedContext(false));
    page = await ctx.newPage();
  });
  afterAll(() => ctx?.close());

  it("the landing and results pages keep their no-JavaScript layout (its inline styles allowed)", async () => {
    servedUnderPolicy(await page.goto("/"));
    servedUnderPolicy(await page.goto("/skirejser"));
    expect(await page.getByTestId("sidebar").isVisible()).toBe(true);
    // `.js-only` is hidden by the page's own inline <style>, which the policy allows by hash.
    expect(await page.locator(".js-only").first().isVisible()).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it("the search bar and the search form's own page keep their no-JavaScript layout (their inline styles allowed)", async () => {
    servedUnderPolicy(await page.goto("/skirejser"));
    // The bar's link to the search form shows by the bar's own inline <style>.
    expect(await page.getByTestId("search-page-link").isVisible()).toBe(true);
    servedUnderPolicy(await page.goto("/soeg"));
    // Every kind's list shows, the one not chosen too, by the form's inline <style>.
    expect(await page.locator('[data-testid="search-form"] [data-kind="months"]').isVisible()).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it("the unsubscribe page keeps its own styles", async () => {
    const db = openDb(suite.server.dbFile);
    let token: string;
    try {
      const userId = db.insert(users).values({ email: "afmeld@example.dk", passwordHash: "x" }).returning().get().id;
      token = unsubscribeToken(db, db.insert(searchAgents).values({ userId, name: "Alperne", query: "adultCount=2" }).returning().get().id);
    } finally {
      db.$client.close();
    }
    servedUnderPolicy(await page.goto(`/soegeagenter/afmeld/${token}`));
    expect(await page.locator("button").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(29, 78, 216)");
    expect(await violations()).toEqual([]);
  });
});
