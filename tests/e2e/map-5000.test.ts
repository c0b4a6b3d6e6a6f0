import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runIndexer } from "../support/cli";
import { seededRandom } from "../support/random";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==", "base64");
const COUNT = 5000;

// The map with 5,000 accommodations, clustered: every one is on the map, and few enough DOM
// markers are drawn, at the fitted view, zoomed in and after dragging.

describe("map with 5,000 accommodations", () => {
  let tiles: http.Server;
  let tileUrl = "";
  beforeAll(async () => {
    tiles = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "image/png" }).end(PNG));
    await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
    tileUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  });
  afterAll(() => new Promise((r) => tiles?.close(r)));
  // After the tile server's hooks: the options read its URL, and it is closed after the server.
  const suite = useServerAndBrowser(() => ({ demoTrips: 500, env: { MAP_TILE_URL: tileUrl } }));
  // The 5,000 accommodations: one company's trips, imported into the running server.
  beforeAll(async () => {
    const rng = seededRandom(5000);
    const company = { slug: "kort-test", name: "Kort Test" };
    const feed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-map-")), "feed.ndjson");
    const lines = Array.from({ length: COUNT }, (_, k) =>
      JSON.stringify(
        trip({
          id: `kort-${k}`,
          travelCompany: company,
          accommodation: { id: `kort-acc-${k}`, name: `Hytte ${k}`, lat: 45 + rng.next() * 3, lng: 6 + rng.next() * 7 },
          departureDate: departureInDays(90),
          price: 8000 + k,
          pricePerPerson: 4000 + k / 2,
          originalPrice: null,
        }),
      ),
    );
    fs.writeFileSync(feed, lines.join("\n") + "\n");
    expect((await runIndexer(["import", feed], { DATABASE_URL: suite.server.dbFile })).code).toBe(0);
    const accommodations = async () =>
      ((await (await fetch(`${suite.server.url}/api/search?travelCompanies=kort-test`)).json()) as { pagination: { totalCount: number } })
        .pagination.totalCount;
    await vi.waitFor(async () => expect(await accommodations()).toBe(COUNT), { timeout: 15_000, interval: 100 });
  });

  it("clusters them, and redraws few markers after every zoom and drag", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await page.goto("/skirejser?travelCompanies=kort-test&map=1");
    const map = page.locator('[data-testid="results-map"][data-ready="true"]');
    await map.waitFor();
    await page.locator(".pp-marker > span").first().waitFor();
    expect(Number(await map.getAttribute("data-points"))).toBe(COUNT);
    const drawn = await page.evaluate(() => {
      const singles = document.querySelectorAll('[data-testid="map-marker"]').length;
      const clusters = [...document.querySelectorAll('[data-testid="map-cluster"]')].map((e) => Number(e.getAttribute("data-count")));
      return { elements: singles + clusters.length, covered: singles + clusters.reduce((a, b) => a + b, 0) };
    });
    expect(drawn.covered).toBe(COUNT);
    expect(drawn.elements).toBeLessThan(400);

    // The markers are drawn anew after every zoom and move: mark one, act, wait until it has gone.
    const redrawnAfter = async (act: () => Promise<void>) => {
      await page
        .locator(".pp-marker > span")
        .first()
        .evaluate((e) => e.setAttribute("data-before", "true"));
      await act();
      await page.locator("[data-before]").waitFor({ state: "detached" });
    };
    // Zoom in where markers are dense: more, smaller clusters and single markers, still few elements.
    for (let k = 0; k < 2; k++) await redrawnAfter(() => page.locator(".leaflet-control-zoom-in").click());
    const markers = page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]');
    const zoomedElements = await markers.count();
    expect(zoomedElements).toBeGreaterThan(drawn.elements);
    expect(zoomedElements).toBeLessThan(600);
    // Dragging moves the map and redraws the markers around the new view. (How smooth the drag is,
    // frames per second, is measured by `npm run bench`, not asserted here.)
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const dx of [200, -200]) {
      await redrawnAfter(async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx + dx, cy + dx / 2.5, { steps: 12 });
        await page.mouse.up();
      });
      expect(await markers.count()).toBeLessThan(600);
    }
    await ctx.close();
  });
});
