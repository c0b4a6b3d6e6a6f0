import { AxeBuilder } from "@axe-core/playwright";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_TILE_TIMEOUT_MS } from "~/components/map/map-parts";
import { importLines } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { layoutShifts, scriptsOf, waitForLive, watchLayoutShifts } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The results map. No tile server is reachable in tests, so a tiny one here answers
// every /{z}/{x}/{y}.png with a small PNG, and the app is started with MAP_TILE_URL pointing at it.

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==", "base64");

let tiles: http.Server;
let tileUrl: string;
let tileRequests = 0;

beforeAll(async () => {
  tiles = http.createServer((req, res) => {
    if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) {
      tileRequests++;
      res.writeHead(200, { "Content-Type": "image/png", "Access-Control-Allow-Origin": "*" }).end(PNG);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
  tileUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => tiles?.close(r)));
// After the tile server's hooks: the options read its URL, and it is closed after the server.
const suite = useServerAndBrowser(() => ({
  demoTrips: 4000,
  env: { MAP_TILE_URL: `${tileUrl}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: "Testkort" },
}));

const params = (page: Page) => new URL(page.url()).searchParams;
const SHOTS = path.resolve(import.meta.dirname, "../../test-results");

/** Page errors and console errors from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => void (message.type() === "error" && errors.push(`console: ${message.text()}`)));
  return errors;
}

async function openMap(page: Page) {
  await page.locator('[data-testid="results-map"][data-ready="true"]').waitFor();
  await page.locator(".pp-marker > span").first().waitFor();
}

/**
 * Counts the zoom animations the page's maps run from now on (Leaflet marks its map pane with
 * `leaflet-zoom-anim` while one runs): a map that opens fitted to the result should run none, or
 * its markers, drawn for one zoom, slide over each other on the way to the next.
 */
async function watchZoomAnimations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { zoomAnimations: number };
    w.zoomAnimations = 0;
    new MutationObserver((records) => {
      for (const r of records)
        if (
          r.target instanceof Element &&
          r.target.classList.contains("leaflet-zoom-anim") &&
          !String(r.oldValue).includes("leaflet-zoom-anim")
        )
          w.zoomAnimations++;
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true });
  });
}
const zoomAnimations = (page: Page) => page.evaluate(() => (window as unknown as { zoomAnimations: number }).zoomAnimations);

/** The drawn markers' boxes (price labels and clusters) inside the map's box. */
const markerBoxes = (page: Page) =>
  page.evaluate(() => {
    const map = document.querySelector('[data-testid="results-map"]')!.getBoundingClientRect();
    return [...document.querySelectorAll(".pp-marker > span")]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom)
      .map((r) => ({ left: r.left, top: r.top, width: r.width, height: r.height }));
  });

/** Pairs of boxes that cover each other by more than a pixel. */
function overlapping(boxes: Array<{ left: number; top: number; width: number; height: number }>): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
      const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) out.push(`${JSON.stringify(a)} × ${JSON.stringify(b)}`);
    }
  return out;
}

describe("desktop", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ page } = opened));

  it("'Vis på kort' replaces the list with the map: markers and clusters of the whole result, tiles from MAP_TILE_URL", async () => {
    await watchZoomAnimations(page);
    await page.goto("/skirejser");
    await waitForLive(page);
    const toggle = page.getByTestId("sorting-bar").getByTestId("map-toggle");
    expect(await toggle.textContent()).toBe("Vis på kort");
    await toggle.click();
    await openMap(page);
    expect(params(page).get("map")).toBe("1");
    expect(await page.getByTestId("results-list").count()).toBe(0);
    expect(await page.getByTestId("sorting-bar").getByTestId("map-toggle").textContent()).toBe("Vis som liste");

    // Every matching accommodation is on the map (clusters count theirs), not only the page's 20.
    const points = Number(await page.getByTestId("results-map").getAttribute("data-points"));
    expect(points).toBeGreaterThan(20);
    const drawn = () =>
      page.evaluate(() => {
        const singles = document.querySelectorAll('[data-testid="map-marker"]').length;
        const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')].map((e) => Number(e.getAttribute("data-count")));
        return { total: singles + clusters.reduce((a, b) => a + b, 0), clusters: clusters.length };
      });
    await expect.poll(async () => (await drawn()).total).toBe(points);
    expect((await drawn()).clusters).toBeGreaterThan(0); // crowded markers are clustered at the fitted zoom
    // No marker covers another, and each can be clicked.
    expect(await zoomAnimations(page)).toBe(0);
    const boxes = await markerBoxes(page);
    expect(boxes.length).toBeGreaterThan(1);
    expect(overlapping(boxes)).toEqual([]);
    // A cluster shows its count and, under it, its lowest price.
    const cluster = page.getByTestId("map-cluster").first();
    expect(await cluster.locator("b").textContent()).toBe(await cluster.getAttribute("data-count"));
    expect(await cluster.getByTestId("map-cluster-price").textContent()).toMatch(/^fra [\d.]+ kr\.$/);
    expect(await page.locator(".pp-marker.is-cluster").first().getAttribute("title")).toMatch(/^\d+ steder fra [\d.]+ kr\. – zoom ind$/);
    expect(tileRequests).toBeGreaterThan(0);
    expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("Testkort");
    expect(await page.getByTestId("map-tiles-failed").count()).toBe(0);
  });

  it("zooms into a cluster down to price markers whose popup shows the offer and its link", async () => {
    // Markers and clusters are drawn a little beyond the view too: use those well inside it.
    const inView = (testId: string) =>
      page.evaluate((id) => {
        const box = document.querySelector('[data-testid="results-map"]')!.getBoundingClientRect();
        for (const e of document.querySelectorAll(`[data-testid="${id}"]`)) {
          const r = e.getBoundingClientRect();
          if (r.left > box.left + 60 && r.right < box.right - 60 && r.top > box.top + 70 && r.bottom < box.bottom - 30) {
            e.setAttribute("data-picked", "true");
            return { x: r.left + r.width / 2, y: r.top + r.height / 2, id: e.getAttribute("data-accommodation-id") };
          }
        }
        return null;
      }, testId);
    // A cluster click zooms in on its points.
    for (let i = 0; i < 8 && !(await inView("map-marker")); i++) {
      const cluster = await inView("map-cluster");
      expect(cluster).not.toBeNull();
      await page.mouse.click(cluster!.x, cluster!.y);
      // The markers are drawn anew once the zoom has ended: the clicked cluster goes.
      await page.locator('[data-testid="map-cluster"][data-picked]').waitFor({ state: "detached" });
    }
    const inside = await inView("map-marker");
    expect(inside).not.toBeNull();
    const marker = page.locator(`[data-testid="map-marker"][data-accommodation-id="${inside!.id}"]`);
    expect(await marker.textContent()).toMatch(/^[\d.]+ kr\.$/);
    await marker.click();
    const popup = page.getByTestId("map-popup");
    await popup.waitFor();
    expect(await popup.textContent()).toMatch(/Afrejse .* kr\. pr\. person/s);
    expect(await popup.getByRole("link").getAttribute("href")).toMatch(/^\/ud\/[^/?]+$/);
    expect(await popup.getByRole("link").textContent()).toMatch(/^Se tilbuddet hos /);
  });

  it("highlights the marker of the hovered result card", async () => {
    const card = page.getByTestId("map-side-list").getByRole("article").first();
    const href = (await card.getByRole("heading").getByRole("link").getAttribute("href"))!;
    const id = new URL(href, page.url()).pathname.slice("/ophold/".length);
    expect(await page.getByTestId("map-marker-hovered").count()).toBe(0);
    await card.hover();
    const hovered = page.locator(`.pp-marker.is-hovered [data-accommodation-id="${id}"]`);
    await hovered.waitFor();
    expect(await hovered.isVisible()).toBe(true);
    await page.locator("h1").hover();
    await page.getByTestId("map-marker-hovered").waitFor({ state: "detached" });
  });

  it("'Søg i dette område' searches the visible area (bbox, 'Området på kortet') and stays on the map", async () => {
    await page.getByTestId("search-this-area").click();
    await page.waitForURL((u) => u.searchParams.has("bbox"));
    const bbox = params(page).get("bbox")!.split(",").map(Number);
    expect(bbox).toHaveLength(4);
    expect(bbox[0]).toBeLessThan(bbox[2]);
    expect(bbox[1]).toBeLessThan(bbox[3]);
    expect(params(page).get("map")).toBe("1");
    await openMap(page);
    await page.getByText("Området på kortet").first().waitFor();
    // The map has the places the list counts, and every listed place lies in the box.
    const intro = await page.getByTestId("places-list").locator("p").first().textContent();
    const places = Number(/^(\d+) overnatningssted/.exec(intro!)![1]);
    await expect.poll(async () => Number(await page.getByTestId("results-map").getAttribute("data-points"))).toBe(places);
    const [south, west, north, east] = bbox;
    const coords = await page
      .getByTestId("place")
      .evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-lat")), Number(e.getAttribute("data-lng"))]));
    expect(coords.length).toBeGreaterThan(0);
    for (const [lat, lng] of coords) {
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThanOrEqual(east);
    }
  });

  it("has no serious accessibility violations in the map view", async () => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });

  it("draws its own base layer when every tile request is blocked, with the list beside it 400 px wide (screenshot)", async () => {
    const c = await suite.newContext({ size: { viewport: { width: 1440, height: 900 } } });
    await c.route(`${tileUrl}/**`, (route) => route.abort());
    suite.allowPageErrors(new RegExp(`net::ERR_FAILED \\(${tileUrl}/`));
    const p = await c.newPage();
    const errors = pageErrors(p);
    await p.goto("/skirejser?map=1");
    await openMap(p);
    await p.getByTestId("map-tiles-failed").waitFor();
    // The countries (world-atlas) and the result's resorts, named, under the markers.
    expect(await p.locator(".leaflet-pp-base-pane path").count()).toBeGreaterThan(50);
    expect(await p.locator(".pp-marker > span").count()).toBeGreaterThan(0);
    fs.mkdirSync(SHOTS, { recursive: true });
    await p.screenshot({ path: path.join(SHOTS, "map-tiles-blocked-1440.png") });
    // Zoomed in, the resorts are named on the map.
    const zoom = async () => Number((await p.getByTestId("results-map").getAttribute("data-zoom")) ?? 0);
    for (let z = await zoom(); z < 6; z = await zoom()) {
      await p.locator(".leaflet-control-zoom-in").click();
      await expect.poll(zoom).toBeGreaterThan(z);
    }
    await p.locator(".pp-resort-label").first().waitFor();
    expect(await p.locator(".pp-resort-label").count()).toBeGreaterThan(2);
    // The map and the list beside it each keep a readable width.
    const list = (await p.getByTestId("map-side-list").boundingBox())!;
    const map = (await p.getByTestId("results-map").boundingBox())!;
    expect(list.width).toBeGreaterThanOrEqual(400);
    expect(map.width).toBeGreaterThanOrEqual(400);
    expect(list.x).toBeGreaterThan(map.x + map.width);
    await p.screenshot({ path: path.join(SHOTS, "map-tiles-blocked-1440-zoomed.png") });
    // The blocked tiles are the only failures.
    expect(errors.filter((e) => !e.includes("ERR_FAILED"))).toEqual([]);
    await c.close();
  });

  it("says the tiles failed on a phone when the tile server takes the requests and never answers, over its own base layer", async () => {
    const c = await suite.newContext({ size: MOBILE });
    // Every tile request is held, never answered: no error reaches the page, only silence.
    await c.route(`${tileUrl}/**`, () => undefined);
    suite.allowPageErrors(new RegExp(`net::ERR_\\w+ \\(${tileUrl}/`));
    const p = await c.newPage();
    await p.goto("/skirejser?map=1");
    await openMap(p);
    await p.getByTestId("map-tiles-failed").waitFor({ timeout: FIRST_TILE_TIMEOUT_MS + 20_000 });
    expect(await p.locator(".leaflet-pp-base-pane path").count()).toBeGreaterThan(50);
    expect(await p.locator(".pp-marker > span").count()).toBeGreaterThan(0);
    await c.close();
  });

  it("switching back to the list while the map still zooms throws nothing", async () => {
    const c = await suite.newContext({ size: MOBILE });
    const p = await c.newPage();
    const errors = pageErrors(p);
    await p.goto("/skirejser?map=1");
    await openMap(p);
    // Start a zoom animation and leave the map in the same task.
    await p.evaluate(() => {
      document.querySelector<HTMLElement>(".leaflet-control-zoom-in")!.click();
      document.querySelector<HTMLElement>('[data-testid="back-to-list"]')!.click();
    });
    await p.getByTestId("results-list").waitFor();
    // Open the map again and leave it while it fits its view: its animation's timers have run meanwhile.
    await p.goBack();
    await openMap(p);
    await p.getByTestId("back-to-list").click();
    await p.getByTestId("results-list").waitFor();
    await p.getByRole("article").first().waitFor();
    expect(errors).toEqual([]);
    await c.close();
  });

  it("the list loads none of the map's code; a page served with the map open keeps its markup until the map view's code is there", async () => {
    const c = await suite.newContext({ size: DESKTOP });
    const p = await c.newPage();
    const errors = pageErrors(p);
    const scripts = scriptsOf(p);
    const mapCode = () => scripts().filter((s) => ["map-view", "results-map", "leaflet-src"].includes(s));
    await p.goto("/skirejser");
    await waitForLive(p);
    await p.waitForLoadState("networkidle");
    expect(mapCode()).toEqual([]);

    // Served with the map open: the places list is the server's, and stays on the page as the view goes live.
    const c2 = await suite.newContext({ size: DESKTOP });
    const p2 = await c2.newPage();
    const errors2 = pageErrors(p2);
    const scripts2 = scriptsOf(p2);
    const cardCode = /\/card-parts-[\w-]+\.js$/;
    let cardCodeWithView = false;
    await p2.route(/\/map-view-[\w-]+\.js$/, async (route) => {
      await p2.getByTestId("places-list").waitFor(); // the server's markup is on the page first
      // The side list's cards need their code too: it is asked for with the view's, not after it.
      cardCodeWithView =
        scripts2().includes("card-parts") ||
        (await p2.waitForRequest(cardCode, { timeout: 10_000 }).then(
          () => true,
          () => false,
        ));
      await route.continue();
    });
    await p2.goto("/skirejser?map=1");
    await openMap(p2);
    expect(await p2.getByTestId("places-list").count()).toBe(1);
    // The live view's cards are whole: their name and price, not only their save button.
    const sideCard = p2.getByTestId("map-side-list").getByRole("article").first();
    expect(await sideCard.getByRole("heading").count()).toBe(1);
    expect(await sideCard.getByRole("heading").textContent()).not.toBe("");
    expect(await sideCard.locator(".rc-price").textContent()).toMatch(/kr\./);
    expect(cardCodeWithView).toBe(true);
    expect([...errors, ...errors2]).toEqual([]);
    await c.close();
    await c2.close();
  });
});

describe("mobile", () => {
  it("a page served with the map open moves nothing as the map comes", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    await watchLayoutShifts(ctx);
    const page = await ctx.newPage();
    await page.goto("/skirejser?map=1");
    await openMap(page);
    expect(await layoutShifts(page)).toEqual([]);
    await ctx.close();
  });

  it("'Vis på kort' opens the map view carrying priceType=total and map=1; 'Tilbage til listen' goes back", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    await watchZoomAnimations(page);
    await page.goto("/skirejser?priceType=total&adultCount=4");
    await waitForLive(page);
    await page.getByTestId("mobile-bar").getByTestId("map-toggle").click();
    await page.waitForURL((u) => u.searchParams.get("map") === "1");
    expect(params(page).get("priceType")).toBe("total");
    expect(params(page).get("adultCount")).toBe("4");
    await openMap(page);
    expect(await page.getByTestId("map-side-list").isVisible()).toBe(false);
    expect(await zoomAnimations(page)).toBe(0);
    // A finger's target: every marker at least 44 px each way, none covering another.
    const boxes = await markerBoxes(page);
    expect(boxes.length).toBeGreaterThan(1);
    expect(boxes.filter((b) => b.width < 44 || b.height < 44)).toEqual([]);
    expect(overlapping(boxes)).toEqual([]);
    const back = page.getByTestId("back-to-list");
    expect(await back.getAttribute("href")).toBe("/skirejser?adultCount=4&priceType=total");
    await back.click();
    await page.getByTestId("results-list").waitFor();
    expect(new URL(page.url()).search).toBe("?adultCount=4&priceType=total");
    await ctx.close();
  });
});

describe("without JavaScript", () => {
  it("the map link leads to a server-rendered list of the result's places by resort, each linked to its accommodation page", async () => {
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    await page.goto("/skirejser?priceType=total");
    await page.getByTestId("sorting-bar").getByTestId("map-toggle").click();
    await page.waitForURL((u) => u.searchParams.get("map") === "1");
    expect(new URL(page.url()).search).toBe("?priceType=total&map=1");
    expect(await page.getByTestId("results-map").count()).toBe(0);
    expect(await page.getByText("Kortet indlæses …").isVisible()).toBe(false);
    const resorts = page.getByTestId("places-resort");
    expect(await resorts.count()).toBeGreaterThan(3);
    // Every resort folded: a page of a screen or two, however many places the result has.
    expect(await page.getByTestId("place").first().isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(60 * (await resorts.count()) + 3000);
    const first = resorts.first();
    expect(await first.locator("summary").textContent()).toMatch(/^›.+, .+\d+ steder?, fra [\d.]+ kr\. samlet$/);
    await first.locator("summary").click();
    const place = first.getByTestId("place").first();
    expect(await place.textContent()).toMatch(/^.+fra [\d.]+ kr\. samlet$/);
    // A resort with more places than it shows links to all of them in the list.
    const crowded = page
      .getByTestId("places-resort")
      .filter({ has: page.getByTestId("places-resort-all") })
      .first();
    if ((await crowded.count()) > 0) {
      await crowded.locator("summary").click();
      expect(await crowded.getByTestId("place").count()).toBe(10);
      const all = new URL((await crowded.getByTestId("places-resort-all").getAttribute("href"))!, suite.server.url);
      expect(all.pathname).toBe("/skirejser");
      expect(all.searchParams.get("destinationSlugs")).toMatch(/^[a-z0-9-]+$/);
      expect(all.searchParams.get("priceType")).toBe("total");
      expect(all.searchParams.get("map")).toBeNull();
    }
    const id = await place.getAttribute("data-accommodation-id");
    await place.getByRole("link").click();
    await page.waitForURL((u) => u.pathname === `/ophold/${id}`);
    expect(new URL(page.url()).searchParams.get("priceType")).toBe("total");
    // A non-canonical spelling keeps the flag through the redirect.
    await page.goto("/skirejser?map=1&priceType=total");
    expect(new URL(page.url()).search).toBe("?priceType=total&map=1");
    await ctx.close();
  });
});

// Last in the file: it adds places to the shared store. A feed may sell Japan, Chile and New Zealand
// beside the Alps, 238° of longitude apart: the map must open showing every marker whole, on a
// phone too (the zoom used to stop at 3, later at 1, where the outermost prices were cut in half).
describe("places around the world", () => {
  const PLACES = [
    { slug: "niseko", name: "Niseko", lat: 42.86, lng: 140.69, region: ["hokkaido", "Hokkaidō"], country: ["japan", "Japan"] },
    { slug: "valle-nevado", name: "Valle Nevado", lat: -33.36, lng: -70.25, region: ["santiago", "Santiago"], country: ["chile", "Chile"] },
    {
      slug: "queenstown",
      name: "Queenstown",
      lat: -45.03,
      lng: 168.66,
      region: ["otago", "Otago"],
      country: ["new-zealand", "New Zealand"],
    },
  ];
  const QUERY = `/skirejser?destinationSlugs=val-thorens,${PLACES.map((p) => p.slug).join(",")}&map=1`;
  beforeAll(async () => {
    const lines = PLACES.map((place) =>
      trip({
        id: `fjernrejser-${place.slug}-1`,
        travelCompany: { slug: "fjernrejser", name: "Fjernrejser" },
        departureDate: departureInDays(40),
        accommodation: {
          id: `lodge-${place.slug}`,
          name: `Lodge ${place.name}`,
          lat: place.lat,
          lng: place.lng,
          destination: {
            slug: place.slug,
            name: place.name,
            region: { slug: place.region[0], name: place.region[1] },
            country: { slug: place.country[0], name: place.country[1] },
          },
        },
      }),
    );
    expect((await importLines(suite.server.dbFile, lines)).code).toBe(0);
  });
  /** The server takes up the import within a second or two. */
  const placesOnSale = () =>
    expect
      .poll(async () => {
        const slugs = PLACES.map((p) => p.slug).join(",");
        return (await (await fetch(`${suite.server.url}/api/search?destinationSlugs=${slugs}`)).json()).pagination.totalCount;
      })
      .toBe(PLACES.length);

  for (const [name, size] of [
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const)
    it(`${name}: the map opens with every marker of the result inside it`, async () => {
      await placesOnSale();
      const ctx = await suite.newContext({ size });
      const page = await ctx.newPage();
      await page.goto(QUERY);
      await openMap(page);
      const points = Number(await page.getByTestId("results-map").getAttribute("data-points"));
      expect(points).toBeGreaterThan(1);
      // Every place is drawn (clusters count theirs), and every drawn marker's pill (the marker
      // itself is a zero-size anchor) is whole inside the map's box.
      const drawn = () =>
        page.evaluate(() => {
          const map = document.querySelector('[data-testid="results-map"]')!.getBoundingClientRect();
          const inside = (el: Element) => {
            const r = el.firstElementChild!.getBoundingClientRect();
            return r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom;
          };
          const markers = [...document.querySelectorAll(".pp-marker")];
          const count = (el: Element) => Number(el.querySelector('[data-testid="map-cluster"]')?.getAttribute("data-count") ?? 1);
          return {
            inView: markers.filter(inside).reduce((n, el) => n + count(el), 0),
            outside: markers.filter((el) => !inside(el)).length,
          };
        });
      await expect.poll(async () => (await drawn()).inView).toBe(points);
      expect((await drawn()).outside).toBe(0);
      await ctx.close();
    });
});
