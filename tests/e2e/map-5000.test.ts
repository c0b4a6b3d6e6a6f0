import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../support/random";
import { trip } from "../support/feed";
import { DESKTOP } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

const run = promisify(execFile);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==", "base64");
const COUNT = 5000;

// The map with 5,000 accommodations (issue 5: "smooth with 5,000 markers, clustered"): every one
// is on the map, few enough DOM markers are drawn, and dragging the map keeps frames coming.

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
          departureDate: "2099-02-14",
          price: 8000 + k,
          pricePerPerson: 4000 + k / 2,
          originalPrice: null,
        }),
      ),
    );
    fs.writeFileSync(feed, lines.join("\n") + "\n");
    await run("npx", ["tsx", "indexer/cli.ts", "import", feed], { env: { ...process.env, DATABASE_URL: suite.server.dbFile } });
    for (let tries = 0; tries < 100; tries++) {
      const res = (await (await fetch(`${suite.server.url}/api/search?travelCompanies=kort-test`)).json()) as { pagination: { totalCount: number } };
      if (res.pagination.totalCount === COUNT) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it("clusters them and keeps dragging smooth", async () => {
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

    // Zoom in where markers are dense, then drag the map for about two seconds counting frames.
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (let k = 0; k < 2; k++) {
      await page.locator(".leaflet-control-zoom-in").click();
      await page.waitForTimeout(400);
    }
    const markers = page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]');
    await expect.poll(() => markers.count(), { timeout: 10_000 }).toBeGreaterThan(drawn.elements);
    const zoomedElements = await markers.count();
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[] };
      w.__frames = [];
      let last = performance.now();
      const tick = (now: number) => {
        w.__frames.push(now - last);
        last = now;
        if (w.__frames.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const started = Date.now();
    for (let round = 0; Date.now() - started < 2000; round++) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (round % 2 ? -200 : 200), cy + (round % 2 ? -80 : 80), { steps: 12 });
      await page.mouse.up();
    }
    const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.slice(1).sort((a, b) => a - b));
    const p50 = frames[Math.floor(frames.length / 2)];
    const p95 = frames[Math.floor(frames.length * 0.95)];
    console.log(
      `map with ${COUNT} accommodations: ${drawn.elements} marker elements fitted, ${zoomedElements} zoomed in; ` +
        `${frames.length} frames while dragging, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
    expect(zoomedElements).toBeLessThan(600);
    expect(frames.length).toBeGreaterThan(60);
    expect(p50).toBeLessThan(40);
    expect(p95).toBeLessThan(120);
    await ctx.close();
  });
});
