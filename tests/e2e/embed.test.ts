import Database from "better-sqlite3";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, newContext } from "./support/browser";
import { framesRendered, waitForLive } from "./support/page";
import { useServerAndBrowser } from "./support/suite";

// Embed mode: a real partner page on another local port (another origin) pastes the
// snippet of /partner; public/embed.js puts the results page in an iframe in embed mode.

const AFF = "partner-123";
const suite = useServerAndBrowser({ demoTrips: 4000 });
let partner: http.Server;
let partnerUrl = "";

/** The partner's page: content above and below the widget, and a log of the widget's messages. */
const partnerHtml = (appUrl: string) => `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title>
<style>body{margin:0;font-family:sans-serif}.filler{height:1500px;background:#eef}</style></head>
<body>
<div class="filler">Partnerens indhold</div>
<div id="widget-wrap" style="padding:0 8px">
<div data-pistepris data-search="sort=price:asc" data-aff="${AFF}"></div>
</div>
<div class="filler">Mere indhold</div>
<script>
window.scrollMessages = [];
window.addEventListener("message", function (e) {
  if (e.data && e.data.type === "pistepris:scroll") window.scrollMessages.push(Date.now());
});
</script>
<script src="${appUrl}/embed.js" async></script>
</body></html>`;

beforeAll(async () => {
  partner = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(partnerHtml(suite.server.url));
  });
  await new Promise<void>((r) => partner.listen(0, "127.0.0.1", r));
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((r) => partner?.close(r)));

function clickRows(): Array<{ trip_id: string; company_slug: string; affiliate_id: string | null }> {
  const db = new Database(suite.server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select trip_id, company_slug, affiliate_id from offer_clicks order by id").all() as never;
  } finally {
    db.close();
  }
}

function bannerClickAffiliates(): Array<string | null> {
  const db = new Database(suite.server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare("select affiliate_id as a from banner_events where kind = 'click' order by id").all() as Array<{ a: string | null }>
    ).map((r) => r.a);
  } finally {
    db.close();
  }
}

/** Page errors and console errors of the partner page and the widget, since the page opened. */
const errors: string[] = [];

async function openPartner(ctx: BrowserContext): Promise<{ page: Page; frame: Frame }> {
  const page = await ctx.newPage();
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => void (message.type() === "error" && errors.push(`console: ${message.text()}`)));
  await page.goto(partnerUrl);
  const frame = (await (await page.waitForSelector("iframe")).contentFrame())!;
  await waitForLive(page, frame);
  await frame.waitForLoadState("networkidle");
  return { page, frame };
}

const iframeBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector("iframe")!.getBoundingClientRect();
    return { top: r.top + window.scrollY, height: r.height };
  });

/**
 * Clicks 'next page' in the widget while the pages' clock stands still (no timer can fire), the
 * visitor far down the widget, at its pagination. Returns the partner's message count before.
 */
async function nextPageOnStoppedClock(ctx: BrowserContext, page: Page, frame: Frame): Promise<{ before: number; top: number }> {
  const box = await iframeBox(page);
  await page.evaluate((y) => window.scrollTo(0, y), box.top + box.height - 600);
  const before = await scrollMessages(page);
  await ctx.clock.pauseAt((await frame.evaluate(() => Date.now())) + 1000);
  await frame.getByTestId("page-next").click();
  await frame.waitForURL(/[?&]page=2(&|$)/);
  return { before, top: box.top };
}

const scrollMessages = (page: Page) => page.evaluate(() => window.scrollMessages.length);

declare global {
  interface Window {
    scrollMessages: number[];
  }
}

describe("the partner page", () => {
  it("documents the snippet with this site's origin and its options", async () => {
    const res = await fetch(`${suite.server.url}/partner`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Pistepris på dit eget site");
    expect(html).toContain(`&lt;script src=&quot;${suite.server.url}/embed.js&quot; async&gt;&lt;/script&gt;`);
    expect(html).toContain("data-pistepris data-search=");
    for (const option of ["data-search", "data-aff"]) expect(html).toContain(`>${option}</dt>`);
    const js = await fetch(`${suite.server.url}/embed.js`);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
  });
});

describe("desktop", () => {
  let ctx: BrowserContext;
  let page: Page;
  let frame: Frame;
  beforeAll(async () => {
    ctx = await newContext(suite.browser, { size: DESKTOP, baseURL: partnerUrl });
    await ctx.clock.install();
    // Offer and banner targets are elsewhere on the internet: answer them locally.
    await ctx.route(/example\.(dk|com)/, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "tilbud" }));
    ({ page, frame } = await openPartner(ctx));
  });
  afterAll(() => ctx.close());

  it("runs in the partner's third-party frame, where storage is refused, without a page or console error", async () => {
    // The frame is on another site than the partner's page, so Chromium refuses it storage.
    expect(await frame.evaluate(() => document.hasStorageAccess())).toBe(false);
    await frame.getByRole("article").first().waitFor();
    expect(errors).toEqual([]);
  });

  it("loads the results page in embed mode with the preset search and the affiliate id", async () => {
    const url = new URL(frame.url());
    expect(url.origin).toBe(suite.server.url);
    expect(url.pathname).toBe("/skirejser");
    expect(url.searchParams.get("sort")).toBe("price:asc");
    expect(url.searchParams.get("aff")).toBe(AFF);
    expect(url.searchParams.get("embed")).toBe("1");
    expect(await frame.getByRole("article").count()).toBeGreaterThan(0);
  });

  it("resizes the iframe to its content: no inner scrolling", async () => {
    const content = () => frame.evaluate(() => Math.ceil(document.querySelector("[data-embed]")!.getBoundingClientRect().height));
    // (Chromium pauses the rendering of an off-screen cross-origin iframe: look at it first.)
    await page.locator("iframe").scrollIntoViewIfNeeded();
    await expect.poll(async () => (await iframeBox(page)).height - (await content())).toBe(0);
    expect((await iframeBox(page)).height).toBeGreaterThan(1500);
    // (The iframe lives in another process: its new size reaches it a moment later.)
    await expect.poll(() => frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
    // When the content changes size, the iframe follows.
    const before = (await iframeBox(page)).height;
    await frame.evaluate(() => {
      const extra = document.createElement("div");
      extra.id = "extra";
      extra.style.height = "700px";
      document.querySelector("[data-embed]")!.appendChild(extra);
    });
    await expect.poll(async () => (await iframeBox(page)).height).toBe(before + 700);
    await frame.evaluate(() => document.getElementById("extra")!.remove());
    await expect.poll(async () => (await iframeBox(page)).height).toBe(before);
  });

  it("has no site header or footer, and no scroll-to-top control", async () => {
    expect(await frame.getByTestId("site-header").count()).toBe(0);
    expect(await frame.getByTestId("site-footer").count()).toBe(0);
    // Even when the widget's own window is scrolled far down (an iframe made too small), no control shows.
    await page.evaluate(() => {
      const iframe = document.querySelector("iframe")!;
      iframe.style.height = "500px";
      iframe.scrollIntoView(); // on screen, so the iframe renders (and fires its scroll events)
    });
    await expect.poll(() => frame.evaluate(() => (window.scrollTo(0, 3000), window.scrollY))).toBeGreaterThan(1000);
    await framesRendered(frame);
    expect(await frame.getByTestId("scroll-to-top").count()).toBe(0);
    await frame.evaluate(() => window.scrollTo(0, 0));
    // The same page outside embed mode has all three.
    const own = await ctx.newPage();
    await own.goto(`${suite.server.url}/skirejser?sort=price:asc&aff=${AFF}`);
    await waitForLive(own);
    expect(await own.getByTestId("site-header").count()).toBe(1);
    expect(await own.getByTestId("site-footer").count()).toBe(1);
    await own.evaluate(() => window.scrollTo(0, 3000));
    await own.getByTestId("scroll-to-top").waitFor();
    await own.close();
    // Reload the widget so it reports its real height again.
    await frame.goto(frame.url());
    await waitForLive(page, frame);
  });

  it("carries aff and embed=1 on every link and sends every offer link through the click redirect", async () => {
    const hrefs = await frame.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    const internal = hrefs.filter((h) => h.startsWith("/skirejser"));
    expect(internal.length).toBeGreaterThan(3);
    for (const h of internal) {
      const p = new URL(h, suite.server.url).searchParams;
      expect([h, p.get("aff"), p.get("embed")]).toEqual([h, AFF, "1"]);
    }
    const offers = await frame.locator(".rc-link").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(offers.length).toBeGreaterThan(0);
    for (const h of offers) expect(h).toMatch(new RegExp(`^/ud/[^?]+\\?aff=${AFF}$`));
  });

  it("records offer clicks with the affiliate id and sends the visitor on with it", async () => {
    const link = frame.locator(".rc-link").first();
    const tripId = decodeURIComponent((await link.getAttribute("href"))!.split("?")[0].slice("/ud/".length));
    const before = clickRows().length;
    const [popup] = await Promise.all([ctx.waitForEvent("page"), link.click()]);
    await expect.poll(() => clickRows().length).toBe(before + 1);
    await popup.close();
    const row = clickRows().at(-1)!;
    expect(row).toMatchObject({ trip_id: tripId, affiliate_id: AFF });
    // Where the click sends the visitor: the company's stored offer URL, with the affiliate id.
    const res = await fetch(`${suite.server.url}/ud/${encodeURIComponent(tripId)}?aff=${AFF}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const landed = new URL(res.headers.get("location")!);
    expect(landed.hostname).toBe(`${row.company_slug}.example.dk`);
    expect(landed.searchParams.get("aff")).toBe(AFF);
  });

  it("records banner clicks with the affiliate id", async () => {
    const before = bannerClickAffiliates().length;
    const banner = frame.getByTestId("banner").first().locator("a");
    const [popup] = await Promise.all([ctx.waitForEvent("page"), banner.click()]);
    await popup.close();
    await expect.poll(() => bannerClickAffiliates().length).toBe(before + 1);
    expect(bannerClickAffiliates().at(-1)).toBe(AFF);
  });

  it("a page change scrolls the partner page to the widget's start at once", async () => {
    const { before, top } = await nextPageOnStoppedClock(ctx, page, frame);
    // The clock stands still, so the request can only have come at once, not from a timer.
    await expect.poll(() => scrollMessages(page)).toBe(before + 1);
    await ctx.clock.resume();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(Math.round(top));
    expect(new URL(frame.url()).searchParams.get("aff")).toBe(AFF);
  });
});

describe("mobile", () => {
  let ctx: BrowserContext;
  let page: Page;
  let frame: Frame;
  beforeAll(async () => {
    ctx = await newContext(suite.browser, { size: MOBILE, baseURL: partnerUrl });
    await ctx.clock.install();
    ({ page, frame } = await openPartner(ctx));
  });
  afterAll(() => ctx.close());

  it("a page change scrolls the partner page to the widget's start only after 1 second", async () => {
    const { before, top } = await nextPageOnStoppedClock(ctx, page, frame);
    await ctx.clock.runFor(999);
    expect(await scrollMessages(page)).toBe(before);
    // The delay runs from the page change, which happened on the stopped clock at most a moment
    // before runFor(999) began: by 2 s after the click it has come.
    await ctx.clock.runFor(1001);
    await expect.poll(() => scrollMessages(page)).toBe(before + 1);
    await ctx.clock.resume();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(Math.round(top));
  });

  it("has no scroll-to-top control", async () => {
    expect(await frame.getByTestId("scroll-to-top").count()).toBe(0);
    expect(await frame.getByTestId("site-header").count()).toBe(0);
  });

  it("'Filtre' opens its drawer where the visitor is looking, and it follows the partner page's scrolling down the widget", async () => {
    const box = await iframeBox(page);
    expect(box.height).toBeGreaterThan(5000);
    const { height } = page.viewportSize()!;
    /** The drawer's box in the partner's window: inside it, at its bottom. */
    const seen = async (testId: string) => {
      const drawer = frame.getByTestId(testId);
      await drawer.waitFor();
      await expect.poll(async () => Math.round((await drawer.boundingBox())!.y + (await drawer.boundingBox())!.height)).toBe(height);
      expect((await drawer.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    };
    for (const y of [box.top + 200, box.top + box.height / 2]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      // 'Filtre' is at the widget's top: clicking it scrolls there; then the visitor scrolls on.
      await frame.getByTestId("open-filters").click();
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await seen("filter-drawer");
      await frame.getByTestId("filter-drawer-close").click();
      await frame.getByTestId("filter-drawer").waitFor({ state: "detached" });
    }
  });
});
