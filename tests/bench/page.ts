import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { RESULTS_PATH } from "~/domain/constants";
import { startServer, type TestServer } from "../support/server";

// The page section: the production server on the bench database under load (autocannon), and
// the gzipped JavaScript the results page loads.

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
const MANIFEST = path.join(ROOT, "build/client/.vite/manifest.json");

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
  non2xx: number;
  errors: number;
}

export interface BundleResult {
  source: string;
  files: Array<{ file: string; bytes: number; gzip: number }>;
  gzipTotal: number;
  rawTotal: number;
}

export interface PageResult {
  skipped: string | null;
  error: string | null;
  startupMs: number;
  serverRss: number | null;
  load: LoadResult[];
  bundle: BundleResult | null;
  bundleError: string | null;
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

function gzipFiles(files: string[], source: string): BundleResult {
  const list = [...new Set(files)]
    .filter((f) => f.endsWith(".js"))
    .map((file) => {
      const buf = fs.readFileSync(path.join(ROOT, "build/client", file));
      return { file, bytes: buf.length, gzip: zlib.gzipSync(buf).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    source,
    files: list,
    gzipTotal: list.reduce((s, f) => s + f.gzip, 0),
    rawTotal: list.reduce((s, f) => s + f.bytes, 0),
  };
}

/** From Vite's manifest: the entry client, the root route and the results route, with their static imports. */
export function fromViteManifest(file = MANIFEST): BundleResult {
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<
    string,
    { file: string; src?: string; isEntry?: boolean; imports?: string[] }
  >;
  const keys = Object.keys(manifest);
  const bySource = (re: RegExp) => keys.find((k) => re.test((manifest[k].src ?? k).replace(/\?.*$/, "")));
  const results = bySource(/app\/pages\/results\.tsx$/);
  if (!results) throw new Error('no app/routes/results.tsx (route id "results") in build/client/.vite/manifest.json');
  const entry = bySource(/entry\.client\.[jt]sx?$/);
  if (!entry) throw new Error("no entry.client in build/client/.vite/manifest.json");
  const root = bySource(/app\/root\.tsx$/);
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  for (const k of [entry, root, results]) if (k) visit(k);
  return gzipFiles(
    [...seen].map((k) => manifest[k].file),
    "build/client/.vite/manifest.json",
  );
}

/**
 * From the Remix manifest the server build exports (`assets`): what the page's modulepreload
 * links name. Used when the Vite manifest is not kept (Remix deletes it unless asked to keep it).
 */
async function fromServerBuild(dbFile: string): Promise<BundleResult> {
  const code =
    `const m = await import(${JSON.stringify(pathToFileURL(SERVER_BUILD).href)});` +
    `process.stdout.write(JSON.stringify(m.assets)); process.exit(0);`;
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: dbFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (c) => (c === 0 ? resolve(out) : reject(new Error(`reading the server build's assets failed: ${err.slice(-500)}`))));
  });
  const assets = JSON.parse(stdout) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] } | undefined>;
  };
  const results = assets.routes.results;
  if (!results) throw new Error('no route "results" in the server build\'s assets');
  const files = [assets.entry, assets.routes.root, results]
    .filter((r): r is { module: string; imports?: string[] } => r !== undefined)
    .flatMap((r) => [r.module, ...(r.imports ?? [])])
    .map((f) => f.replace(/^\//, "").replace(/^.*?assets\//, "assets/"));
  return gzipFiles(files, "the server build's Remix manifest (build/client/.vite/manifest.json is not kept)");
}

export async function bundleSize(dbFile: string): Promise<BundleResult> {
  return fs.existsSync(MANIFEST) ? fromViteManifest() : fromServerBuild(dbFile);
}

export interface PageTargets {
  label: string;
  path: string;
  headers?: Record<string, string>;
}

export const PAGE_TARGETS: PageTargets[] = [
  { label: "page broad", path: RESULTS_PATH },
  { label: "page selective", path: `${RESULTS_PATH}?destinationSlugs=val-thorens&weeks=7&adultCount=4` },
  // A cookie bypasses the anonymous page cache (server/page-cache.ts): every request renders.
  { label: "page broad, uncached", path: RESULTS_PATH, headers: { cookie: "bench=1" } },
  {
    label: "page selective, uncached",
    path: `${RESULTS_PATH}?destinationSlugs=val-thorens&weeks=7&adultCount=4`,
    headers: { cookie: "bench=1" },
  },
  {
    label: "page mixed",
    path: `${RESULTS_PATH}?destinationSlugs=frankrig&minPrice=4000&maxPrice=9000&mealPlanTypes=halvpension,helpension&sort=price:asc`,
  },
  { label: "api broad", path: "/api/search" },
  { label: "api selective", path: "/api/search?destinationSlugs=val-thorens&weeks=7&adultCount=4" },
];

export async function runPage(
  dbFile: string,
  opts: { duration: number; connections: number; log: (s: string) => void },
): Promise<PageResult> {
  const out: PageResult = { skipped: null, error: null, startupMs: NaN, serverRss: null, load: [], bundle: null, bundleError: null };
  if (!fs.existsSync(SERVER_BUILD)) {
    out.skipped = "build/server/index.js is missing: run `npm run build` first (page section skipped)";
    return out;
  }
  try {
    out.bundle = await bundleSize(dbFile);
  } catch (e) {
    out.bundleError = e instanceof Error ? e.message : String(e);
  }

  let server: (TestServer & { pid: number }) | undefined;
  try {
    const started = performance.now();
    server = await startServer({ dbFile });
    const base = server.url;
    out.startupMs = performance.now() - started;
    opts.log(`server up on ${base} after ${(out.startupMs / 1000).toFixed(1)} s`);

    for (const target of PAGE_TARGETS) {
      let p: string;
      try {
        p = await canonical(base, target.path);
      } catch (e) {
        out.load.push({
          label: target.label,
          path: target.path,
          p50: NaN,
          p97_5: NaN,
          p99: NaN,
          rps: NaN,
          requests: 0,
          bytes: 0,
          non2xx: 0,
          errors: 1,
        });
        opts.log(`${target.label}: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      // A short warm-up, then the measured run.
      const headers = target.headers ?? {};
      await autocannon({ url: base + p, connections: opts.connections, duration: 1, headers });
      const r = await autocannon({ url: base + p, connections: opts.connections, duration: opts.duration, headers });
      out.load.push({
        label: target.label,
        path: p,
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        rps: r.requests.average,
        requests: r.requests.total,
        bytes: r.throughput.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
      opts.log(`${target.label}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`);
    }
    out.serverRss = groupRss(server.pid);
  } catch (e) {
    out.error = e instanceof Error ? e.message : String(e);
  } finally {
    await server?.stop();
  }
  return out;
}
