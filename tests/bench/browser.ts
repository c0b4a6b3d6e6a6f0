import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_PATH } from "../e2e/support/browser";
import { departureInDays, trip } from "../support/feed";
import { seededRandom } from "../support/random";
import { startServer } from "../support/server";
import { localTiles } from "../support/tiles";

// The page section's measurements in Chromium (Debian's, never a downloaded one; it reaches only
// this machine): the bytes a page loads before any interaction, Lighthouse's mobile audit, and
// how smoothly the map drags with 5,000 accommodations on it.

const run = promisify(execFile);
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];
const QUIET = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps"];

export interface PageWeight {
  path: string;
  /** The HTML as the server sends it, and gzipped. */
  htmlBytes: number;
  htmlGzip: number;
  /** JavaScript the browser fetched on a phone (390×844) until the network was idle after the visitor's first interaction (none before it: app/utils/script-loader.ts): as transferred (Brotli or gzip, as the server chose), the same scripts gzipped (level 6), and how many files. */
  jsTransferred: number;
  jsGzip: number;
  jsFiles: number;
  /** Scripts the browser fetched before the first interaction, on a phone and a desktop together (the target is none). */
  jsFilesBeforeInteraction: number;
  /** The same on a desktop (1440×900), gzipped, and how many files. */
  desktopJsGzip: number;
  desktopJsFiles: number;
}

/** The scripts Chromium loads for a page at a screen size until the network is idle after the first interaction (the pointer moves). */
async function scriptsLoaded(
  browser: Browser,
  url: string,
  phone: boolean,
): Promise<{ beforeInteraction: number; scripts: Array<{ transferred: number; gzip: number }> }> {
  const ctx = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1440, height: 900 } },
  );
  try {
    const page = await ctx.newPage();
    const scripts: Array<Promise<{ transferred: number; gzip: number }>> = [];
    page.on("requestfinished", (req) => {
      if (req.resourceType() !== "script") return;
      scripts.push(
        Promise.all([req.sizes(), req.response().then((r) => r!.body())]).then(([s, body]) => ({
          transferred: s.responseBodySize,
          gzip: zlib.gzipSync(body).length,
        })),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const beforeInteraction = scripts.length;
    await page.mouse.move(1, 1);
    await page.waitForLoadState("networkidle");
    return { beforeInteraction, scripts: await Promise.all(scripts) };
  } finally {
    await ctx.close();
  }
}

/** The page's HTML (a cookie, so it is rendered, not taken from the page cache) and the scripts Chromium loads for it. */
export async function pageWeight(base: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...FLAGS.slice(1), ...QUIET] });
  try {
    const out: PageWeight[] = [];
    for (const p of paths) {
      const html = Buffer.from(await (await fetch(base + p, { headers: { cookie: "bench=1" } })).arrayBuffer());
      const sum = (sizes: Array<{ gzip: number }>) => sizes.reduce((a, b) => a + b.gzip, 0);
      const { beforeInteraction: phoneBefore, scripts: phone } = await scriptsLoaded(browser, base + p, true);
      const { beforeInteraction: desktopBefore, scripts: desktop } = await scriptsLoaded(browser, base + p, false);
      out.push({
        path: p,
        htmlBytes: html.length,
        htmlGzip: zlib.gzipSync(html).length,
        jsTransferred: phone.reduce((a, b) => a + b.transferred, 0),
        jsGzip: sum(phone),
        jsFiles: phone.length,
        desktopJsGzip: sum(desktop),
        desktopJsFiles: desktop.length,
        jsFilesBeforeInteraction: phoneBefore + desktopBefore,
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** Audits below full marks outside performance (what keeps a category under 100). */
  failing: string[];
  error?: string;
}

/** Lighthouse's default (mobile, simulated throttling) audit of each path. */
export async function lighthouseRuns(base: string, paths: string[]): Promise<LighthouseResult[]> {
  const out: LighthouseResult[] = [];
  for (const p of paths) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...FLAGS, ...QUIET] });
    try {
      const result = await lighthouse(base + p, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const failing: string[] = [];
      for (const [id, category] of Object.entries(lhr.categories)) {
        if (id === "performance") continue;
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push(`${id}: ${ref.id}`);
        }
      }
      out.push({
        path: p,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        fcpMs: num("first-contentful-paint"),
        lcpMs: num("largest-contentful-paint"),
        tbtMs: num("total-blocking-time"),
        cls: num("cumulative-layout-shift"),
        siMs: num("speed-index"),
        failing,
        error: lhr.runtimeError?.message,
      });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      out.push({
        path: p,
        performance: NaN,
        accessibility: NaN,
        bestPractices: NaN,
        seo: NaN,
        fcpMs: NaN,
        lcpMs: NaN,
        tbtMs: NaN,
        cls: NaN,
        siMs: NaN,
        failing: [],
        error,
      });
    } finally {
      chrome.kill();
    }
  }
  return out;
}

export interface MapDrag {
  accommodations: number;
  /** Marker elements drawn at the fitted view and zoomed in. */
  fittedElements: number;
  zoomedElements: number;
  frames: number;
  p50Ms: number;
  p95Ms: number;
  error?: string;
}

const MAP_POINTS = 5000;

/** A feed of 5,000 accommodations of one company in the Alps (written once, imported into each build's server). */
function mapFeed(dir: string): string {
  const rng = seededRandom(5000);
  const company = { slug: "kort-test", name: "Kort Test" };
  const lines = Array.from({ length: MAP_POINTS }, (_, k) =>
    JSON.stringify(
      trip({
        id: `kort-${k}`,
        travelCompany: company,
        accommodation: { id: `kort-acc-${k}`, name: `Hytte ${k}`, lat: 45 + rng.next() * 3, lng: 6 + rng.next() * 7 },
        departureDate: departureInDays(80),
        price: 8000 + k,
        pricePerPerson: 4000 + k / 2,
        originalPrice: null,
      }),
    ),
  );
  const file = path.join(dir, "map-feed.ndjson");
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

/**
 * Frames while dragging the map with 5,000 accommodations: a fresh server of the build (500 demo
 * trips plus the 5,000), tiles from a tiny local server, zoomed in twice where markers are dense,
 * then dragged back and forth for two seconds while requestAnimationFrame counts the frames.
 */
export async function mapDrag(root: string): Promise<MapDrag> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-bench-map-"));
  const tiles = await localTiles();
  const server = await startServer({ root, demoTrips: 500, env: { MAP_TILE_URL: tiles.url } });
  let browser: Browser | undefined;
  try {
    await run(process.execPath, ["--import", "tsx", "cli/main.ts", "import", mapFeed(dir)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.dbFile },
    });
    const count = async () =>
      ((await (await fetch(`${server.url}/api/search?travelCompanies=kort-test`)).json()) as { pagination: { totalCount: number } })
        .pagination.totalCount;
    for (let tries = 0; (await count()) !== MAP_POINTS; tries++) {
      if (tries > 150) throw new Error("the server did not pick up the 5,000 accommodations within 30 s");
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...FLAGS.slice(1), ...QUIET] });
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.url}/skirejser?travelCompanies=kort-test&map=1`);
    const map = page.locator('[data-testid="results-map"][data-ready="true"]');
    await map.waitFor();
    await page.locator(".pp-marker > span").first().waitFor();
    const elements = () => page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').count();
    const fittedElements = await elements();
    // Zoom in twice, each time until the markers are redrawn.
    for (let k = 0; k < 2; k++) {
      await page
        .locator(".pp-marker > span")
        .first()
        .evaluate((e) => e.setAttribute("data-before", "true"));
      await page.locator(".leaflet-control-zoom-in").click();
      await page.locator("[data-before]").waitFor({ state: "detached" });
    }
    const zoomedElements = await elements();
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // As source text: tsx's transform names functions through a helper (__name) the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__counting = true;
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__counting) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const started = Date.now();
    for (let round = 0; Date.now() - started < 2000; round++) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (round % 2 ? -200 : 200), cy + (round % 2 ? -80 : 80), { steps: 12 });
      await page.mouse.up();
    }
    const frames = await page.evaluate<number[]>(`(() => {
      window.__counting = false;
      return window.__frames.slice(1).sort((a, b) => a - b);
    })()`);
    return {
      accommodations: MAP_POINTS,
      fittedElements,
      zoomedElements,
      frames: frames.length,
      p50Ms: frames[Math.floor(frames.length / 2)] ?? NaN,
      p95Ms: frames[Math.floor(frames.length * 0.95)] ?? NaN,
    };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    return { accommodations: MAP_POINTS, fittedElements: NaN, zoomedElements: NaN, frames: 0, p50Ms: NaN, p95Ms: NaN, error };
  } finally {
    await browser?.close();
    await server.stop();
    await tiles.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
