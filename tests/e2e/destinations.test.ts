import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import type { Page, Request } from "playwright-core";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/accounts/password.server";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { jsonLdIssues } from "../support/schema-org";
import { DESKTOP, MOBILE } from "./support/browser";
import { hydrationData, scrollToPart, visibleResortLabels, waitForLive } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The destination pages from a visitor's side (docs/urls.md "Destination pages"), at desktop and
// phone sizes, with JavaScript and without: the landing page → a country → a region → a resort; a
// week of the calendar → that week's trips; a card → its accommodation page; and back each time.
// Then the edges: an unknown place (404), a place with nothing for sale (200 and a notice), and a
// resort fact set by the CLI and on the dashboard showing on the page.

const suite = useServerAndBrowser({ demoTrips: 3000 });

const pathOf = (page: Page) => new URL(page.url()).pathname;
const searchOf = (page: Page) => decodeURIComponent(new URL(page.url()).search);

/** The child place with the most trips (a page lists them by name). */
async function busiestChild(page: Page) {
  const links = page.getByTestId("child-place");
  const trips = await links.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-trips"))));
  expect(trips.length).toBeGreaterThan(0);
  return links.nth(trips.indexOf(Math.max(...trips)));
}

/** Waits until the page shows the destination page of this place (a client navigation shows the old page until the new one's data is there). */
async function atPlace(page: Page, name: string, javaScript: boolean) {
  const exact = new RegExp(`^Skiferie i ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await page.getByTestId("destination-name").filter({ hasText: exact }).waitFor();
  if (javaScript) await waitForLive(page);
}

/** Follows a place's link and waits until its destination page shows; its path. */
async function follow(page: Page, link: ReturnType<Page["getByTestId"]>, javaScript: boolean) {
  const href = (await link.getAttribute("href"))!;
  const name = (await link.locator("span").first().textContent())!;
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  await atPlace(page, name, javaScript);
  return href;
}

const MODES = [
  { name: "desktop, JavaScript on", size: DESKTOP, javaScript: true },
  { name: "phone, JavaScript on", size: MOBILE, javaScript: true },
  { name: "desktop, JavaScript off", size: DESKTOP, javaScript: false },
  { name: "phone, JavaScript off", size: MOBILE, javaScript: false },
];

for (const mode of MODES) {
  describe(`destination pages (${mode.name})`, () => {
    let page: Page;
    let resortPath = "";
    let resortName = "";
    usePage(suite, { size: mode.size, javaScript: mode.javaScript }, (opened) => ({ page } = opened));

    it("leads from the landing page to a country, a region and a resort, with breadcrumbs back", async () => {
      await page.goto("/");
      const country = await busiestChild(page);
      const countryName = (await country.locator("span").first().textContent())!;
      await follow(page, country, mode.javaScript);
      expect(await page.locator("html").getAttribute("lang")).toBe("da");
      const region = await busiestChild(page);
      const regionName = (await region.locator("span").first().textContent())!;
      const regionPath = await follow(page, region, mode.javaScript);
      const resort = await busiestChild(page);
      resortName = (await resort.locator("span").first().textContent())!;
      resortPath = await follow(page, resort, mode.javaScript);
      expect(await page.getByTestId("destination-page").getAttribute("data-level")).toBe("resort");
      const crumbs = await page.getByTestId("breadcrumbs").getByRole("listitem").allTextContents();
      expect(crumbs.map((c) => c.replace("›", "").trim())).toEqual(["Forside", "Skiferie", countryName, regionName, resortName]);
      // The crumb of the region leads back to it.
      await page.getByTestId("breadcrumbs").getByRole("link", { name: regionName }).click();
      await page.waitForURL((url) => url.pathname === regionPath);
      await atPlace(page, regionName, mode.javaScript);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === resortPath);
      await atPlace(page, resortName, mode.javaScript);
    });

    it("shows the resort's trips: the count, the lowest price, and a link to all of them", async () => {
      const seeAll = page.getByTestId("see-all").first();
      expect(await seeAll.getAttribute("href")).toBe(`/skirejser?destinationSlugs=${resortPath.split("/").pop()}`);
      const n = Number((await seeAll.textContent())!.replace(/\D/g, ""));
      expect(n).toBeGreaterThan(0);
      expect(await page.getByTestId("destination-intro").textContent()).toContain(`${n.toLocaleString("da-DK")} rejser for 2 personer fra`);
      expect(await page.getByTestId("destination-cards").getByRole("article").count()).toBeGreaterThan(0);
    });

    it("opens a week of the calendar as that week's results, which link back to the resort's page", async () => {
      const week = page.getByTestId("calendar-week").first();
      const number = await week.getAttribute("data-week");
      await week.click();
      await page.waitForURL((url) => url.pathname === "/skirejser");
      expect(searchOf(page)).toBe(`?destinationSlugs=${resortPath.split("/").pop()}&weeks=${number}`);
      await page.getByTestId("results-list").waitFor();
      expect(await page.getByTestId("place-page-link").getAttribute("href")).toBe(resortPath);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === resortPath);
      await atPlace(page, resortName, mode.javaScript);
    });

    it("opens a card's accommodation page, which links to the resort's page, and comes back", async () => {
      const card = page.getByTestId("destination-cards").getByRole("article").first();
      const name = (await card.getByRole("heading").textContent())!;
      await card.getByRole("heading").getByRole("link").click();
      await page.waitForURL((url) => url.pathname.startsWith("/ophold/"));
      expect(await page.getByTestId("accommodation-name").textContent()).toBe(name);
      expect(await page.getByTestId("resort-page-link").getAttribute("href")).toBe(resortPath);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === resortPath);
      await atPlace(page, resortName, mode.javaScript);
    });

    if (mode.javaScript) {
      it("draws the resort's accommodations on the map, over its own base layer when the tiles fail", async () => {
        // No tile server answers this page (the suite's local one is cut off): the map loads afresh without tiles.
        await page.context().route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort());
        suite.allowPageErrors(/net::ERR_FAILED .*\/\d+\/\d+\/\d+\.png/);
        const scripts: string[] = [];
        const noteScript = (r: Request) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
        page.on("requestfinished", noteScript);
        await page.goto(resortPath);
        // Not waited for live: that takes an interaction, which also asks for the map's code.
        await atPlace(page, resortName, false);
        const map = page.locator('[data-testid="destination-leaflet"][data-ready="true"]');
        if (mode.size === DESKTOP) {
          // The map's box is in the first screen: until the visitor moves, it is the server's picture
          // of the places, and Leaflet's code is not loaded.
          await page.waitForLoadState("networkidle");
          expect(await page.getByTestId("map-preview").locator("circle").count()).toBeGreaterThan(0);
          expect(await page.getByTestId("destination-leaflet").count()).toBe(0);
          expect(scripts.filter((s) => /leaflet|destination-map/.test(s))).toEqual([]);
          page.off("requestfinished", noteScript);
          await page.mouse.move(200, 200);
        } else {
          page.off("requestfinished", noteScript);
          await scrollToPart(page.getByTestId("destination-map"));
        }
        await map.waitFor();
        expect(await page.getByTestId("map-preview").count()).toBe(0);
        expect(Number(await map.getAttribute("data-points"))).toBeGreaterThan(0);
        await expect.poll(() => page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').count()).toBeGreaterThan(0);
        // No tile server is reachable: the map says so and still shows the countries.
        await page.getByTestId("map-tiles-failed").waitFor();
        expect(await page.locator(".leaflet-pane path").count()).toBeGreaterThan(10);
        // The resort's name shows below its point, above the countries and clear of the markers.
        await expect.poll(() => visibleResortLabels(page, page.getByTestId("destination-leaflet"))).toEqual([resortName]);
      });
      if (mode.size === DESKTOP) {
        it("keeps the picture when the map's code cannot be fetched, and asks again at the next press", async () => {
          // The tiles are still cut off (the test before).
          suite.allowPageErrors(/net::ERR_FAILED .*destination-map-/, /net::ERR_FAILED .*\/\d+\/\d+\/\d+\.png/);
          let asked = 0;
          await page.route(/\/destination-map-[\w-]+\.js$/, (route) => (asked++ === 0 ? route.abort() : route.continue()));
          await page.goto(resortPath);
          await atPlace(page, resortName, true);
          await page.mouse.move(200, 200); // the first interaction: the map's code is asked for, and fails
          await expect.poll(() => asked).toBe(1);
          expect(await page.getByTestId("map-preview").locator("circle").count()).toBeGreaterThan(0);
          await page.getByTestId("destination-name").click();
          await page.locator('[data-testid="destination-leaflet"][data-ready="true"]').waitFor();
          expect(asked).toBe(2);
          // Its tiles fail within this test (they are still cut off), not under the next one.
          await page.getByTestId("map-tiles-failed").waitFor();
          await page.waitForLoadState("networkidle");
          await page.unroute(/\/destination-map-[\w-]+\.js$/);
        });
      }
    } else {
      it("shows where the resort's accommodations lie, and links to the results page's map view, which works without JavaScript", async () => {
        expect(await page.getByTestId("map-preview").locator("circle").count()).toBeGreaterThan(0);
        const href = (await page.getByTestId("results-map-link").getAttribute("href"))!;
        expect(href).toBe(`/skirejser?destinationSlugs=${resortPath.split("/").pop()}&map=1`);
      });
    }
  });
}

describe("the edges of the destination pages", () => {
  let page: Page;
  let tmp: string;
  const PASSWORD = "fakta-om-fjelde-2027";
  const OPERATOR = "fakta@example.dk";
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-destinations-"));
    const db = new Database(suite.server.dbFile);
    db.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(OPERATOR, await hashPassword(PASSWORD));
    db.close();
    expect((await runIndexer(["operators", "add", OPERATOR], { DATABASE_URL: suite.server.dbFile })).code).toBe(0);
  });
  afterAll(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));
  usePage(suite, { size: DESKTOP, javaScript: false }, (opened) => ({ page } = opened));

  it("sends its cards once: their photos in the markup, not in the page's data; a navigation's data carries them whole", async () => {
    const html = await (await fetch(`${suite.server.url}/skiferie/oestrig`)).text();
    const data = await (await fetch(`${suite.server.url}/skiferie/oestrig.data`)).text();
    await page.goto("/skiferie/oestrig");
    // A card's photo is its own (the map's points carry the places' names and ids, but no photo).
    const photos = await page
      .getByTestId("destination-cards")
      .getByRole("article")
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")!));
    expect(photos.length).toBeGreaterThan(0);
    for (const src of photos)
      expect([html.includes(src), hydrationData(html).includes(src), data.includes(src)]).toEqual([true, false, true]);
  });

  it("answers an unknown place with the Danish 404, and an old path or one with capitals with a redirect", async () => {
    suite.allowPageErrors(/status of 404 .*\/skiferie\/findes-ikke/);
    const missing = await page.goto("/skiferie/findes-ikke");
    expect(missing!.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Siden findes ikke.");
    const full = await page.goto("/skiferie/oestrig/tirol");
    expect(pathOf(page)).toBe("/skiferie/tirol");
    expect(full!.status()).toBe(200);
    // A place typed with capitals, as people write names: its page, not a 404.
    const typed = await page.goto("/skiferie/Oestrig/TIROL");
    expect(pathOf(page)).toBe("/skiferie/tirol");
    expect(typed!.status()).toBe(200);
  });

  it("names the page of every destination's cards and map without calling 'Skiferie' a place, and a place's by its name", async () => {
    await page.goto("/skiferie");
    expect(await page.locator("#cards-heading").textContent()).toBe("De bedste overnatningssteder");
    expect(await page.locator("#map-heading").textContent()).toBe("Overnatningsstederne på kortet");
    await page.goto("/skiferie/tirol");
    expect(await page.locator("#cards-heading").textContent()).toBe("De bedste overnatningssteder i Tirol");
    expect(await page.locator("#map-heading").textContent()).toBe("Tirol på kortet");
  });

  it("answers a place with nothing for sale with 200, its facts and a notice", async () => {
    const feed = path.join(tmp, "gammel.ndjson");
    const destination = {
      slug: "gammeldalen",
      name: "Gammeldalen",
      region: { slug: "tirol", name: "Tirol" },
      country: { slug: "oestrig", name: "Østrig" },
    };
    const line = trip({
      id: "gammel-1",
      travelCompany: { slug: "fjeldrejser", name: "Fjeldrejser" },
      departureDate: departureInDays(-3),
      accommodation: { id: "hotel-gammeldalen", name: "Hotel Gammeldalen", destination },
    });
    fs.writeFileSync(feed, `${JSON.stringify(line)}\n`);
    expect((await runIndexer(["import", feed], { DATABASE_URL: suite.server.dbFile })).code).toBe(0);
    expect(
      (await runIndexer(["catalogue", "set", "resort", "gammeldalen", "topAltitude", "2100"], { DATABASE_URL: suite.server.dbFile })).code,
    ).toBe(0);
    // The server takes up the new generation within a second or two.
    await expect.poll(async () => (await page.goto("/skiferie/gammeldalen"))!.status()).toBe(200);
    await page.getByTestId("no-trips").waitFor();
    expect(await page.getByTestId("fact").allInnerTexts()).toEqual(["Højeste punkt\n2.100 m.o.h."]);
    expect(await page.getByTestId("destination-cards").count()).toBe(0);
  });

  it("shows a fact set by the CLI at once, and only the facts the catalogue has", async () => {
    await page.goto("/skiferie/solden");
    expect(await page.getByTestId("resort-facts").count()).toBe(0);
    const set = (field: string, value: string) =>
      runIndexer(["catalogue", "set", "resort", "solden", field, value], { DATABASE_URL: suite.server.dbFile });
    expect((await set("topAltitude", "3340")).code).toBe(0);
    expect((await set("seasonFirstMonth", "11")).code).toBe(0);
    await page.goto("/skiferie/solden");
    expect(await page.getByTestId("fact").allInnerTexts()).toEqual(["Højeste punkt\n3.340 m.o.h.", "Sæson\nfra november"]);
  });

  it("shows a fact set on the dashboard's plain form, after refusing a bad value with its reason", async () => {
    suite.allowPageErrors(/status of 400 .*\/drift\/destinationer\/solden/);
    await page.goto("/drift/destinationer/solden");
    await page.getByLabel("E-mail").fill(OPERATOR);
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/drift/destinationer/solden");
    expect(await page.getByLabel("Højeste punkt (meter over havet)").inputValue()).toBe("3340");
    await page.getByLabel("Antal lifte").fill("mange");
    await page.getByLabel("Sæsonens sidste måned (1–12)").fill("4");
    await page.getByRole("button", { name: "Gem" }).click();
    await page.getByTestId("error-lifts").waitFor();
    expect(await page.getByTestId("error-lifts").textContent()).toBe("Værdien skal være et helt tal fra 0 til 1.000.");
    // The form keeps what was typed.
    expect(await page.getByLabel("Sæsonens sidste måned (1–12)").inputValue()).toBe("4");
    await page.getByLabel("Antal lifte").fill("31");
    await page.getByLabel("Blå pister (km)").fill("12,5");
    await page.getByRole("button", { name: "Gem" }).click();
    await page.waitForURL((url) => url.pathname === "/drift/destinationer");
    expect(await page.getByTestId("facts-saved").textContent()).toBe("Fakta om Sölden er gemt.");
    expect(await page.locator('[data-testid="resort-row"][data-slug="solden"] td').nth(3).textContent()).toBe("5");
    // The page is for everyone: a visitor without the operator's cookie sees the change at once.
    const visitor = await suite.newContext({ javaScript: false });
    const other = await visitor.newPage();
    await other.goto("/skiferie/solden");
    expect(await other.getByTestId("fact").allInnerTexts()).toEqual([
      "Højeste punkt\n3.340 m.o.h.",
      "Blå pister\n12,5 km",
      "Lifte\n31",
      "Sæson\nnovember–april",
    ]);
    await visitor.close();
    const db = new Database(suite.server.dbFile, { readonly: true });
    const logged = db.prepare("SELECT actor, action, subject FROM audit_log WHERE action = 'resort.facts' ORDER BY id DESC LIMIT 1").get();
    db.close();
    expect(logged).toEqual({ actor: OPERATOR, action: "resort.facts", subject: "resort solden" });
  });
});

describe("for search engines", () => {
  const get = (path: string) => fetch(`${suite.server.url}${path}`, { redirect: "manual" });
  /** The page's canonical link, as React writes it. */
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1].replace(/&amp;/g, "&");
  const robotsOf = (html: string) => /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1];
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
  const xml = new XMLParser({ isArray: (name) => name === "sitemap" || name === "url" });

  it("serves robots.txt, which keeps crawlers out of the private paths and points to the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robots = robotsParser(`${suite.server.url}/robots.txt`, await res.text());
    expect(robots.getSitemaps()).toEqual([`${suite.server.url}/sitemap.xml`]);
    for (const path of ["/drift", "/konto/log-ind", "/api/search", "/ud/x", "/banner/1", "/soegeagenter", "/gemte-rejser"])
      expect(robots.isDisallowed(`${suite.server.url}${path}`, "Googlebot"), path).toBe(true);
  });

  it("serves sitemap.xml, an index of sitemaps whose every URL answers 200, is its page's canonical and may be crawled", async () => {
    const robots = robotsParser(`${suite.server.url}/robots.txt`, await (await get("/robots.txt")).text());
    const index = await get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const children = xml.parse(await index.text()).sitemapindex.sitemap as Array<{ loc: string; lastmod?: string }>;
    expect(children.map((c) => new URL(c.loc).pathname)).toEqual(["/sitemaps/destinationer.xml", "/sitemaps/ophold-1.xml"]);
    const urls: Array<{ loc: string; lastmod?: string }> = [];
    for (const child of children) {
      expect(child.loc.startsWith(suite.server.url)).toBe(true);
      const res = await get(new URL(child.loc).pathname);
      expect(res.status).toBe(200);
      const entries = xml.parse(await res.text()).urlset.url as Array<{ loc: string; lastmod?: string }>;
      expect(entries.length).toBeLessThanOrEqual(50_000);
      // The child's lastmod is its newest entry's.
      expect(child.lastmod).toBe(
        entries
          .map((e) => e.lastmod ?? "")
          .sort()
          .at(-1),
      );
      urls.push(...entries);
    }
    const paths = urls.map((u) => new URL(u.loc).pathname);
    expect(paths).toContain("/skiferie");
    expect(paths).toContain("/skiferie/solden");
    expect(paths.filter((p) => p.startsWith("/ophold/")).length).toBeGreaterThan(100);
    expect(new Set(paths).size).toBe(paths.length);
    for (const u of urls) {
      expect(u.lastmod ?? "", u.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(robots.isAllowed(u.loc, "Googlebot"), u.loc).toBe(true);
    }
    // The resort whose facts were set today (above) changed today.
    const today = new Date().toISOString().slice(0, 10);
    expect(urls.find((u) => new URL(u.loc).pathname === "/skiferie/solden")?.lastmod).toBe(today);
    // Every page answers 200 with the URL as its canonical link; a destination page's JSON-LD is valid schema.org.
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < urls.length) {
          const { loc } = urls[next++];
          const res = await get(new URL(loc).pathname);
          const html = await res.text();
          if (res.status !== 200) failures.push(`${loc}: ${res.status}`);
          else if (canonicalOf(html) !== loc) failures.push(`${loc}: canonical ${canonicalOf(html)}`);
          else if (robotsOf(html)) failures.push(`${loc}: robots ${robotsOf(html)}`);
          else if (loc.includes("/skiferie")) {
            const ld = jsonLdOf(html);
            expect(ld.map((o) => o["@type"])).toEqual(
              loc.endsWith("/skiferie") ? ["BreadcrumbList"] : ["BreadcrumbList", "TouristDestination"],
            );
            failures.push(...(await jsonLdIssues(ld)).map((issue) => `${loc}: ${issue}`));
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  });

  it("titles and describes a destination page in Danish with its trips and lowest price", async () => {
    const html = await (await get("/skiferie/oestrig")).text();
    const trips = /Se alle ([\d.]+) rejser/.exec(html)![1];
    const title = /<title>([^<]+)<\/title>/.exec(html)![1];
    expect(title).toMatch(new RegExp(`^Skiferie i Østrig: ${trips.replace(".", "\\.")} rejser fra [\\d.]+ kr\\. \\| Pistepris$`));
    expect(/<meta name="description" content="([^"]+)"/.exec(html)![1]).toMatch(
      new RegExp(`^Sammenlign ${trips.replace(".", "\\.")} skirejser til Østrig fra [\\d.]+ kr\\. pr\\. person\\.`),
    );
  });

  it("marks a results page with filters beyond a place noindex, follow, and gives every page a canonical link", async () => {
    const robotsAt = async (path: string) => robotsOf(await (await get(path)).text());
    expect(await robotsAt("/skirejser")).toBeUndefined();
    expect(await robotsAt("/skirejser?destinationSlugs=solden")).toBeUndefined();
    expect(await robotsAt("/skirejser?destinationSlugs=solden&weeks=7")).toBe("noindex, follow");
    expect(await robotsAt("/skirejser?destinationSlugs=solden&maxPrice=9000")).toBe("noindex, follow");
    for (const [path, canonical] of [
      ["/", "/"],
      ["/?weeks=7", "/"],
      ["/partner", "/partner"],
      ["/soeg?weeks=7", "/soeg"],
      ["/konto/log-ind", "/konto/log-ind"],
      ["/skiferie", "/skiferie"],
      ["/skirejser?destinationSlugs=solden&sort=price:asc", "/skirejser?destinationSlugs=solden&sort=price:asc"],
    ]) {
      const html = await (await get(path)).text();
      expect(canonicalOf(html), path).toBe(`${suite.server.url}${canonical}`);
      expect(html.match(/rel="canonical"/g), path).toHaveLength(1);
    }
  });
});
