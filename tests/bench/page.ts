import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { DESTINATIONS_PATH, RESULTS_PATH } from "~/domain/constants";
import { clientManifest, pageScripts } from "../support/page-scripts";
import { startServer, type TestServer } from "../support/server";
import { lighthouseRuns, mapDrag, pageWeight, type LighthouseResult, type MapDrag, type PageWeight } from "./browser";
import { localTiles } from "../support/tiles";
import { monotonicUs, processCpuMs, summariseProfile, type ProfileSummary } from "./profile";

// The page section: the production server of each build on the bench database under load
// (autocannon), side by side in one run (`--baseline DIR`: another checkout's build, "before"),
// with the server's CPU time per request; a CPU profile of the uncached results page; the
// JavaScript the pages load; and, in Chromium, the pages' weight, Lighthouse and the map's drag.

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Build {
  label: string;
  /** The checkout whose build/ is served. */
  root: string;
}

export interface LoadResult {
  label: string;
  path: string;
  p50: number;
  p97_5: number;
  p99: number;
  rps: number;
  requests: number;
  /** Response bytes in total. */
  bytes: number;
  /** The server process's CPU time (user + system) per request, ms. */
  cpuMsPerRequest: number;
  non2xx: number;
  errors: number;
}

export interface BundleResult {
  files: Array<{ file: string; bytes: number; gzip: number }>;
  gzipTotal: number;
  rawTotal: number;
}

export interface BuildResult extends Build {
  error: string | null;
  startupMs: number;
  serverRss: number | null;
  load: LoadResult[];
  bundle: BundleResult | null;
  bundleError: string | null;
  profile: (ProfileSummary & { target: string; requests: number }) | null;
  profileError: string | null;
  weight: PageWeight[];
  lighthouse: LighthouseResult[];
  mapDrag: MapDrag | null;
  browserError: string | null;
}

export interface PageResult {
  skipped: string | null;
  builds: BuildResult[];
}

export interface PageOptions {
  builds: Build[];
  duration: number;
  connections: number;
  /** Paths Lighthouse audits (and whose weight is measured). */
  lighthousePaths: string[];
  /** Run the Chromium measurements (weight, Lighthouse, map drag). */
  browser: boolean;
  log: (s: string) => void;
}

/** RSS of the biggest process in the server's process group (the Node process running server.ts). */
function groupRss(pgid: number): number | null {
  let best: number | null = null;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue; // field 5 (pgrp) overall
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      if (m) best = Math.max(best ?? 0, Number(m[1]) * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return best;
}

/** Resolves a path to the URL the server answers with 200 (the results page redirects to canonical URLs). */
async function canonical(base: string, p: string): Promise<string> {
  let current = p;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(base + current, { redirect: "manual" });
    await res.arrayBuffer();
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      const next = new URL(res.headers.get("location")!, base + current);
      current = next.pathname + next.search;
      continue;
    }
    if (res.status !== 200) throw new Error(`${current} answered ${res.status}`);
    return current;
  }
  return current;
}

/**
 * The JavaScript the results page names for the browser (entry client, root route, results route
 * and their static imports), from the Remix manifest the server build exports: what the page's
 * modulepreload links load.
 */
async function bundleSize(root: string, dbFile: string): Promise<BundleResult> {
  const manifest = await clientManifest(root, { DATABASE_URL: dbFile });
  const files = pageScripts(manifest, "results")
    .map((file) => {
      const buf = fs.readFileSync(path.join(root, "build/client", file));
      return { file: path.basename(file), bytes: buf.length, gzip: zlib.gzipSync(buf).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzipTotal: files.reduce((s, f) => s + f.gzip, 0), rawTotal: files.reduce((s, f) => s + f.bytes, 0) };
}

export interface PageTarget {
  label: string;
  path: string;
  headers?: Record<string, string>;
}

// A cookie bypasses the anonymous page cache (server/page-cache.ts): every request renders.
const COOKIE = { cookie: "bench=1" };
const SELECTIVE = "destinationSlugs=val-thorens&weeks=7&adultCount=4";

export const PAGE_TARGETS: PageTarget[] = [
  { label: "page broad", path: RESULTS_PATH },
  { label: "page selective", path: `${RESULTS_PATH}?${SELECTIVE}` },
  { label: "page broad, uncached", path: RESULTS_PATH, headers: COOKIE },
  { label: "page selective, uncached", path: `${RESULTS_PATH}?${SELECTIVE}`, headers: COOKIE },
  {
    label: "page mixed",
    path: `${RESULTS_PATH}?destinationSlugs=frankrig&minPrice=4000&maxPrice=9000&mealPlanTypes=halvpension,helpension&sort=price:asc`,
  },
  { label: "api broad", path: "/api/search", headers: COOKIE },
  { label: "api selective", path: `/api/search?${SELECTIVE}`, headers: COOKIE },
];

/** Stands for the accommodation page of the default results page's first card (ids depend on the feed). */
export const FIRST_ACCOMMODATION = "/ophold/:first";

/** The pages Lighthouse audits and whose weight is measured, one a line (`--lighthouse-paths` replaces them for one run). */
export const LIGHTHOUSE_PATHS: string[] = [
  "/", // the landing page
  RESULTS_PATH, // the default results page
  FIRST_ACCOMMODATION, // an accommodation page
  `${DESTINATIONS_PATH}/val-thorens`, // a resort's destination page (its facts, calendar, cards and map)
];

/** The paths with FIRST_ACCOMMODATION replaced by the first card's accommodation page on the server at `base`. */
async function resolvePaths(base: string, paths: string[]): Promise<string[]> {
  if (!paths.includes(FIRST_ACCOMMODATION)) return paths;
  const found = (await (await fetch(`${base}/api/search`)).json()) as { items: Array<{ accommodation: { id: string } }> };
  const id = found.items[0]?.accommodation.id;
  if (!id) throw new Error("the default results page has no card, so there is no accommodation page to audit");
  return paths.map((p) => (p === FIRST_ACCOMMODATION ? `/ophold/${encodeURIComponent(id)}` : p));
}

/** The uncached page beside the API answering the same query: the page's share of the API's requests per second. */
export const RATIO_PAIRS: Array<[page: string, api: string]> = [
  ["page broad, uncached", "api broad"],
  ["page selective, uncached", "api selective"],
];

const PROFILED = PAGE_TARGETS[2];

function emptyBuild(b: Build): BuildResult {
  return {
    ...b,
    error: null,
    startupMs: NaN,
    serverRss: null,
    load: [],
    bundle: null,
    bundleError: null,
    profile: null,
    profileError: null,
    weight: [],
    lighthouse: [],
    mapDrag: null,
    browserError: null,
  };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function measure(server: TestServer & { pid: number }, target: PageTarget, p: string, opts: PageOptions): Promise<LoadResult> {
  const url = server.url + p;
  const headers = target.headers ?? {};
  // A short warm-up, then the measured run.
  await autocannon({ url, connections: opts.connections, duration: 1, headers });
  const cpu0 = processCpuMs(server.pid);
  const r = await autocannon({ url, connections: opts.connections, duration: opts.duration, headers });
  const cpu = processCpuMs(server.pid) - cpu0;
  return {
    label: target.label,
    path: p,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    rps: r.requests.average,
    requests: r.requests.total,
    bytes: r.throughput.total,
    cpuMsPerRequest: r.requests.total ? cpu / r.requests.total : NaN,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A CPU profile of the server while it renders the uncached results page under load. */
async function profileRender(b: BuildResult, dbFile: string, opts: PageOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-bench-prof-"));
  let server: (TestServer & { pid: number }) | undefined;
  try {
    server = await startServer({ dbFile, root: b.root, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    const url = server.url + (await canonical(server.url, PROFILED.path));
    await autocannon({ url, connections: opts.connections, duration: 1, headers: PROFILED.headers });
    const fromUs = monotonicUs();
    const r = await autocannon({ url, connections: opts.connections, duration: Math.min(opts.duration, 8), headers: PROFILED.headers });
    const toUs = monotonicUs();
    await server.stop();
    server = undefined;
    // The main thread's profile is the largest (tsx's loader thread writes one too).
    const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
    const main = files.sort((x, y) => fs.statSync(y).size - fs.statSync(x).size)[0];
    if (!main) throw new Error("the server wrote no CPU profile");
    b.profile = { ...summariseProfile(main, { fromUs, toUs }), target: PROFILED.label, requests: r.requests.total };
  } catch (e) {
    b.profileError = message(e);
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function browserMeasurements(b: BuildResult, dbFile: string, opts: PageOptions) {
  let server: (TestServer & { pid: number }) | undefined;
  // The maps' tiles come from this machine: the bench has no internet, and a tile that fails to
  // load is an error in the console, which Lighthouse counts against best practices.
  const tiles = await localTiles();
  try {
    server = await startServer({ dbFile, root: b.root, env: { MAP_TILE_URL: tiles.url } });
    const paths = await resolvePaths(server.url, opts.lighthousePaths);
    opts.log(`${b.label}: page weight and Lighthouse on ${paths.join(", ")}`);
    b.weight = await pageWeight(server.url, paths);
    b.lighthouse = await lighthouseRuns(server.url, paths);
  } catch (e) {
    b.browserError = message(e);
  } finally {
    await server?.stop();
    await tiles.close();
  }
  opts.log(`${b.label}: map drag with 5,000 accommodations`);
  b.mapDrag = await mapDrag(b.root);
}

export async function runPage(dbFile: string, opts: PageOptions): Promise<PageResult> {
  const out: PageResult = { skipped: null, builds: opts.builds.map(emptyBuild) };
  const missing = opts.builds.filter((b) => !fs.existsSync(path.join(b.root, "build/server/index.js")));
  if (missing.length) {
    out.skipped = `${missing.map((b) => path.join(b.root, "build/server/index.js")).join(", ")} missing: run \`npm run build\` there first (page section skipped)`;
    return out;
  }
  for (const b of out.builds) {
    try {
      b.bundle = await bundleSize(b.root, dbFile);
    } catch (e) {
      b.bundleError = message(e);
    }
  }

  // Every build's server at once; each target is measured on one build after the other, so a
  // change in the machine's load falls on both.
  const servers = new Map<BuildResult, TestServer & { pid: number }>();
  try {
    for (const b of out.builds) {
      const started = performance.now();
      try {
        servers.set(b, await startServer({ dbFile, root: b.root }));
        b.startupMs = performance.now() - started;
        opts.log(`${b.label}: server up after ${(b.startupMs / 1000).toFixed(1)} s`);
      } catch (e) {
        b.error = message(e);
      }
    }
    for (const target of PAGE_TARGETS) {
      for (const [b, server] of servers) {
        try {
          const p = await canonical(server.url, target.path);
          const r = await measure(server, target, p, opts);
          b.load.push(r);
          opts.log(
            `${b.label} ${target.label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request`,
          );
        } catch (e) {
          b.error = `${target.label}: ${message(e)}`;
          opts.log(b.error);
        }
      }
    }
    for (const [b, server] of servers) b.serverRss = groupRss(server.pid);
  } finally {
    for (const server of servers.values()) await server.stop();
  }

  for (const b of out.builds) {
    opts.log(`${b.label}: CPU profile of "${PROFILED.label}"`);
    await profileRender(b, dbFile, opts);
  }
  if (opts.browser) for (const b of out.builds) await browserMeasurements(b, dbFile, opts);
  return out;
}
