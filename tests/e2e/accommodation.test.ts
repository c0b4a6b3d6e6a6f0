import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { hydrationData, scrollToPart, visibleResortLabels, waitForLive } from "./support/page";
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

    it("lists the offers by departure date in one table, cheapest first, the cheapest of all marked", async () => {
      const groups = await groupsOf(page);
      expect(groups.length).toBeGreaterThan(0);
      expect(await page.locator("table.offers").count()).toBe(1);
      expect(groups.map((g) => g.date)).toEqual([...groups.map((g) => g.date)].sort());
      const lowest = Math.min(...groups.flatMap((g) => g.rows.map((r) => r.price)));
      for (const g of groups) {
        const prices = g.rows.map((r) => r.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        expect(g.rows.map((r) => r.cheapest)).toEqual(prices.map((p) => p === lowest));
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
    const hydration = hydrationData(html);
    const data = await (await fetch(`${suite.server.url}${href.replace(/^([^?]*)/, "$1.data")}`)).text();
    await page.goto(href);
    await waitForLive(page);
    await page.waitForLoadState("networkidle");
    // Not a date's cheapest (each date's first row, after the date's own): the price calendar names those.
    const tripIds = await page
      .locator('[data-testid="departure-group"] > [data-testid="offer-row"]:nth-child(n + 3)')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-trip-id")!));
    expect(tripIds.length).toBeGreaterThan(0);
    for (const id of tripIds.slice(0, 5))
      expect([html.includes(id), hydration.includes(id), data.includes(id)]).toEqual([true, false, true]);
  });

  it("answers an unknown accommodation with the Danish 404 and a way back to the search", async () => {
    suite.allowPageErrors(/status of 404 .*\/ophold\/findes-ikke/);
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
    // The map's code loads as its section comes near the screen (app/components/ui/page-parts.tsx).
    await scrollToPart(page.getByTestId("accommodation-map"));
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
      if (mode.javaScript) {
        await waitForLive(page);
        await page.evaluate(() => Object.assign(window, { samePage: true }));
      }
      await all.click();
      await page.waitForURL((url) => url.searchParams.get("dates") === departureInDays(60));
      await expect
        .poll(async () => (await groupsOf(page)).map((g) => [g.date, g.rows.length, g.all]), { timeout: 15_000 })
        .toEqual([[departureInDays(60), 7, null]]);
      if (mode.javaScript) expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    });
  });
}

// Issue 31, as a traveller sees it at 1440×900 and 390×844, with JavaScript on and off.
const WIDE = { viewport: { width: 1440, height: 900 } };
const sizes = [
  { name: "1440×900, JavaScript on", size: WIDE, javaScript: true },
  { name: "390×844, JavaScript on", size: MOBILE, javaScript: true },
  { name: "1440×900, JavaScript off", size: WIDE, javaScript: false },
  { name: "390×844, JavaScript off", size: MOBILE, javaScript: false },
];

/** The page of the card on the results page with the most offers: its offers span several dates and companies. */
async function busiestCardHref(page: Page, results: string): Promise<string> {
  await page.goto(results);
  const cards = await page.getByRole("article").evaluateAll((articles) =>
    articles.map((a) => ({
      href: a.querySelector("h2 a")!.getAttribute("href")!,
      offers: Number(a.querySelector(".rc-offers")!.textContent!.replace(/\D.*$/, "")),
    })),
  );
  return cards.sort((x, y) => y.offers - x.offers)[0].href;
}

const kroner = (text: string | null) => Number(text!.replace(/\D/g, ""));

for (const mode of sizes) {
  describe(`the offers list fits (${mode.name})`, () => {
    let page: Page;
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));
    const phone = mode.size === MOBILE;

    it("keeps the table inside its box and the screen, the company and the link out of every row in view, each price on one line", async () => {
      await page.goto(await busiestCardHref(page, "/skirejser"));
      if (mode.javaScript) await waitForLive(page);
      const fit = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="offers"]')!.getBoundingClientRect();
        const table = document.querySelector("table.offers")!.getBoundingClientRect();
        const rows = [...document.querySelectorAll('[data-testid="offer-row"]')].map((row) => {
          const inside = (el: Element) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left && r.right <= box.right && r.right <= window.innerWidth;
          };
          const price = row.querySelector('[data-testid="offer-price"]')!;
          return {
            company: inside(row.querySelector(".offer-company")!),
            link: inside(row.querySelector('[data-testid="offer-link"]')!),
            priceLines: price.getClientRects().length,
          };
        });
        // A header label wider than its cell, visible or not, spills over its neighbour.
        const spills = [...document.querySelectorAll("table.offers th, table.offers th *")].filter((el) => {
          const cell = (el.closest("th") ?? el).getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < cell.left - 0.5 || r.right > cell.right + 0.5);
        }).length;
        return {
          tableRight: table.right,
          boxRight: box.right,
          viewport: window.innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
          rows,
          spills,
          headerShown: getComputedStyle(document.querySelector("table.offers thead")!).display !== "none",
        };
      });
      expect(fit.rows.length).toBeGreaterThan(1);
      expect(fit.tableRight).toBeLessThanOrEqual(fit.boxRight);
      expect(fit.tableRight).toBeLessThanOrEqual(fit.viewport);
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.viewport);
      expect(fit.rows.every((r) => r.company && r.link && r.priceLines === 1)).toBe(true);
      expect(fit.spills).toBe(0);
      // A table with its column headers on a wide screen; stacked rows, which say what they are, on a phone.
      expect(fit.headerShown).toBe(!phone);
      if (phone)
        expect(
          await page
            .locator(".offer-pass")
            .first()
            .evaluate((el) => getComputedStyle(el, "::before").content),
        ).toBe('"Liftkort: "');
    });

    it(
      phone
        ? "has a bar with the lowest price at the screen's bottom that leads to the offers"
        : "has no price bar: the offers are in view",
      async () => {
        const bar = page.getByTestId("price-bar");
        if (!phone) {
          expect(await bar.isVisible()).toBe(false);
          const offersTop = await page.getByTestId("offers").evaluate((el) => el.getBoundingClientRect().top);
          expect(offersTop).toBeLessThan(900);
          return;
        }
        // The top of the page: the gallery and the facts fill the screen, the bar sits at its bottom.
        await page.evaluate(() => window.scrollTo(0, 0));
        const lowest = Math.min(...(await page.getByTestId("offer-price").allTextContents()).map(kroner));
        expect(await bar.textContent()).toContain(`Fra ${lowest.toLocaleString("da-DK")} kr. pr. person`);
        const box = (await bar.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(844 + 0.5);
        expect(box.y).toBeGreaterThan(844 / 2);
        await bar.getByRole("link", { name: "Se tilbud" }).click();
        await expect.poll(() => page.getByTestId("offers").evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(50);
        expect(new URL(page.url()).hash).toBe("#tilbud");
      },
    );

    it("shows the calendar's prices in whole kroner with their unit, and keeps the offers in view after a date is chosen", async () => {
      const labels = await page.getByTestId("calendar-day").evaluateAll((days) => days.map((d) => d.firstElementChild!.textContent!));
      expect(labels.length).toBeGreaterThan(1);
      for (const label of labels) expect(label).toMatch(/^\d{1,3}(\.\d{3})*$/);
      expect(await page.getByTestId("calendar-unit").textContent()).toBe("Kr. pr. person");
      const day = page.getByTestId("calendar-day").nth(1);
      const date = (await day.getAttribute("data-date"))!;
      await scrollToPart(day);
      await day.click();
      await page.waitForURL((url) => url.searchParams.get("dates") === date && url.hash === "#tilbud");
      await expect.poll(async () => (await groupsOf(page)).map((g) => g.date)).toEqual([date]);
      const offers = await page.getByTestId("offers").evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: window.innerHeight };
      });
      expect(offers.top).toBeGreaterThanOrEqual(-1);
      expect(offers.top).toBeLessThan(offers.height / 2);
    });
  });
}

for (const mode of [sizes[0], sizes[1], sizes[2]]) {
  describe(`a result card's price is the page's cheapest offer (${mode.name})`, () => {
    let page: Page;
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));
    const phone = mode.size === MOBILE;

    for (const [query, pick] of [
      ["?sort=discountPercentage:desc", "Største rabat"],
      ["?priceType=total", "Vores anbefaling"],
      ["?adultCount=4&sort=price:asc", "Billigste tur"],
    ] as const) {
      it(`says "Fra" the cheapest offer for the search, and names the trip the sort picked (${query})`, async () => {
        if (query.startsWith("?sort=") && !phone) {
          // Sorted in the page (with JavaScript the browser renders the cards from the page's data).
          await page.goto("/skirejser");
          if (mode.javaScript) await waitForLive(page);
          await page.getByTestId("sort-link").filter({ hasText: pick }).click();
          await page.waitForURL((url) => url.search === query);
          // The URL changes a moment before the page shows the new data; the sorting bar marks the sort with the cards.
          await page.locator('[data-testid="sort-link"][aria-current="true"]', { hasText: pick }).waitFor();
        } else {
          await page.goto(`/skirejser${query}`);
        }
        const cards = await page.getByRole("article").evaluateAll((articles) =>
          articles.map((a) => ({
            href: a.querySelector("h2 a")!.getAttribute("href")!,
            label: a.querySelector(".rc-label")!.textContent,
            price: a.querySelector(".rc-price")!.textContent!,
            pick: a.querySelector(".rc-pick")?.textContent ?? null,
          })),
        );
        expect(cards.length).toBeGreaterThan(3);
        for (const card of cards) {
          expect(card.label).toBe("Fra");
          if (card.pick !== null) {
            expect(card.pick.startsWith(`${pick}: `)).toBe(true);
            expect(kroner(card.pick)).toBeGreaterThan(kroner(card.price));
          }
        }
        const named = cards.filter((c) => c.pick !== null);
        // The cheapest sort's trip is the cheapest: nothing to name. Another sort's often costs more.
        if (pick === "Billigste tur") expect(named).toEqual([]);
        else expect(named.length).toBeGreaterThan(0);
        // Each card's price is the lowest offer on its page, the one marked cheapest: the first two and the first named.
        for (const card of new Set([cards[0], cards[1], named[0] ?? cards[2]])) {
          await page.goto(card.href);
          const prices = (await page.getByTestId("offer-price").allTextContents()).map(kroner);
          const cheapest = (
            await page.locator('[data-testid="offer-row"][data-cheapest] [data-testid="offer-price"]').allTextContents()
          ).map(kroner);
          expect(Math.min(...prices)).toBe(kroner(card.price));
          expect(cheapest.length).toBeGreaterThan(0);
          expect(new Set(cheapest)).toEqual(new Set([kroner(card.price)]));
        }
      });
    }
  });
}

describe("the lift pass has one word across filter, card and offers list", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript: true }, (opened) => ({ page } = opened));

  it("says Inkluderet / Eksklusiv, as the filter does", async () => {
    await page.goto("/skirejser?skiPassIncluded=false");
    expect(await page.getByRole("radio", { name: "Eksklusiv" }).count()).toBe(1);
    expect(await page.locator(".rc-facts").first().textContent()).toContain("Liftkort eksklusiv");
    await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await page.getByTestId("accommodation-page").waitFor();
    expect(new Set(await page.locator(".offer-pass").allTextContents())).toEqual(new Set(["Eksklusiv"]));
    await page.goto("/skirejser?skiPassIncluded=true");
    expect(await page.locator(".rc-facts").first().textContent()).toMatch(/Liftkort inkluderet \(\d+ dage?\)/);
    await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await page.getByTestId("accommodation-page").waitFor();
    const passes = await page.locator(".offer-pass").allTextContents();
    expect(passes.length).toBeGreaterThan(0);
    for (const text of passes) expect(text).toMatch(/^Inkluderet \(\d+ dage?\)$/);
    expect(await page.locator('[data-testid="offers-form"] select[name="skiPassIncluded"] option').allTextContents()).toEqual([
      "Alle",
      "Inkluderet",
      "Eksklusiv",
    ]);
  });

  it("says something sensible on a page without an offer for the search: no counts of nothing, no price", async () => {
    await page.goto("/skirejser");
    const id = await cardAccommodationId(page.getByRole("article").first());
    await page.goto(`/ophold/${id}?maxPrice=1`);
    expect(await page.getByTestId("offers").textContent()).not.toMatch(/\b0 tilbud|0 rejseselskaber/);
    expect(await page.getByTestId("offers-summary").count()).toBe(0);
    expect(await page.getByTestId("price-bar").count()).toBe(0);
    expect(await page.getByTestId("no-matching-offers").isVisible()).toBe(true);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toMatch(/\b0 skirejser|0 rejseselskaber/);
  });
});

for (const mode of [sizes[0], sizes[1], sizes[3]]) {
  describe(`the gallery enlarges a photo (${mode.name})`, () => {
    let page: Page;
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));

    it(mode.javaScript ? "in a dialog, with the keyboard" : "as a link to the image itself", async () => {
      await page.goto("/skirejser");
      await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
      await page.getByTestId("gallery").waitFor();
      const photos = page.getByTestId("gallery-photo");
      expect(await photos.count()).toBeGreaterThan(1);
      const first = await photos.first().locator("img").getAttribute("src");
      expect(await photos.first().getAttribute("href")).toBe(first);
      if (!mode.javaScript) {
        await photos.first().click();
        await page.waitForURL((url) => url.href === new URL(first!, url).href);
        return;
      }
      await waitForLive(page);
      await photos.first().focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByTestId("gallery-dialog");
      await dialog.waitFor({ state: "visible" });
      expect(await page.getByTestId("gallery-large").getAttribute("src")).toBe(first);
      const second = await photos.nth(1).locator("img").getAttribute("src");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => page.getByTestId("gallery-large").getAttribute("src")).toBe(second);
      const large = (await page.getByTestId("gallery-large").boundingBox())!;
      const small = (await photos.first().boundingBox())!;
      expect(large.width * large.height).toBeGreaterThan(small.width * small.height);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await photos.first().evaluate((el) => el === document.activeElement)).toBe(true);
      expect(new URL(page.url()).pathname.startsWith("/ophold/")).toBe(true);
    });
  });
}

/** One place with offers on 12 departure dates, more than a phone's calendar row shows (imported once, beside the demo). */
let calendarImported: Promise<string[]> | undefined;
function importCalendar(): Promise<string[]> {
  calendarImported ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-ophold-kalender-"));
    const file = path.join(dir, "kalender.ndjson");
    const dates = Array.from({ length: 12 }, (_, k) => departureInDays(30 + 7 * k));
    const lines = dates.map((date, k) =>
      trip({
        id: `kal-${k}`,
        travelCompany: { slug: "kalenderco", name: "Kalender Rejser" },
        accommodation: { id: "kalender-hotel", name: "Kalender Hotel" },
        departureDate: date,
        price: 10000 + k * 1000,
        pricePerPerson: 5000 + k * 500,
        originalPrice: null,
      }),
    );
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const { code } = await runIndexer(["import", file], { DATABASE_URL: suite.server.dbFile }).finally(() =>
      fs.rmSync(dir, { recursive: true, force: true }),
    );
    expect(code).toBe(0);
    await expect
      .poll(async () => (await fetch(`${suite.server.url}/ophold/kalender-hotel`)).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    return dates;
  })();
  return calendarImported;
}

for (const mode of [sizes[1], sizes[3]]) {
  describe(`a place with more departure dates than a phone's calendar shows (${mode.name})`, () => {
    let page: Page;
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));

    /** The row's scroll position and the opacity of its fades at the start and the end (scroll-driven: no script). */
    const edges = () =>
      page.locator(".calendar").evaluate((el) => {
        const row = el.querySelector("ol")!;
        return {
          overflow: row.scrollWidth - row.clientWidth,
          left: row.scrollLeft,
          start: Number(getComputedStyle(el, "::before").opacity),
          end: Number(getComputedStyle(el, "::after").opacity),
        };
      });

    it("fades the edge where there is more, and with JavaScript has buttons that scroll it", async () => {
      await importCalendar();
      await page.goto("/ophold/kalender-hotel");
      if (mode.javaScript) await waitForLive(page);
      const atStart = await edges();
      expect(atStart.overflow).toBeGreaterThan(0);
      expect([atStart.start, atStart.end]).toEqual([0, 1]);
      // Below the offers on a phone: the calendar's code loads as it comes near the screen.
      await scrollToPart(page.getByTestId("price-calendar"));
      const buttons = page.getByTestId("calendar-scroll");
      await expect.poll(() => buttons.evaluate((el) => getComputedStyle(el).visibility)).toBe(mode.javaScript ? "visible" : "hidden");
      if (mode.javaScript) {
        expect(await page.getByRole("button", { name: "Tidligere afrejsedatoer" }).isDisabled()).toBe(true);
        await page.getByRole("button", { name: "Senere afrejsedatoer" }).click();
        await expect.poll(async () => (await edges()).left).toBeGreaterThan(0);
        await expect.poll(() => page.getByRole("button", { name: "Tidligere afrejsedatoer" }).isEnabled()).toBe(true);
      }
      await page.locator(".calendar ol").evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
      await expect
        .poll(async () => {
          const e = await edges();
          return [e.start, e.end];
        })
        .toEqual([1, 0]);
    });

    it("tells a price history of one import in a sentence, with its unit, not as a chart of one dot", async () => {
      await importCalendar();
      await page.goto("/ophold/kalender-hotel");
      expect(await page.getByTestId("price-history-one").textContent()).toMatch(
        /^Den billigste pris har været 5\.000 kr\. pr\. person siden \d+\. \S+$/,
      );
      expect(await page.getByTestId("price-history").count()).toBe(0);
    });

    it.runIf(mode.javaScript)("brings the chosen date into view", async () => {
      const dates = await importCalendar();
      const last = dates.at(-1)!;
      await page.goto(`/ophold/kalender-hotel?dates=${last}`);
      await waitForLive(page);
      const day = page.locator(`[data-testid="calendar-day"][data-date="${last}"]`);
      expect(await day.getAttribute("aria-current")).toBe("true");
      await expect
        .poll(() =>
          day.evaluate((el) => {
            const row = el.closest("ol")!.getBoundingClientRect();
            const r = el.getBoundingClientRect();
            return r.left >= row.left - 0.5 && r.right <= row.right + 0.5;
          }),
        )
        .toBe(true);
    });
  });
}

for (const size of [DESKTOP, MOBILE])
  describe(`the location map without tiles (${size === DESKTOP ? "desktop" : "phone"})`, () => {
    it("shows the place in its country over the map's own base layer, the resort named, and says the tiles failed", async () => {
      const ctx = await suite.newContext({ size });
      // No tile server answers (the suite's local one is cut off).
      await ctx.route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort());
      suite.allowPageErrors(/net::ERR_FAILED .*\/\d+\/\d+\/\d+\.png/);
      const page = await ctx.newPage();
      await page.goto(RESULTS);
      const id = await cardAccommodationId(page.getByRole("article").first());
      await page.goto(`/ophold/${id}`);
      const resort = (await page.getByTestId("resort-page-link").textContent())!.replace("Om skiferie i ", "");
      const map = page.getByTestId("accommodation-leaflet");
      await scrollToPart(page.getByTestId("accommodation-map"));
      await page.getByTestId("map-tiles-failed").waitFor();
      expect(await map.locator(".leaflet-pane path").count()).toBeGreaterThan(10);
      await expect.poll(() => visibleResortLabels(page, map)).toEqual([resort]);
      await ctx.close();
    });
  });
