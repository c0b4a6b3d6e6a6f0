import Database from "better-sqlite3";
import type { BrowserContext, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SAVE_TRIP_HINT_KEY } from "../../app/domain/constants";
import { DESKTOP, MOBILE } from "./support/browser";
import {
  framesRendered,
  hydrationData,
  intersectionsDelivered,
  layoutShifts,
  layoutStates,
  open,
  readToTheEnd,
  screenPixels,
  scriptsOf,
  scrollToPart,
  seriousViolations,
  waitForLive,
  interact,
  watchLayoutShifts,
} from "./support/page";
import { splitPageProxy } from "./support/split-page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The results page with JavaScript, at desktop and mobile sizes.

const suite = useServerAndBrowser({ demoTrips: 4000 });

const search = (page: Page) => new URL(page.url()).search;

/** The colour drawn at a point of the page (CSS pixels): the first pixel of that CSS pixel's screenshot. */
const colourAt = async (page: Page, x: number, y: number) => (await screenPixels(page, { x, y, width: 1, height: 1 }))[0];
/** The histogram's POST /api/facet-numbers (a plain fetch: app/components/filters/use-facet-numbers.ts). */
const isFacetNumbersUrl = (url: string) => new URL(url).pathname === "/api/facet-numbers";
const isFacetNumbersCall = (r: Response) => isFacetNumbersUrl(r.url()) && r.request().method() === "POST";
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

function bannerEvents(bannerId: number, kind: "view" | "click"): number {
  const db = new Database(suite.server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from banner_events where banner_id = ? and kind = ?").get(bannerId, kind) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("desktop", () => {
  let ctx: BrowserContext;
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ ctx, page } = opened));

  it("is server-rendered with a Danish title, description, canonical and prev/next links", async () => {
    await open(page, "/skirejser?page=2");
    expect(await page.title()).toBe("Skirejser · 2 personer · side 2 | Pistepris");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^Sammenlign [\d.]+ tilgængelige skirejser/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${suite.server.url}/skirejser?page=2`);
    expect(await page.locator('link[rel="prev"]').getAttribute("href")).toBe(`${suite.server.url}/skirejser`);
    expect(await page.locator('link[rel="next"]').getAttribute("href")).toBe(`${suite.server.url}/skirejser?page=3`);
    // page 1 is omitted from the URL
    await page.goto("/skirejser?page=1");
    expect(page.url()).toBe(`${suite.server.url}/skirejser`);
    expect(await page.locator('link[rel="prev"]').count()).toBe(0);
  });

  it("shows the filter sections in the order of docs/screens.md, companies by count descending", async () => {
    await open(page, "/skirejser");
    const sections = await page
      .locator('[data-testid="sidebar"] [data-section]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-section")));
    expect(sections).toEqual(["Pris", "Min. stjerner", "Liftkort", "Liftkort dage", "Pension", "Faciliteter", "Rejseselskaber"]);
    const counts = await page
      .locator('[data-testid="sidebar"] [data-section="Rejseselskaber"] label')
      .evaluateAll((els) => els.map((e) => Number((e.textContent ?? "").match(/\(([\d.]+)\)/)![1].replace(/\./g, ""))));
    expect(counts.length).toBeGreaterThan(3);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(await page.getByLabel("Mindste pris", { exact: true }).inputValue()).toBe("0 kr.");
    expect(await page.getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("33.000 kr.");
    expect(await page.getByLabel("Flest liftkortdage", { exact: true }).inputValue()).toBe("12 dage");
    // the accordion folds with the keyboard
    const button = page.locator('[data-section="Pension"] button').first();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('[data-section="Pension"] input[type="checkbox"]').count()).toBe(0);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('[data-section="Pension"] input[type="checkbox"]').count()).toBeGreaterThan(0);
  });

  it("draws the price histogram from the page's price facets, per person and in total; a draft's from POST /api/facet-numbers", async () => {
    // The page's own facets answer its search: no call, and no reload of the page's data.
    const calls: string[] = [];
    const onRequest = (r: { url(): string }) =>
      void ((new URL(r.url()).pathname.endsWith(".data") || isFacetNumbersUrl(r.url())) && calls.push(r.url()));
    page.on("request", onRequest);
    await open(page, "/skirejser?minRating=3");
    await waitForLive(page);
    page.off("request", onRequest);
    expect(calls).toEqual([]);
    const bars = page.locator('[data-testid="sidebar"] [data-testid="histogram-bar"]');
    expect(await bars.count()).toBe(45);
    const heights = await bars.evaluateAll((els) =>
      els.map((e) => [Number(e.getAttribute("data-count")), parseFloat((e as HTMLElement).style.height)]),
    );
    for (const [count, h] of heights) {
      if (count === 0) expect(h).toBe(3);
      else expect(h).toBeGreaterThanOrEqual(8);
      expect(h).toBeLessThanOrEqual(67);
    }
    expect(Math.max(...heights.map(([, h]) => h))).toBe(67);
    const bar = page.locator('[data-testid="sidebar"] [data-testid="histogram"] > div').nth(4);
    expect(await bar.getAttribute("title")).toMatch(/^3–3,75 k kr: [\d.]+ rejser$/);

    // 'Samlet pris': the total-price histogram, and the other mode's bounds are cleared
    await open(page, "/skirejser?minPrice=2000");
    await page.locator('[data-testid="sidebar"] label', { hasText: "Samlet pris" }).click();
    await expect.poll(() => search(page)).toBe("?priceType=total");
    expect(await page.locator('[data-testid="sidebar"] [data-testid="histogram-bar"]').count()).toBe(61);
    expect(await page.getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("180.000 kr.");
    // a total bound present: starts in total-price mode
    await open(page, "/skirejser?maxFullPrice=40000");
    expect(await page.locator('[data-testid="sidebar"] input[name="priceType"][value="total"]').isChecked()).toBe(true);
    expect(await page.getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("40.000 kr.");

    // The mobile filter drawer's draft: its histogram asks POST /api/facet-numbers for the draft's
    // search (beside the drawer's call for its options' counts, which asks for other keys).
    const mobile = await suite.newContext({ size: MOBILE });
    const phone = await mobile.newPage();
    await open(phone, "/skirejser");
    await waitForLive(phone);
    await phone.getByTestId("open-filters").click();
    const asksForPrices = (r: Response) =>
      (JSON.parse(r.request().postData() ?? "{}") as { requiredFacetFields?: string[] }).requiredFacetFields?.some((f) =>
        f.startsWith("price"),
      ) === true;
    const response = phone.waitForResponse((r) => isFacetNumbersCall(r) && asksForPrices(r));
    await phone.getByTestId("filter-drawer").locator('[data-testid="rating-3"]').click();
    const body = JSON.parse((await response).request().postData() ?? "{}");
    expect(body.requiredFacetFields).toEqual(["pricePerPersonRange"]);
    expect(body.searchData.filters.minRating).toBe(3);
    await mobile.close();
  });

  it("applies price edits after a 1 s debounce; the minimum stays 100 below the maximum", async () => {
    // On a clock of its own that stands still, so the test sees exactly 999 ms and then 1 s pass.
    const own = await suite.newContext({ size: DESKTOP });
    const page = await own.newPage();
    await page.clock.install();
    await open(page, "/skirejser");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const max = page.getByLabel("Højeste pris", { exact: true });
    await max.fill("5000");
    await page.clock.runFor(999);
    expect(search(page)).toBe("");
    await page.clock.runFor(1);
    await expect.poll(() => param(page, "maxPrice")).toBe("5000");
    await page.getByLabel("Mindste pris", { exact: true }).fill("9000");
    await page.clock.runFor(1000);
    await expect.poll(() => param(page, "minPrice")).toBe("4900");
    await page.locator("h1").click();
    expect(await max.inputValue()).toBe("5.000 kr.");
    expect(await page.getByLabel("Mindste pris (skyder)").getAttribute("max")).toBe("4900");
    // a value at the default bound is sent as unset
    await max.fill("33000");
    await page.clock.runFor(1000);
    await expect.poll(() => param(page, "maxPrice")).toBe(null);
    await own.close();
  });

  it("clears the selected star rating when clicked again", async () => {
    await open(page, "/skirejser");
    await page.locator('[data-testid="sidebar"] [data-testid="rating-4"]').click();
    await expect.poll(() => search(page)).toBe("?minRating=4");
    await page.waitForLoadState("networkidle");
    await page.locator('[data-testid="sidebar"] [data-testid="rating-4"]').click();
    await expect.poll(() => search(page)).toBe("");
  });

  it("Liftkort 'Eksklusiv' clears and hides Liftkort dage; multi-selects toggle", async () => {
    await open(page, "/skirejser?minSkiPassDaysCount=3");
    await expect.poll(() => page.locator('[data-testid="sidebar"] [data-section="Liftkort dage"]').count()).toBe(1);
    await page.locator('[data-testid="sidebar"] [data-testid="skipass-false"]').click();
    await expect.poll(() => search(page)).toBe("?skiPassIncluded=false");
    // The URL changes as the navigation ends, the page renders just after: wait for that too.
    await expect.poll(() => page.locator('[data-testid="sidebar"] [data-section="Liftkort dage"]').count()).toBe(0);
    await page.locator('[data-testid="sidebar"] [data-testid="skipass-false"]').click();
    await expect.poll(() => search(page)).toBe("");
    await expect.poll(() => page.locator('[data-testid="sidebar"] [data-section="Liftkort dage"]').count()).toBe(1);

    const pool = page.locator('[data-testid="sidebar"] input[name="accommodationFeatures"][value="pool"]');
    await pool.check();
    await expect.poll(() => search(page)).toBe("?accommodationFeatures=pool");
    await page.waitForLoadState("networkidle");
    await pool.uncheck();
    await expect.poll(() => search(page)).toBe("");
  });

  it("folds the sidebar to 200px with removable chips or 'Intet valgt'; reset only when there is something to reset", async () => {
    await open(page, "/skirejser");
    expect(await page.getByTestId("reset-filters").count()).toBe(0);
    const sidebar = page.getByTestId("sidebar");
    expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(400);
    await page.getByTestId("fold-sidebar").click();
    expect((await sidebar.boundingBox())!.width).toBe(200);
    expect(await page.getByTestId("no-chips").textContent()).toBe("Intet valgt");
    await page.getByTestId("fold-sidebar").click();

    await open(page, "/skirejser?minRating=4&travelCompanies=alpetours,sneglad&sort=price:asc");
    await page.getByTestId("fold-sidebar").click();
    const chips = sidebar.getByTestId("chip");
    expect(await chips.allTextContents()).toEqual(["4+ stjerner×", "Alpetours×", "Sneglad Rejser×"]);
    await page.getByRole("link", { name: "Fjern filter: Alpetours" }).click();
    await expect.poll(() => search(page)).toBe("?minRating=4&travelCompanies=sneglad&sort=price:asc");
    await page.getByTestId("fold-sidebar").click();
    await page.getByTestId("reset-filters").click();
    await expect.poll(() => search(page)).toBe("?sort=price:asc");
    await expect.poll(() => page.getByTestId("reset-filters").count()).toBe(0);
  });

  it("sorts with the sorting bar and pages with 5 links; both scroll to the top", async () => {
    await open(page, "/skirejser");
    const labels = await page.getByTestId("sort-link").allTextContents();
    expect(labels).toEqual(["Vores anbefaling", "Største rabat", "Billigste tur"]);
    expect(
      await page
        .getByTestId("page-link")
        .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent)),
    ).toEqual(["1", "2", "3", "4", "5"]);
    expect(await page.getByTestId("total-trips").textContent()).toMatch(/^[\d.]+ tilgængelige rejser$/);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The page links' code loads as they come near the screen: click once it is there.
    await page.waitForLoadState("networkidle");
    await page.getByTestId("page-next").click();
    await expect.poll(() => search(page)).toBe("?page=2");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId("sort-link").filter({ hasText: "Billigste tur" }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await page.getByTestId("sort-link").filter({ hasText: "Billigste tur" }).click();
    await expect.poll(() => search(page)).toBe("?sort=price:asc");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByTestId("sort-link").filter({ hasText: "Billigste tur" }).getAttribute("aria-current")).toBe("true");
  });

  it("shows a loading title and subtitle while the search runs", async () => {
    await open(page, "/skirejser");
    // The data request is held until the loading state has been seen, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/skirejser.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("sort-link").filter({ hasText: "Største rabat" }).click();
    await page.getByTestId("loading").waitFor();
    expect(await page.getByTestId("loading").textContent()).toContain("Vi finder de bedste skirejser til dig");
    release();
    await expect.poll(() => page.getByTestId("loading").count()).toBe(0);
    await page.unroute("**/skirejser.data*");
  });

  it("cards show the best offer, offers from companies, and the affiliate id everywhere", async () => {
    await open(page, "/skirejser?aff=partner-7");
    const card = page.getByRole("article").first();
    const text = (await card.textContent()) ?? "";
    expect(text).toMatch(/\d+ tilbud fra \d+ rejseselskab/);
    expect(text).toMatch(/Afrejse .* · \d+ nætter/);
    expect(text).toMatch(/[\d.]+ kr\./);
    expect(await card.locator(".rc-link").getAttribute("href")).toContain("aff=partner-7");
    for (const href of await page.getByTestId("sort-link").evaluateAll((els) => els.map((e) => e.getAttribute("href")))) {
      expect(href).toContain("aff=partner-7");
    }
    expect(await page.getByTestId("page-link").first().getAttribute("href")).toContain("aff=partner-7");
    await page.locator('[data-testid="sidebar"] [data-testid="rating-5"]').click();
    await expect.poll(() => search(page)).toBe("?minRating=5&aff=partner-7");
  });

  it("sends the cards once: their text in the markup, only their keys in the page's data; a navigation's data carries them whole", async () => {
    const html = await (await fetch(`${suite.server.url}/skirejser?sort=price:asc`)).text();
    const hydration = hydrationData(html);
    const data = await (await fetch(`${suite.server.url}/skirejser.data?sort=price:asc`)).text();
    await open(page, "/skirejser?sort=price:asc");
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(20);
    for (const card of (await cards.all()).slice(0, 3)) {
      const name = (await card.getByRole("heading").textContent())!;
      const tripId = (await card.locator(".rc-link").getAttribute("href"))!.slice("/ud/".length);
      // The markup's text as React escapes it.
      const escaped = name.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
      expect([html.includes(escaped), hydration.includes(name), data.includes(name)]).toEqual([true, false, true]);
      // The keys: the card's save button needs its trip.
      expect([hydration.includes(tripId), data.includes(tripId)]).toEqual([true, true]);
    }
  });

  it("the cards kept from the server's markup follow their links in the page, and a navigation renders new ones that do too", async () => {
    await open(page, "/skirejser");
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const first = page.getByRole("article").first();
    const name = (await first.getByRole("heading").textContent())!;
    await first.getByRole("heading").getByRole("link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/ophold/"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await page.goBack();
    await page.getByRole("navigation", { name: "Sider" }).getByRole("link", { name: "Side 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => page.getByRole("article").first().getByRole("heading").textContent()).not.toBe(name);
    expect(await page.getByRole("article").count()).toBe(20);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    // The new cards' links, plain links as in the server's markup, navigate in the page too.
    const second = page.getByRole("article").nth(1);
    const secondName = (await second.getByRole("heading").textContent())!;
    await second.locator(".rc-offers").click();
    await page.waitForURL((url) => url.pathname.startsWith("/ophold/"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(secondName);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });

  it("hovering a card sets the hovered accommodation, leaving clears it", async () => {
    await open(page, "/skirejser");
    const card = page.getByRole("article").nth(1);
    await card.hover();
    expect(await card.getAttribute("data-hovered")).toBe("true");
    expect(await page.locator('[data-hovered="true"]').count()).toBe(1);
    await page.mouse.move(5, 5);
    expect(await page.locator('[data-hovered="true"]').count()).toBe(0);
  });

  it("draws a hovered card's ring whole, also round a card laid out only as it nears the screen (pixels)", async () => {
    await open(page, "/skirejser");
    // The second entry is laid out with the page; from the fourth on an entry is skipped until near
    // the screen (content-visibility), which clips its paint to its box unless let out (tailwind.css).
    for (const card of [
      page.locator(".card-list > li:nth-child(2) article"),
      page.locator(".card-list > li:nth-child(n + 4) article").first(),
    ]) {
      await scrollToPart(card);
      await card.hover();
      const box = (await card.boundingBox())!;
      const [left, right, top, bottom] = [
        Math.floor(box.x) - 1,
        Math.ceil(box.x + box.width),
        Math.floor(box.y) - 1,
        Math.ceil(box.y + box.height),
      ];
      const midX = Math.round(box.x + box.width / 2);
      const midY = Math.round(box.y + box.height / 2);
      const ring = async () => [
        await colourAt(page, left, midY),
        await colourAt(page, right, midY),
        await colourAt(page, midX, top),
        await colourAt(page, midX, bottom),
      ];
      // The ring fades in (the card's transition): brand-100 (#d9eaff) on all four sides.
      await expect.poll(ring).toEqual(Array(4).fill([0xd9, 0xea, 0xff]));
      await page.mouse.move(5, 5);
      await expect.poll(async () => (await ring()).some(([r, g, b]) => r === 0xd9 && g === 0xea && b === 0xff)).toBe(false);
    }
  });

  it("places banners at their slots, counts a view once when half visible, and records a click", async () => {
    await open(page, "/skirejser");
    const items = page.locator('[data-testid="results-list"] > li');
    expect(await items.nth(2).getByTestId("banner").count()).toBe(1);
    expect(await items.last().getByTestId("banner").count()).toBe(1); // position 99: at the end
    // the banner at slot 8 is below the fold: no view until it is scrolled into view
    const banner = items.nth(7).getByTestId("banner");
    const id = Number(await banner.getAttribute("data-banner-id"));
    // Count the beacons the page sends for this banner (a view is sent synchronously by the
    // observer's callback), so "no view" can be checked as soon as the observations are delivered.
    await page.evaluate((bannerId) => {
      const w = window as unknown as { __views: number };
      w.__views = 0;
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith("/api/banner-events") && String(data).includes(`"bannerId":${bannerId},"kind":"view"`)) w.__views++;
        return send(url, data);
      };
    }, id);
    const viewsSent = () => page.evaluate(() => (window as unknown as { __views: number }).__views);
    await intersectionsDelivered(banner);
    expect(await viewsSent()).toBe(0);
    const before = bannerEvents(id, "view");
    await scrollToPart(banner);
    await expect.poll(() => bannerEvents(id, "view")).toBe(before + 1);
    await page.mouse.wheel(0, 4000);
    await intersectionsDelivered(banner);
    await scrollToPart(banner);
    await intersectionsDelivered(banner);
    expect(await viewsSent()).toBe(1);
    expect(bannerEvents(id, "view")).toBe(before + 1);

    const clicks = bannerEvents(id, "click");
    const link = banner.locator("a");
    expect(await link.getAttribute("target")).toBe("_blank");
    const popup = ctx.waitForEvent("page");
    await link.click();
    await (await popup).close();
    await expect.poll(() => bannerEvents(id, "click")).toBe(clicks + 1);
  });

  it("offers a scroll-to-top control after 1000px of scrolling", async () => {
    await open(page, "/skirejser");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByTestId("scroll-to-top").count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await framesRendered(page);
    expect(await page.getByTestId("scroll-to-top").count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByTestId("scroll-to-top").click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("the scroll-to-top control never covers the footer's link, at the page's end", async () => {
    await open(page, "/skirejser");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId("scroll-to-top").waitFor();
    await framesRendered(page);
    // What a click at the middle of the footer's link would hit.
    const hit = await page.evaluate(() => {
      const link = document.querySelector('footer a[href="/partner"]')!;
      const box = link.getBoundingClientRect();
      return (
        document
          .elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          ?.closest("a")
          ?.getAttribute("href") ?? null
      );
    });
    expect(hit).toBe("/partner");
  });

  it("no results: a notice whose button re-initialises the search", async () => {
    await open(page, "/skirejser?maxPrice=100&aff=p1");
    expect(await page.getByTestId("no-results").textContent()).toContain("Vi fandt ingen rejser");
    await page.getByTestId("reinit-search").click();
    await expect.poll(() => search(page)).toBe("?aff=p1");
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
  });

  it("shows the save-trip hint until dismissed, remembered across visits", async () => {
    await open(page, "/skirejser");
    await page.evaluate(() => window.localStorage.clear());
    await open(page, "/skirejser");
    await page.getByTestId("save-trip-hint").waitFor();
    await page.getByTestId("dismiss-hint").click();
    expect(await page.getByTestId("save-trip-hint").count()).toBe(0);
    await open(page, "/skirejser");
    await framesRendered(page);
    expect(await page.getByTestId("save-trip-hint").count()).toBe(0);
  });

  it("nothing moves as the page hydrates, whether the save-trip hint was dismissed or not", async () => {
    for (const dismissed of [false, true]) {
      const c = await suite.newContext({ size: DESKTOP });
      await watchLayoutShifts(c);
      // Only on the site's pages: about:blank has no storage to write.
      if (dismissed)
        await c.addInitScript((key) => location.protocol.startsWith("http") && localStorage.setItem(key, "1"), SAVE_TRIP_HINT_KEY);
      const p = await c.newPage();
      await open(p, "/skirejser");
      expect(await p.getByTestId("save-trip-hint").isVisible(), `dismissed: ${dismissed}`).toBe(!dismissed);
      expect(await layoutShifts(p), `dismissed: ${dismissed}`).toEqual([]);
      // Nor as the page streams in: a save button painted before its label arrived (an empty one)
      // has the whole one's box, so at the card's right edge it does not move when the label comes.
      const boxes = await p
        .locator(".save-trip")
        .first()
        .evaluate((button) => {
          const empty = button.cloneNode() as HTMLElement;
          button.after(empty);
          const [whole, bare] = [button, empty].map((b) => b.getBoundingClientRect()).map((r) => [r.width, r.height]);
          empty.remove();
          return { whole, bare };
        });
      expect(boxes.bare).toEqual(boxes.whole);
      await c.close();
    }
  });

  // A page cut where a paint between two streamed pieces once showed half of it (flakes seen on a
  // busy machine: the browser's own "Details" summary in the header's menu; a result card's offer
  // column without its last lines), the rest 300 ms later.
  for (const [part, cut] of [
    ["the header's menu", "<summary"],
    ["the first result card's offer", '<div class="rc-offer">'],
  ])
    it(`paints whole however the page arrives, cut in ${part}: no frame shows the header or the results half parsed`, async () => {
      const proxy = await splitPageProxy(suite.server.url, "/skirejser", cut, 300);
      const c = await suite.newContext({ size: DESKTOP });
      const p = await c.newPage();
      await p.goto(`${proxy.url}/skirejser`, { waitUntil: "commit" });
      // The first animation frame comes with the first paint: what the page has by then.
      const firstFrame = await p.evaluate(
        () =>
          new Promise<{ links: number; offers: number }>((resolve) =>
            requestAnimationFrame(() =>
              resolve({
                links: document.querySelectorAll("header nav li").length,
                offers: document.querySelectorAll(".rc-offer .save-trip").length,
              }),
            ),
          ),
      );
      await p.waitForLoadState("load");
      expect(firstFrame).toEqual({ links: 3, offers: await p.locator(".rc-offer .save-trip").count() });
      expect(firstFrame.offers).toBeGreaterThan(0);
      await c.close();
      await proxy.close();
    });

  it("has no serious accessibility violations", async () => {
    await open(page, "/skirejser?minRating=3");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("mobile", () => {
  let page: Page;
  usePage(suite, { size: MOBILE }, (opened) => ({ page } = opened));

  const visiblePages = () =>
    page
      .getByTestId("page-link")
      .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.textContent));

  it("shows 2 page links on small screens and 3 on mobile; drawers instead of the sidebar; no hint", async () => {
    await open(page, "/skirejser?page=4");
    expect(await visiblePages()).toEqual(["4", "5"]);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await visiblePages()).toEqual(["3", "4", "5"]);
    await page.setViewportSize(MOBILE.viewport);
    expect(await page.getByTestId("sidebar").isVisible()).toBe(false);
    expect(await page.getByTestId("sorting-bar").isVisible()).toBe(false);
    expect(await page.getByTestId("mobile-bar").isVisible()).toBe(true);
    await framesRendered(page);
    expect(
      await page
        .getByTestId("save-trip-hint")
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    // one page only: no pagination
    await open(page, "/skirejser?travelCompanies=alpetours&minRating=5&maxPrice=3000");
    expect(await page.getByTestId("pagination").count()).toBe(0);
  });

  it("filter drawer: 600px tall, 'Gem ændringer' only while the search is not up to date", async () => {
    await open(page, "/skirejser");
    await page.getByTestId("open-filters").click();
    const drawer = page.getByTestId("filter-drawer");
    await drawer.waitFor();
    expect((await drawer.boundingBox())!.height).toBe(600);
    expect(await page.getByTestId("save-filters").count()).toBe(0);
    await drawer.locator('[data-testid="rating-4"]').click();
    await page.getByTestId("save-filters").waitFor();
    expect(await page.getByTestId("save-filters").textContent()).toBe("Gem ændringer");
    expect(search(page)).toBe("");
    // undoing the change makes the search up to date again
    await drawer.locator('[data-testid="rating-4"]').click();
    await expect.poll(() => page.getByTestId("save-filters").count()).toBe(0);
    await drawer.locator('[data-testid="rating-4"]').click();
    await drawer.locator('input[name="mealPlanTypes"][value="halvpension"]').check();
    await page.getByTestId("save-filters").click();
    await expect.poll(() => search(page)).toBe("?minRating=4&mealPlanTypes=halvpension");
    expect(await page.getByTestId("filter-drawer").count()).toBe(0);
    // closing without saving drops the edits
    await page.getByTestId("open-filters").click();
    await page.getByTestId("filter-drawer").locator('[data-testid="rating-2"]').click();
    await page.getByTestId("filter-drawer-close").click();
    await page.getByTestId("open-filters").click();
    expect(await page.getByTestId("filter-drawer").locator('[data-testid="rating-4"]').isChecked()).toBe(true);
    expect(await page.getByTestId("save-filters").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("filter-drawer").count()).toBe(0);
  });

  it("sort drawer: the footer button only when the pending choice differs", async () => {
    await open(page, "/skirejser");
    await page.getByTestId("open-sort").click();
    await page.getByTestId("sort-drawer").waitFor();
    expect(await page.getByTestId("apply-sort").count()).toBe(0);
    await page.getByTestId("sort-option").filter({ hasText: "Største rabat" }).click();
    await page.getByTestId("apply-sort").waitFor();
    await page.getByTestId("sort-option").filter({ hasText: "Vores anbefaling" }).click();
    await expect.poll(() => page.getByTestId("apply-sort").count()).toBe(0);
    await page.getByTestId("sort-option").filter({ hasText: "Billigste tur" }).click();
    await page.getByTestId("apply-sort").click();
    await expect.poll(() => search(page)).toBe("?sort=price:asc");
  });

  it("toggles the price type with the mobile button", async () => {
    await open(page, "/skirejser?minPrice=1000");
    const toggle = page.getByTestId("price-type-switch");
    // Each click once the page shows the last one's search done: the switch set, the results not busy.
    const settled = async (checked: string) => {
      await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(checked);
      await expect.poll(() => page.getByTestId("results-column").getAttribute("aria-busy")).toBe("false");
    };
    await toggle.click();
    await expect.poll(() => search(page)).toBe("?priceType=total");
    await settled("true");
    await toggle.click();
    await expect.poll(() => search(page)).toBe("");
    await settled("false");
  });

  it("has no serious accessibility violations, also with the filter drawer open", async () => {
    await open(page, "/skirejser");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("open-filters").click();
    await page.getByTestId("filter-drawer").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("a phone's first load: the parts below the fold load their code near the screen", () => {
  it("results: page links, banners and the code of a card load when wanted; the links work before and after", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    const scripts = scriptsOf(page);
    await open(page, "/skirejser");
    expect(scripts()).toContain("results");
    expect(scripts().filter((s) => ["pagination", "banner", "card-parts"].includes(s))).toEqual([]);
    // The server's markup is there: the page links and the first banner, as plain links.
    const pages = page.getByRole("navigation", { name: "Sider" });
    expect(await pages.getByRole("link", { name: "Side 2" }).getAttribute("href")).toContain("page=2");
    await scrollToPart(page.getByTestId("banner").first());
    await expect.poll(() => scripts().includes("banner")).toBe(true);
    await scrollToPart(pages);
    await expect.poll(() => scripts().includes("pagination")).toBe(true);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const first = (await page.getByRole("article").first().getByRole("heading").textContent())!;
    await pages.getByRole("link", { name: "Side 2" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    // The browser draws the second page's cards itself, with their code loaded as the search ran.
    await expect.poll(() => page.getByRole("article").first().getByRole("heading").textContent()).not.toBe(first);
    expect(scripts()).toContain("card-parts");
    expect(await page.getByRole("article").count()).toBe(20);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await ctx.close();
  });

  it("accommodation: the calendar, price history, offers form and map load their code as they come near", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    const scripts = scriptsOf(page);
    await open(page, "/skirejser");
    const stay = (await page.getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
    await open(page, stay);
    const parts = ["price-calendar", "price-history-chart", "offers-form", "accommodation-map"];
    expect(scripts().filter((s) => parts.includes(s))).toEqual([]);
    await scrollToPart(page.getByTestId("price-calendar"));
    await expect.poll(() => scripts().includes("price-calendar")).toBe(true);
    await scrollToPart(page.getByTestId("accommodation-map"));
    await expect.poll(() => parts.filter((p) => scripts().includes(p))).toEqual(parts);
    // The map draws once its code is there.
    await page.locator('[data-testid="accommodation-leaflet"][data-ready="true"]').waitFor();
    await ctx.close();
  });
});

describe("a page reached in the browser shows its cards whole, even when their code comes after the data (ResultCard)", () => {
  /**
   * Holds back the cards' code until the page's data has arrived and two frames have been drawn
   * (a page that did not wait for the code shows its cards by then), and records whether a card
   * was ever on the page without its parts, and how many data requests the navigation made (one:
   * waiting for the code costs no request).
   */
  async function holdCardParts(
    page: Page,
  ): Promise<{ held: () => boolean; dataRequests: () => number; emptyCardSeen: () => Promise<boolean> }> {
    let held = false;
    const dataRequests: string[] = [];
    // The navigation's data, as the browser has it (the code is asked for with the data, so this listens from before).
    const dataIn = new Promise<void>((resolve) =>
      page.on("requestfinished", (r) => {
        if (new URL(r.url()).pathname.endsWith(".data")) resolve();
      }),
    );
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith(".data")) dataRequests.push(r.url());
    });
    await page.route(/\/card-parts-[\w-]+\.js$/, async (route) => {
      held = true;
      await dataIn;
      await framesRendered(page);
      await route.continue();
    });
    await page.evaluate(() => {
      const seen = { empty: false };
      Object.assign(window, { cardsSeen: seen });
      new MutationObserver(() => {
        if ([...document.querySelectorAll("article")].some((a) => a.querySelector("h2 a") === null)) seen.empty = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    return {
      held: () => held,
      dataRequests: () => dataRequests.length,
      emptyCardSeen: () => page.evaluate(() => (window as unknown as { cardsSeen: { empty: boolean } }).cardsSeen.empty),
    };
  }

  for (const size of [DESKTOP, MOBILE]) {
    it(`${size.viewport.width}×${size.viewport.height}: the next page of results, and a place's page reached from another`, async () => {
      const ctx = await suite.newContext({ size });
      const page = await ctx.newPage();
      await open(page, "/skirejser");
      let cards = await holdCardParts(page);
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      const first = (await page.getByRole("article").first().getByRole("heading").textContent())!;
      const pages = page.getByRole("navigation", { name: "Sider" });
      await scrollToPart(pages);
      await pages.getByRole("link", { name: "Side 2" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await expect.poll(() => page.getByRole("article").first().getByRole("heading").textContent()).not.toBe(first);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      expect(cards.held()).toBe(true);
      expect(await cards.emptyCardSeen()).toBe(false);
      expect(await page.locator("article h2 a").count()).toBe(20);
      expect(cards.dataRequests()).toBe(1);

      // A country's page, then one of its places reached by its link.
      const ctx2 = await suite.newContext({ size });
      const place = await ctx2.newPage();
      await place.goto("/skiferie/oestrig");
      await waitForLive(place);
      cards = await holdCardParts(place);
      const child = place.getByTestId("child-place").first();
      const href = (await child.getAttribute("href"))!;
      await child.click();
      await place.waitForURL((url) => url.pathname === href);
      await place.getByTestId("destination-cards").getByRole("article").first().waitFor();
      expect(cards.held()).toBe(true);
      expect(await cards.emptyCardSeen()).toBe(false);
      expect(cards.dataRequests()).toBe(1);
      expect(await place.getByTestId("destination-cards").locator("article h2 a").count()).toBeGreaterThan(0);
      await ctx2.close();
      await ctx.close();
    });
  }

  it("the cards' code cannot be fetched (a deploy replaced it): the next page comes from the server, its cards whole", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await open(page, "/skirejser");
    await page.route(/\/card-parts-[\w-]+\.js$/, (route) => route.abort());
    suite.allowPageErrors(/net::ERR_FAILED .*\/card-parts-[\w-]+\.js/);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const pages = page.getByRole("navigation", { name: "Sider" });
    await scrollToPart(pages);
    const documentLoaded = page.waitForEvent("load");
    await pages.getByRole("link", { name: "Side 2" }).click();
    await documentLoaded;
    expect(param(page, "page")).toBe("2");
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBeUndefined();
    expect(await page.locator("article h2 a").count()).toBe(20);
    await ctx.close();
  });
});

describe("the cards below the first screen are laid out only as they come near it (.card-list)", () => {
  for (const size of [DESKTOP, MOBILE]) {
    it(`${size.viewport.width}×${size.viewport.height}: the first screen's cards at once, a later one as it is reached, and nothing moves`, async () => {
      const ctx = await suite.newContext({ size });
      await watchLayoutShifts(ctx);
      const page = await ctx.newPage();
      await open(page, "/skirejser");
      const list = page.getByTestId("results-list").locator(":scope > li");
      const before = await layoutStates(list);
      expect(before.length).toBeGreaterThan(20);
      // Every entry on the first screen is laid out; the last ones, screens away, are not yet.
      expect(before.filter((e) => e.onScreen && !e.laidOut)).toEqual([]);
      expect(before.slice(-3).map((e) => e.laidOut)).toEqual([false, false, false]);
      // Each entry is laid out by the time it is on the screen.
      expect(await readToTheEnd(page, list)).toEqual({ seen: before.length, bare: [] });
      // A card reached has its own height, and the cards and page links under it stay where a reader sees them.
      expect(await layoutShifts(page)).toEqual([]);
      await ctx.close();
    });
  }
});

describe("a page's hydration makes no Intl formatter (its locale data is 35-60 ms of loading, app/domain/format.ts)", () => {
  for (const size of [DESKTOP, MOBILE]) {
    it(`${size.viewport.width}×${size.viewport.height}: the landing, results, accommodation and destination pages`, async () => {
      const ctx = await suite.newContext({ size });
      // Every Intl formatter the page makes, by kind and options.
      await ctx.addInitScript(() => {
        const made: string[] = [];
        Object.assign(window, { intlMade: made });
        for (const kind of ["NumberFormat", "DateTimeFormat", "PluralRules", "ListFormat", "RelativeTimeFormat"] as const) {
          const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
          (Intl as Record<string, unknown>)[kind] = new Proxy(Original, {
            construct: (target, args) => (made.push(`${kind} ${JSON.stringify(args)}`), Reflect.construct(target, args)),
          });
        }
      });
      const page = await ctx.newPage();
      // The parts the first interaction loads too (a desktop's filter sidebar draws its price histogram) stay away.
      await page.route(
        /\/(filter-form|sorting-bar|search-bar|agent-toggle|scroll-to-top|mobile-bar|mobile-search-summary)-[\w-]{8}\.js$/,
        () => undefined,
      );
      // Each page opened, then hydrated at the first interaction.
      const made = async (path: string) => {
        await page.goto(path);
        await page.mouse.move(1, 1);
        await page.waitForFunction(() => "__remixRouter" in window);
        // Hydration (a transition, in slices) and its effects done: the main thread is idle.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
        return page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
      };
      expect(await made("/skirejser")).toEqual([]);
      const stay = (await page.getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
      expect(await made(stay), stay).toEqual([]);
      const resort = (await page.getByTestId("resort-page-link").getAttribute("href"))!;
      for (const path of ["/", "/skiferie", resort]) expect(await made(path), path).toEqual([]);
      // The check sees a formatter made: the page's own Intl is the recording one.
      expect(
        await page.evaluate(() => (new Intl.NumberFormat("da-DK"), (window as unknown as { intlMade: string[] }).intlMade.length)),
      ).toBe(1);
      await ctx.close();
    });
  }
});

describe("a page asks for its scripts at the visitor's first interaction (app/utils/script-loader.ts)", () => {
  for (const size of [DESKTOP, MOBILE]) {
    it(`${size.viewport.width}×${size.viewport.height}: the landing, results, accommodation, destination and log-in pages`, async () => {
      const ctx = await suite.newContext({ size });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await open(page, "/skirejser");
      const stay = (await page.getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
      await page.goto(stay);
      const resort = (await page.getByTestId("resort-page-link").getAttribute("href"))!;
      for (const path of ["/", "/skirejser", stay, resort, "/konto/log-ind"]) {
        // Counted from the new page's start (the page before may still be loading its parts as it is left).
        await page.goto(path, { waitUntil: "commit" });
        const scripts = scriptsOf(page);
        await page.waitForLoadState("networkidle");
        // Painted and loaded: no script asked for, Remix's preloads and module script held in the page.
        expect(scripts(), path).toEqual([]);
        expect(await page.locator('link[rel="held-modulepreload"]').count(), path).toBeGreaterThan(2);
        expect(await page.locator('script[type="held-module"]').count(), path).toBe(1);
        expect(await page.evaluate(() => "__remixRouter" in window), path).toBe(false);
        // The pointer moves: the entry, the framework and the page's route modules come, and it hydrates.
        await interact(page);
        expect(
          scripts()
            .filter((s) => ["entry.client", "framework", "root"].includes(s))
            .sort(),
          path,
        ).toEqual(["entry.client", "framework", "root"]);
        expect(await page.locator('link[rel="held-modulepreload"], script[type="held-module"]').count(), path).toBe(0);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

describe("the parts a screen shows load their code at the visitor's first interaction; what is done before counts", () => {
  /**
   * Holds back the code of the parts named (`search-bar`, `mobile-bar`), until the returned function
   * is called. The page's own scripts come at the first interaction, and it hydrates.
   */
  async function holdScripts(page: Page, parts: string[]): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/(${parts.join("|")})-[\\w-]{8}\\.js$`), async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Opens `path` with no interaction (no script yet: app/utils/script-loader.ts) and the network quiet. */
  async function openUntouched(page: Page, path: string) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }

  it("desktop: the sidebar, sorting bar and search bar wait; a box ticked and a step opened before their code is there count", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    const scripts = scriptsOf(page);
    await openUntouched(page, "/skirejser");
    const waiting = ["filter-form", "sorting-bar", "search-bar", "agent-toggle", "scroll-to-top", "markup-handoff"];
    expect(scripts().filter((s) => waiting.includes(s))).toEqual([]);
    expect(await page.locator('[data-hydrated="true"]').count()).toBe(0);

    const release = await holdScripts(page, waiting);
    const pool = page.locator('[data-testid="sidebar"] input[name="accommodationFeatures"][value="pool"]');
    await pool.check(); // the first interaction: the parts' code is asked for, and held back
    await page.getByTestId("step-where-toggle").click();
    await expect.poll(() => waiting.filter((s) => scripts().includes(s)).sort()).toEqual([...waiting].sort());
    expect(await search(page)).toBe("");
    release();
    await expect.poll(() => search(page)).toBe("?accommodationFeatures=pool");
    await page.locator('[data-hydrated="true"]').waitFor();
    expect(await pool.isChecked()).toBe(true);
    await page.getByTestId("panel-where").waitFor();
    await ctx.close();
  });

  it("desktop: a click whose press comes before the code and whose release after still counts", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await openUntouched(page, "/skirejser");
    const release = await holdScripts(page, ["search-bar", "markup-handoff"]);
    const where = page.getByTestId("step-where-toggle");
    const box = (await where.boundingBox())!;
    await where.evaluate((el) => el.setAttribute("data-pressed-here", ""));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = Promise.all(
      ["search-bar", "markup-handoff"].map((part) => page.waitForResponse(new RegExp(`/${part}-[\\w-]{8}\\.js$`))),
    );
    release();
    // The parts' code is there, but the part is not swapped under the pressed pointer, and the page is not live yet.
    await arrived;
    await framesRendered(page);
    expect(await page.locator('[data-testid="step-where-toggle"][data-pressed-here]').count()).toBe(1);
    expect(await page.locator('[data-hydrated="true"]').count()).toBe(0);
    await page.mouse.up();
    await page.getByTestId("panel-where").waitFor();
    expect(await page.locator("[data-pressed-here]").count()).toBe(0);
    await page.locator('[data-hydrated="true"]').waitFor();
    await ctx.close();
  });

  it("desktop: a part whose code could not be fetched tries again at the next press, which counts", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await openUntouched(page, "/skirejser");
    suite.allowPageErrors(/net::ERR_FAILED .*search-bar-/);
    let failed = 0;
    await page.route(/\/search-bar-[\w-]+\.js$/, (route) => (failed++ === 0 ? route.abort() : route.continue()));
    await page.mouse.move(5, 5); // the first interaction: the search bar's code is asked for, and fails
    await expect.poll(() => failed).toBe(1);
    expect(await page.locator('[data-hydrated="true"]').count()).toBe(0);
    await page.getByTestId("step-where-toggle").click();
    await page.getByTestId("panel-where").waitFor();
    expect(failed).toBe(2);
    await page.locator('[data-hydrated="true"]').waitFor();
    await ctx.close();
  });

  it("phone: the search summary and the bar of drawers wait; 'Filtre' tapped before their code is there opens the drawer", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    const scripts = scriptsOf(page);
    await openUntouched(page, "/skirejser");
    expect(scripts().filter((s) => ["mobile-bar", "mobile-search-summary"].includes(s))).toEqual([]);

    const release = await holdScripts(page, ["mobile-bar", "mobile-search-summary", "markup-handoff"]);
    await page.getByTestId("open-filters").tap();
    await expect.poll(() => scripts().includes("mobile-bar")).toBe(true);
    release();
    await page.getByTestId("filter-drawer").waitFor();
    await page.locator('[data-hydrated="true"]').waitFor();
    await ctx.close();
  });

  it("phone: the travel-alert toggle tapped before its code is there opens the login dialog", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    const scripts = scriptsOf(page);
    await openUntouched(page, "/skirejser?adultCount=3");
    expect(scripts().filter((s) => ["agent-toggle", "scroll-to-top"].includes(s))).toEqual([]);

    const release = await holdScripts(page, ["agent-toggle", "markup-handoff"]);
    await page.getByTestId("agent-toggle").tap();
    await expect.poll(() => scripts().includes("agent-toggle")).toBe(true);
    expect(new URL(page.url()).searchParams.get("dialog")).toBeNull();
    release();
    await page.getByTestId("login-dialog").waitFor();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ adultCount: "3", dialog: "login" });
    await ctx.close();
  });
});
