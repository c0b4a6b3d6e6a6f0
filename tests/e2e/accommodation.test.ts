import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { usePage, useServerAndBrowser } from "./support/suite";

// The accommodation page from a visitor's side, at desktop and mobile sizes, with JavaScript on and
// off: result card → the page → an offer → the click-out with the affiliate id; the price
// calendar narrows the table; the page leads back to the same results. Then the edges: the
// narrowing form, the Danish 404, the no-matching-offer notice, and a hostile name in the feed.

const suite = useServerAndBrowser({ demoTrips: 3000 });

/** The accommodation a result card is of, from the link of its name. */
async function cardAccommodationId(card: Locator): Promise<string> {
  const href = (await card.getByRole("heading").getByRole("link").getAttribute("href"))!;
  return new URL(href, "http://card.invalid").pathname.slice("/ophold/".length);
}
const RESULTS = "/skirejser?sort=price:asc&aff=p7";
const search = (page: Page) => new URL(page.url()).search;
const pathname = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/** The prices of each departure group's rows, in table order, and whether each is marked cheapest. */
function groupsOf(page: Page) {
  return page.getByTestId("departure-group").evaluateAll((sections) =>
    sections.map((s) => ({
      date: s.getAttribute("data-date")!,
      offerCount: Number(s.getAttribute("data-offer-count")),
      all: s.querySelector('[data-testid="departure-all"]')?.getAttribute("href") ?? null,
      rows: [...s.querySelectorAll('[data-testid="offer-row"]')].map((r) => ({
        price: Number(r.querySelector('[data-testid="offer-price"]')!.textContent!.replace(/\D/g, "")),
        cheapest: r.getAttribute("data-cheapest") === "true",
      })),
    })),
  );
}

const modes = [
  { name: "desktop, JavaScript on", size: DESKTOP, javaScript: true },
  { name: "mobile, JavaScript on", size: MOBILE, javaScript: true },
  { name: "desktop, JavaScript off", size: DESKTOP, javaScript: false },
  { name: "mobile, JavaScript off", size: MOBILE, javaScript: false },
];

for (const mode of modes) {
  describe(`the accommodation page (${mode.name})`, () => {
    let ctx: BrowserContext;
    let page: Page;
    let accommodationId = "";
    let name = "";
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ ctx, page } = opened));

    it("opens from a result card's name, carrying the search", async () => {
      await page.goto(RESULTS);
      const card = page.getByRole("article").first();
      accommodationId = await cardAccommodationId(card);
      name = (await card.getByRole("heading").getByRole("link").textContent())!;
      await card.getByRole("heading").getByRole("link").click();
      await page.waitForURL((url) => url.pathname.startsWith("/ophold/"));
      expect(pathname(page)).toBe(`/ophold/${accommodationId}`);
      expect(search(page)).toBe("?sort=price:asc&aff=p7");
      expect(await page.getByTestId("accommodation-name").textContent()).toBe(name);
    });

    it("lists the offers by departure date, cheapest first, the cheapest of each marked", async () => {
      const groups = await groupsOf(page);
      expect(groups.length).toBeGreaterThan(0);
      expect(groups.map((g) => g.date)).toEqual([...groups.map((g) => g.date)].sort());
      for (const g of groups) {
        const prices = g.rows.map((r) => r.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        expect(g.rows.map((r) => r.cheapest)).toEqual(prices.map((p) => p === prices[0]));
      }
      // The JSON-LD counts the same offers, also those of a date beyond its first rows.
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(ld.name).toBe(name);
      expect(ld.makesOffer.offerCount).toBe(groups.reduce((n, g) => n + g.offerCount, 0));
    });

    it("sends an offer through the click-out with the affiliate id", async () => {
      const link = page.getByTestId("offer-link").first();
      expect(await link.getAttribute("href")).toMatch(/^\/ud\/[^?]+\?aff=p7$/);
      // The travel company's site is not reachable from here: answer it in the browser and read what it was asked.
      const asked: string[] = [];
      await ctx.route(/^https?:\/\/(?!127\.0\.0\.1)/, async (route) => {
        asked.push(route.request().url());
        await route.fulfill({ status: 200, contentType: "text/html", body: "<p>rejseselskab</p>" });
      });
      const [popup] = await Promise.all([ctx.waitForEvent("page"), link.click()]);
      await expect.poll(() => asked.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(new URL(asked[0]).searchParams.get("aff")).toBe("p7");
      await popup.close();
      await ctx.unroute(/^https?:\/\/(?!127\.0\.0\.1)/);
    });

    it("narrows the table to a date of the price calendar", async () => {
      const days = page.getByTestId("calendar-day");
      expect(await days.count()).toBeGreaterThan(0);
      const day = days.last();
      const date = (await day.getAttribute("data-date"))!;
      await day.click();
      await page.waitForURL((url) => url.searchParams.get("dates") === date);
      expect(search(page)).toBe(`?dates=${date}&sort=price:asc&aff=p7`);
      await expect.poll(async () => (await groupsOf(page)).map((g) => g.date)).toEqual([date]);
      expect(await page.getByTestId("calendar-day").count()).toBe(await days.count());
      expect(await page.locator(`[data-testid="calendar-day"][data-date="${date}"]`).getAttribute("aria-current")).toBe("true");
    });

    it("leads back to the same results", async () => {
      await page.getByTestId("back-to-results").click();
      await page.waitForURL((url) => url.pathname === "/skirejser");
      expect(search(page)).toBe("?dates=" + new URL(page.url()).searchParams.get("dates") + "&sort=price:asc&aff=p7");
      await page.goBack();
      await page.goBack();
      await page.waitForURL((url) => url.pathname.startsWith("/ophold/") && !url.searchParams.has("dates"));
      // With JavaScript the page's data follows the URL a moment later.
      await expect.poll(() => page.getByTestId("back-to-results").getAttribute("href")).toBe(RESULTS);
      await page.getByTestId("back-to-results").click();
      await page.waitForURL((url) => url.pathname === "/skirejser");
      expect(search(page)).toBe("?sort=price:asc&aff=p7");
      expect(await cardAccommodationId(page.getByRole("article").first())).toBe(accommodationId);
    });
  });
}

describe("the accommodation page's form and edges", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript: true }, (opened) => ({ page } = opened));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-ophold-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("narrows the offers with the GET form to the canonical URL", async () => {
    await page.goto("/skirejser?aff=p7");
    await page.locator(".rc-offers").first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/ophold/"));
    const company = (await page.getByTestId("offer-row").first().locator("td").first().textContent())!.replace("Billigst", "").trim();
    const checkbox = page.locator('[data-testid="offers-form"] label', { hasText: company }).locator("input");
    await checkbox.check();
    await page.getByTestId("offers-form-submit").click();
    await page.waitForLoadState("load");
    expect(search(page)).toMatch(/^\?travelCompanies=[a-z0-9-]+&aff=p7$/);
    const companies = await page.getByTestId("offer-row").evaluateAll((rows) => rows.map((r) => r.querySelector("td")!.textContent!));
    expect(companies.length).toBeGreaterThan(0);
    for (const c of companies) expect(c.replace("Billigst", "").trim()).toBe(company);
    // The link to every offer for this party drops the narrowing.
    await page.getByTestId("all-offers").click();
    await page.waitForURL((url) => !url.searchParams.has("travelCompanies"));
    expect(search(page)).toBe("?aff=p7");
  });

  it("sends the offers tables once: in the markup, not in the page's data", async () => {
    await page.goto("/skirejser");
    const href = (await page.getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href"))!;
    const html = await (await fetch(`${suite.server.url}${href}`)).text();
    const hydration = [...html.matchAll(/<script[^>]*>(.*?)<\/script>/gs)]
      .map((m) => m[1])
      .find((s) => s.includes("streamController.enqueue"))!;
    const data = await (await fetch(`${suite.server.url}${href.replace(/^([^?]*)/, "$1.data")}`)).text();
    await page.goto(href);
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
    await page.waitForLoadState("networkidle");
    // Not a date's cheapest: the price calendar names those.
    const tripIds = await page
      .locator('[data-testid="offer-row"]:not([data-cheapest])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-trip-id")!));
    expect(tripIds.length).toBeGreaterThan(0);
    for (const id of tripIds.slice(0, 5))
      expect([html.includes(id), hydration.includes(id), data.includes(id)]).toEqual([true, false, true]);
  });

  it("answers an unknown accommodation with the Danish 404 and a way back to the search", async () => {
    const res = await page.goto("/ophold/findes-ikke?adultCount=3&aff=p7");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Stedet findes ikke");
    expect(await page.getByTestId("back-to-search").getAttribute("href")).toBe("/skirejser?adultCount=3&aff=p7");
  });

  it("answers an accommodation without a matching offer with a notice and the same search in its resort", async () => {
    await page.goto("/skirejser");
    const id = await cardAccommodationId(page.getByRole("article").first());
    const res = await page.goto(`/ophold/${id}?maxPrice=1&adultCount=3`);
    expect(res?.status()).toBe(200);
    expect(await page.getByTestId("no-matching-offers").textContent()).toContain("Ingen tilbud passer til din søgning");
    expect(await page.getByTestId("same-search-in-resort").getAttribute("href")).toMatch(
      /^\/skirejser\?destinationSlugs=[a-z0-9-]+&adultCount=3&maxPrice=1$/,
    );
  });

  it("redirects the percent-encoded spelling of a search's form to the readable one", async () => {
    await page.goto("/skirejser");
    const id = await cardAccommodationId(page.getByRole("article").first());
    await page.goto(`/ophold/${id}?travelCompanies=alpetours&travelCompanies=sneglad&adultCount=2&sort=price%3Aasc`);
    expect(search(page)).toBe("?travelCompanies=alpetours,sneglad&sort=price:asc");
  });

  it("keeps a hostile name inside its JSON-LD and meta tags", async () => {
    const hostile = `Hotel </script><script>document.title="hacked"</script> "'<!--`;
    const file = path.join(dir, "hostile.ndjson");
    const line = trip({
      id: "hostile-1",
      travelCompany: { slug: "hostilco", name: "Hostil Rejser" },
      accommodation: { id: "hostile-hotel", name: hostile },
      departureDate: departureInDays(60),
    });
    fs.writeFileSync(file, JSON.stringify(line) + "\n");
    const { code } = await runIndexer(["import", file], { DATABASE_URL: suite.server.dbFile });
    expect(code).toBe(0);
    await expect
      .poll(async () => (await fetch(`${suite.server.url}/ophold/hostile-hotel`)).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    await page.goto("/ophold/hostile-hotel");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld.name).toBe(hostile);
    expect(ld.makesOffer).toEqual({ "@type": "AggregateOffer", priceCurrency: "DKK", lowPrice: 11980, highPrice: 11980, offerCount: 1 });
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(hostile);
    expect(await page.title()).toContain(hostile);
    // The page's scripts ran (it hydrated, and the map drew once scrolled to, its tooltip named) and the feed's did not.
    await page.getByTestId("accommodation-leaflet").scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="accommodation-leaflet"][data-ready="true"]');
    expect(await page.title()).not.toBe("hacked");
  });
});

/** One place of one company with 7 offers on one date and 2 on another (imported once, beside the demo). */
let manyImported: Promise<void> | undefined;
function importMany(): Promise<void> {
  manyImported ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-ophold-many-"));
    const file = path.join(dir, "many.ndjson");
    const line = (id: string, days: number, price: number) =>
      trip({
        id,
        travelCompany: { slug: "mangeco", name: "Mange Rejser" },
        accommodation: { id: "mange-tilbud-hotel", name: "Mange Tilbud Hotel" },
        departureDate: departureInDays(days),
        price,
        pricePerPerson: price / 2,
        originalPrice: null,
      });
    const lines = [
      ...Array.from({ length: 7 }, (_, k) => line(`m-a${k}`, 60, 10000 + k * 200)),
      line("m-b0", 67, 9000),
      line("m-b1", 67, 9400),
    ];
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { code } = await runIndexer(["import", file], { DATABASE_URL: suite.server.dbFile }).finally(() =>
      fs.rmSync(dir, { recursive: true, force: true }),
    );
    expect(code).toBe(0);
    await expect
      .poll(async () => (await fetch(`${suite.server.url}/ophold/mange-tilbud-hotel`)).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
  })();
  return manyImported;
}

for (const mode of [modes[0], modes[3]]) {
  describe(`a place with more than five offers on a date (${mode.name})`, () => {
    let page: Page;
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));

    it("shows each date's cheapest five and links a date with more to the page narrowed to it, which shows them all", async () => {
      await importMany();
      await page.goto("/ophold/mange-tilbud-hotel");
      const groups = await groupsOf(page);
      expect(groups.map((g) => [g.date, g.offerCount, g.rows.length, g.all !== null])).toEqual([
        [departureInDays(60), 7, 5, true],
        [departureInDays(67), 2, 2, false],
      ]);
      // Per person, the price type that leads by default.
      expect(groups[0].rows.map((r) => r.price)).toEqual([5000, 5100, 5200, 5300, 5400]);
      const all = page.locator(`[data-testid="departure-group"][data-date="${departureInDays(60)}"] [data-testid="departure-all"]`);
      expect(await all.textContent()).toMatch(/^Se alle 7 tilbud med afrejse /);
      // With JavaScript the tables kept from the server's markup follow their links in the page.
      if (mode.javaScript) await page.evaluate(() => Object.assign(window, { samePage: true }));
      await all.click();
      await page.waitForURL((url) => url.searchParams.get("dates") === departureInDays(60));
      await expect
        .poll(async () => (await groupsOf(page)).map((g) => [g.date, g.rows.length, g.all]), { timeout: 15_000 })
        .toEqual([[departureInDays(60), 7, null]]);
      if (mode.javaScript) expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    });
  });
}
