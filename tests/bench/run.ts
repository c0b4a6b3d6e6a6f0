// `npm run bench [-- options]`: the search, page and writes benchmark; `npm run bench -- --help`
// for the options. It generates the demo feed (seed 1, season 2026), imports it with the operators'
// CLI (timed end to end, then the embedded index build), runs the fixed query set (queries.ts) on
// every engine, each in its own process (worker.ts), checks every peer's answers against the
// embedded engine's, measures the destination picker and the built server under load, then the
// server's writes while the CLI imports (writes.ts, also for an earlier checkout with --baseline),
// and prints the tables; with --write it also writes them to tests/bench/results.md. The scale
// section (--scale N, scale.ts) runs on its own: the import, server memory and search times of a
// store of N trips against the 1,000,000-trip goals.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "../../db/client";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { filterTree } from "~/domain/destination-tree";
import { countsFromIndex } from "~/search/destination-counts";
import { treeFromCounts } from "~/search/destinations.server";
import { benchAccommodationPage } from "./accommodation";
import { benchDestinationPages } from "./destination";
import { compareResults } from "./engine";
import { FIRST_ACCOMMODATION, LIGHTHOUSE_PATHS, PAGE_TARGETS, RATIO_PAIRS, runPage, ROOT, type BuildResult, type PageResult } from "./page";
import { QUERIES, QUERY_CLASSES, TODAY, USED_SLUGS, type QueryClass } from "./queries";
import { fmtMb, fmtMs, fmtRatio, markdownTable, percentile, textTable } from "./stats";
import type { WorkerInput, WorkerOutput } from "./worker";
import { PHASES, PROBE, runWrites, WRITE_REQUESTS, type WritesResult } from "./writes";
import { runScale, SCALE_GOALS } from "./scale";

const ENGINES = ["embedded", "sqlite-sql", "duckdb", "itemsjs", "orama"] as const;
const RESULTS_MD = path.join(ROOT, "tests/bench/results.md");
const WORKER = path.join(ROOT, "tests/bench/worker.ts");
const WORKER_KILL_MS = 360_000;

const USAGE = `Usage: npm run bench [-- options]

  --trips N      trips to generate and import (default 200000)
  --only a,b     engines to run: ${ENGINES.join(", ")} (default all)
  --runs N       most measured runs per query (default 30; slow engines get fewer, never < 3)
  --page         run only the page section (server + autocannon + bundle size + Chromium)
  --no-page      skip the page section
  --writes       run only the writes section: the server's latency for log-in, banner events and
                 click-outs, idle and while the CLI imports the bench feed (--trips lines)
  --no-writes    skip the writes section
  --scale N      run only the scale section: import N demo trips into a fresh store (wall clock),
                 the built server's resident memory on it, and broad and selective search times
                 (engine and API), against the goals for 1,000,000 trips (e.g. --scale 1000000);
                 with --db FILE it measures that store instead of importing
  --baseline DIR another checkout (with its build/) measured beside this one in the page and
                 writes sections, as "before"; e.g. \`git worktree add /tmp/base main && (cd /tmp/base && npm ci && npm run build)\`
  --lighthouse-paths a,b
                 paths Lighthouse audits, for this run (default "${LIGHTHOUSE_PATHS.join(",")}": LIGHTHOUSE_PATHS in tests/bench/page.ts;
                 ${FIRST_ACCOMMODATION} is the accommodation page of the default results page's first card)
  --no-browser   skip the Chromium part of the page section (page weight, Lighthouse, map drag)
  --db FILE      reuse an imported bench database (skips generating and importing)
  --keep         keep the temporary folder with the feed and the database
  --write        also write the tables to tests/bench/results.md (the committed results)
  -h, --help     print this help`;

function parseOptions() {
  try {
    return parseArgs({
      options: {
        trips: { type: "string", default: "200000" },
        only: { type: "string" },
        runs: { type: "string", default: "30" },
        page: { type: "boolean", default: false },
        "no-page": { type: "boolean", default: false },
        writes: { type: "boolean", default: false },
        "no-writes": { type: "boolean", default: false },
        scale: { type: "string" },
        baseline: { type: "string" },
        "lighthouse-paths": { type: "string", default: LIGHTHOUSE_PATHS.join(",") },
        "no-browser": { type: "boolean", default: false },
        db: { type: "string" },
        keep: { type: "boolean", default: false },
        write: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

function usageError(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(2);
}

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const trips = Number(args.trips);
if (!Number.isInteger(trips) || trips < 1) usageError("--trips must be a positive integer");
const only = args.only ? args.only.split(",").map((s) => s.trim()) : [...ENGINES];
for (const e of only) if (!(ENGINES as readonly string[]).includes(e)) usageError(`unknown engine ${e}; one of ${ENGINES.join(", ")}`);
const scaleTrips = args.scale === undefined ? null : Number(args.scale);
if (scaleTrips !== null && (!Number.isInteger(scaleTrips) || scaleTrips < 1)) usageError("--scale must be a positive integer");
const baseline = args.baseline ? path.resolve(args.baseline) : undefined;
if (baseline && !fs.existsSync(path.join(baseline, "build/server/index.js")))
  usageError(`--baseline ${baseline} has no build/server/index.js`);
const lighthousePaths = args["lighthouse-paths"]
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
if (lighthousePaths.some((p) => !p.startsWith("/"))) usageError("--lighthouse-paths are paths starting with /");
const maxRuns = Number(args.runs);
if (!Number.isInteger(maxRuns) || maxRuns < 3) usageError("--runs must be an integer of at least 3");

const md: string[] = [];
const say = (s = "") => {
  console.log(s);
};
const both = (s = "") => {
  say(s);
  md.push(s);
};
const log = (s: string) => process.stderr.write(`· ${s}\n`);

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ms: number;
  stdout: string;
  stderr: string;
}

function runChild(cmd: string, argv: string[], env: Record<string, string>, killAfterMs: number, echo = false): Promise<ChildResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout = (stdout + d.toString()).slice(-20_000)));
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
      if (echo) process.stderr.write(d);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, killAfterMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, ms: performance.now() - started, stdout, stderr });
    });
  });
}

/** Percentile over a class's samples, each query weighing the same whatever its run count. */
function classPercentile(outcomes: WorkerOutput["queries"], p: number): number {
  const weighted: Array<[number, number]> = [];
  for (const q of outcomes) for (const s of q.samples) weighted.push([s, 1 / q.samples.length]);
  if (!weighted.length) return NaN;
  weighted.sort((a, b) => a[0] - b[0]);
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [s, w] of weighted) {
    acc += w;
    if (acc >= (p / 100) * total - 1e-9) return s;
  }
  return weighted[weighted.length - 1][0];
}

async function prepareData(dir: string): Promise<{ dbFile: string; timing: ImportTiming | null }> {
  if (args.db) {
    log(`reusing ${args.db}`);
    return { dbFile: path.resolve(args.db), timing: null };
  }
  const feed = path.join(dir, "feed.ndjson");
  const dbFile = path.join(dir, "bench.db");
  log(`generating ${trips.toLocaleString("en")} trips (seed 1, season 2026) → ${feed}`);
  const gen = await runChild(
    process.execPath,
    ["--import", "tsx", "cli/main.ts", "demo", "--trips", String(trips), "--seed", "1", "--season", "2026", "--out", feed],
    {},
    900_000,
  );
  if (gen.code !== 0) throw new Error(`demo failed (${gen.code}):\n${gen.stderr}`);
  log(`generated in ${(gen.ms / 1000).toFixed(1)} s; importing with the CLI`);
  const imp = await runChild(process.execPath, ["--import", "tsx", "cli/main.ts", "import", feed], { DATABASE_URL: dbFile }, 1_800_000);
  if (imp.code !== 0) throw new Error(`import failed (${imp.code}):\n${imp.stdout}\n${imp.stderr}`);
  const reported = /Importeret på ([\d.,]+) sekund/.exec(imp.stdout)?.[1];
  log(`imported in ${(imp.ms / 1000).toFixed(1)} s; building the embedded index`);
  const db = openDb(dbFile);
  const t0 = performance.now();
  let engine: EmbeddedEngine | undefined = new EmbeddedEngine(db);
  const indexMs = performance.now() - t0;
  const indexed = engine.current().tripCount;
  engine = undefined;
  db.$client.close();
  return {
    dbFile,
    timing: {
      generateMs: gen.ms,
      importWallMs: imp.ms,
      importReportedS: reported ? Number(reported.replace(/\./g, "").replace(",", ".")) : NaN,
      indexMs,
      indexed,
      feedBytes: fs.statSync(feed).size,
    },
  };
}

interface ImportTiming {
  generateMs: number;
  importWallMs: number;
  importReportedS: number;
  indexMs: number;
  indexed: number;
  feedBytes: number;
}

function checkVocabulary(dbFile: string): string[] {
  const db = openDb(dbFile);
  const s = db.$client;
  const exists = (sql: string, ...params: string[]) => s.prepare(sql).get(...params) !== undefined;
  const missing: string[] = [];
  for (const d of USED_SLUGS.destinations)
    if (!exists("SELECT 1 FROM resorts r JOIN regions g ON g.slug = r.region_slug WHERE ? IN (r.slug, g.slug, g.country_slug)", d))
      missing.push(`destination ${d}`);
  for (const t of USED_SLUGS.tags) if (!exists("SELECT 1 FROM tags WHERE slug = ?", t)) missing.push(`tag ${t}`);
  for (const m of USED_SLUGS.mealPlans) if (!exists("SELECT 1 FROM meal_plans WHERE slug = ?", m)) missing.push(`meal plan ${m}`);
  for (const f of USED_SLUGS.features) if (!exists("SELECT 1 FROM features WHERE value = ?", f)) missing.push(`feature ${f}`);
  for (const c of USED_SLUGS.companies) if (!exists("SELECT 1 FROM travel_companies WHERE slug = ?", c)) missing.push(`company ${c}`);
  s.close();
  return missing;
}

async function runWorker(engine: string, dbFile: string, dir: string, only?: string[]): Promise<WorkerOutput> {
  const out = path.join(dir, `${engine}.json`);
  const input: WorkerInput = {
    engine,
    dbFile,
    out,
    maxRuns,
    minRuns: 3,
    budgetMs: engine === "embedded" ? 5_000 : 2_000,
    deadlineMs: 150_000,
    only,
  };
  const res = await runChild(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=12288", "--import", "tsx", WORKER, JSON.stringify(input)],
    {},
    WORKER_KILL_MS,
    true,
  );
  let output: WorkerOutput | null = null;
  try {
    output = JSON.parse(fs.readFileSync(out, "utf8")) as WorkerOutput;
  } catch {
    // no (complete) output
  }
  if (!output) {
    output = { engine, error: null, buildMs: NaN, memory: null, notes: [], queries: [] };
  }
  if (res.code !== 0 && !output.error) {
    const why = res.timedOut
      ? `killed after ${WORKER_KILL_MS / 1000} s`
      : res.signal
        ? `ended by ${res.signal}${res.signal === "SIGKILL" ? ", out of memory?" : ""}`
        : `exit code ${res.code}`;
    output.error = `worker failed (${why}): ${res.stderr.trim().split("\n").slice(-3).join(" | ")}`;
  }
  return output;
}

function memoryCell(o: WorkerOutput): [string, string, string] {
  const m = o.memory;
  if (!m) return ["–", "–", "–"];
  return [fmtMb(m.heapDelta + m.externalDelta), fmtMb(m.rssDelta), fmtMb(m.maxRss)];
}

async function main() {
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-bench-"));
  const load0 = os.loadavg()[0];
  both(`# Pistepris search benchmark`);
  both();
  both(
    `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "cpu"} · Node ${process.version} · ` +
      `${(scaleTrips ?? trips).toLocaleString("en")} trips (demo seed 1, season 2026) · searches run with today = ${TODAY}`,
  );
  both();

  if (scaleTrips !== null) {
    await scaleSection(dir, scaleTrips);
    return finish(started, load0, dir);
  }

  if (args.writes) {
    await writesSection(dir, await benchFeed(dir));
    return finish(started, load0, dir);
  }

  const { dbFile, timing } = await prepareData(dir);

  if (timing) {
    const importS = timing.importWallMs / 1000;
    const indexS = timing.indexMs / 1000;
    both(`## Import (${trips.toLocaleString("en")} feed lines, ${fmtMb(timing.feedBytes)} NDJSON)`);
    both();
    const rows = [
      ["generate feed (`cli/main.ts demo`)", `${(timing.generateMs / 1000).toFixed(1)} s`],
      ["import (`npm run indexer -- import FILE`, wall clock)", `${importS.toFixed(1)} s`],
      ["  of which the CLI reports for the import itself", `${timing.importReportedS.toFixed(1)} s`],
      ["embedded index build (`new EmbeddedEngine(db)`) right after", `${indexS.toFixed(2)} s`],
      ["import + index (end to end)", `${(importS + indexS).toFixed(1)} s`],
    ];
    say(textTable(["step", "time"], rows));
    md.push(markdownTable(["step", "time"], rows));
    both();
    both(
      `Target: import of 200,000 lines ≤ 20 s end to end including the index swap → ${trips === 200_000 ? (importS + indexS <= 20 ? "met" : "**missed**") : "n/a (not 200,000 lines)"}.`,
    );
    both();
  }

  if (!args.page) {
    const missing = checkVocabulary(dbFile);
    if (missing.length) both(`⚠ slugs of the query set missing from the data: ${missing.join(", ")}`);

    if (only.includes("embedded")) reportDestinationPicker(dbFile);
    if (only.includes("embedded")) await reportAccommodationPage(dbFile);
    if (only.includes("embedded")) await reportDestinationPages(dbFile);

    const outputs: WorkerOutput[] = [];
    for (const engine of only) {
      log(`engine ${engine}`);
      outputs.push(await runWorker(engine, dbFile, dir));
    }
    report(outputs);
  }

  let page: PageResult | null = null;
  if (!args["no-page"]) {
    log("page section");
    const builds = [...(baseline ? [{ label: "before", root: baseline }] : []), { label: baseline ? "after" : "this build", root: ROOT }];
    page = await runPage(dbFile, { builds, duration: 10, connections: 16, lighthousePaths, browser: !args["no-browser"], log });
    reportPage(page);
  }

  if (!args["no-writes"] && !args.page) await writesSection(dir, await benchFeed(dir));
  finish(started, load0, dir);
}

function finish(started: number, load0: number, dir: string) {
  both();
  both(
    `Total bench time ${((performance.now() - started) / 1000).toFixed(0)} s; load average at start ${load0.toFixed(2)}, at end ${os.loadavg()[0].toFixed(2)} ` +
      `(other work on the machine inflates the numbers).`,
  );
  if (args.write) {
    fs.writeFileSync(RESULTS_MD, md.join("\n") + "\n");
    say(`\n(written to ${path.relative(ROOT, RESULTS_MD)})`);
  }
  if (args.keep) say(`(kept ${dir})`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

/** The bench feed (demo seed 1, season 2026) of `count` trips: the one prepareData generated, or a new one. */
async function benchFeed(dir: string, count = trips): Promise<string> {
  const feed = path.join(dir, "feed.ndjson");
  if (fs.existsSync(feed)) return feed;
  log(`generating ${count.toLocaleString("en")} trips (seed 1, season 2026) → ${feed}`);
  const gen = await runChild(
    process.execPath,
    ["--import", "tsx", "cli/main.ts", "demo", "--trips", String(count), "--seed", "1", "--season", "2026", "--out", feed],
    {},
    900_000,
  );
  if (gen.code !== 0) throw new Error(`demo failed (${gen.code}):\n${gen.stderr}`);
  return feed;
}

function gitHead(root: string): string {
  const res = spawnSync("git", ["-C", root, "log", "-1", "--format=%h"], { encoding: "utf8" });
  return res.status === 0 ? res.stdout.trim() : root;
}

/** The scale section: N trips imported into a fresh store, the server's memory on it, the search times; each against its goal. */
async function scaleSection(dir: string, count: number) {
  log("scale section");
  // With --db, the store is measured as it is: no feed, no import.
  const feed = args.db ? undefined : await benchFeed(dir, count);
  const dbFile = args.db ? path.resolve(args.db) : path.join(dir, "scale.db");
  const scale = await runScale({ feed, dbFile, runs: 20, log });
  both(
    feed
      ? `## Scale (${count.toLocaleString("en")} trips, ${fmtMb(fs.statSync(feed).size)} NDJSON)`
      : `## Scale (the store ${dbFile}, not imported in this run)`,
  );
  both();
  if (scale.importError) {
    both(`The import failed (exit ${scale.importCode}): ${scale.importError}`);
    return;
  }
  log("scale: engine search times");
  const names = QUERIES.filter((q) => q.cls === "broad" || q.cls === "selective").map((q) => q.name);
  const engine = await runWorker("embedded", dbFile, dir, names);
  const engineP50 = (cls: QueryClass) =>
    classPercentile(
      engine.queries.filter((q) => q.cls === cls && q.samples.length > 0),
      50,
    );
  const goal = (value: number, max: number) => (Number.isFinite(value) ? (value <= max ? "met" : "**missed**") : "–");
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const { importS, rssMb, broadMs, selectiveMs } = SCALE_GOALS;
  const rows = [
    [
      "import (`indexer import FILE` into a fresh store, wall clock)",
      Number.isFinite(scale.importMs) ? `${(scale.importMs / 1000).toFixed(1)} s` : "– (--db: not imported)",
      `≤ ${importS} s`,
      goal(scale.importMs / 1000, importS),
    ],
    [
      "server resident memory, after a round of searches",
      mb(scale.rssAfterSearches),
      `≤ ${rssMb} MB`,
      goal(scale.rssAfterSearches / 2 ** 20, rssMb),
    ],
    ["  once it answers / its peak", `${mb(scale.rssStarted)} / ${mb(scale.rssPeak)}`, "", ""],
    ["broad search p50 (embedded engine)", `${fmtMs(engineP50("broad"))} ms`, `≤ ${broadMs} ms`, goal(engineP50("broad"), broadMs)],
    [
      "selective search p50 (embedded engine)",
      `${fmtMs(engineP50("selective"))} ms`,
      `≤ ${selectiveMs} ms`,
      goal(engineP50("selective"), selectiveMs),
    ],
    ["broad / selective `/api/search` p50 (HTTP, one at a time)", `${fmtMs(scale.api.broad)} / ${fmtMs(scale.api.selective)} ms`, "", ""],
  ];
  if (engine.error) both(`⚠ engine worker: ${engine.error}`);
  say(textTable(["", "measured", "goal", ""], rows));
  md.push(markdownTable(["", "measured", "goal", ""], rows));
}

/** Runs of the writes section per checkout, alternating with --baseline: the report takes medians over them. */
const WRITES_RUNS = 3;

/** The writes section, for this checkout and, with --baseline, another one, each WRITES_RUNS times in turn. */
async function writesSection(dir: string, feed: string) {
  log("writes section");
  const codes: Array<{ root: string; label: string }> = [];
  if (baseline) codes.push({ root: baseline, label: "before" });
  codes.push({ root: ROOT, label: baseline ? "after" : "this checkout" });
  const built = codes.filter((c) => {
    const ok = fs.existsSync(path.join(c.root, "build/server/index.js"));
    if (!ok) both(`Writes section (${c.label}) skipped: ${c.root}/build/server/index.js is missing (run \`npm run build\` first).`);
    return ok;
  });
  const runs: WritesRun[] = [];
  for (let k = 1; k <= WRITES_RUNS; k++) {
    for (const c of built) {
      const result = await runWrites({ root: c.root, label: `${c.label} ${k}`, feed, dir, idleMs: 10_000, log });
      runs.push({ ...result, label: c.label, head: gitHead(c.root) });
    }
  }
  reportWrites(runs);
}

type WritesRun = WritesResult & { head: string };

function reportWrites(runs: WritesRun[]) {
  both(`## Writes while importing (${trips.toLocaleString("en")} feed lines)`);
  both();
  both(
    "The built server on a store with another company's 200 offers; log-in (POST /konto/log-ind, 4/s), banner event " +
      "(POST /api/banner-events, 20/s) and click-out (GET /ud/<id>, a click row written, 20/s) at a steady rate, for 10 s " +
      "with nothing else going on (idle), then while the CLI imports the bench feed into the same store (import), then until " +
      "the server answers from the new data and 2 s more (swap: the server builds its new index). Latency " +
      "is from sending to the whole answer; failed: an error status, no answer or none within 120 s. all: the three requests. " +
      `${PROBE}: one insert every 50 ms from a process of its own with the server's busy timeout (tests/bench/write-probe.ts), ` +
      `the store's wait without HTTP and rendering. Each checkout ran ${WRITES_RUNS} times, in turn; the table pools the runs' ` +
      "requests, the lines below give each run and the median of the runs.",
  );
  both();
  const labels = [...new Set(runs.map((r) => r.label))];
  const h = ["code", "phase", "request", "requests", "p50 ms", "p99 ms", "max ms", "failed"];
  const rows: string[][] = [];
  for (const label of labels) {
    const samples = runs.filter((r) => r.label === label).flatMap((r) => r.samples);
    for (const phase of PHASES) {
      for (const request of [...WRITE_REQUESTS, "all", PROBE] as const) {
        const s = samples.filter((x) => x.phase === phase && (request === "all" ? x.request !== PROBE : x.request === request));
        const ms = s.filter((x) => x.ok).map((x) => x.ms);
        rows.push([
          `${label}: ${runs.find((r) => r.label === label)!.head}`,
          phase,
          request,
          String(s.length),
          fmtMs(percentile(ms, 50)),
          fmtMs(percentile(ms, 99)),
          fmtMs(ms.length ? Math.max(...ms) : NaN),
          String(s.filter((x) => !x.ok).length),
        ]);
      }
    }
  }
  say(textTable(h, rows));
  md.push(markdownTable(h, rows));
  both();
  const during = (r: WritesRun, probe: boolean) =>
    percentile(
      r.samples.filter((x) => x.phase === "import" && x.ok && (x.request === PROBE) === probe).map((x) => x.ms),
      99,
    );
  for (const label of labels) {
    const mine = runs.filter((r) => r.label === label);
    for (const [k, r] of mine.entries()) {
      both(
        `- ${label} run ${k + 1}: the import took ${(r.importMs / 1000).toFixed(1)} s (exit ${r.importCode}), the server answered ` +
          `from the new data ${(r.swapMs / 1000).toFixed(1)} s after; during the import p99 ${fmtMs(during(r, false))} ms ` +
          `(probe ${fmtMs(during(r, true))} ms), ${r.samples.filter((x) => x.phase === "import" && !x.ok).length} failed` +
          (r.error ? `; **error:** ${r.error}` : "."),
      );
    }
    const p99 = percentile(
      mine.map((r) => during(r, false)),
      50,
    );
    both(
      `- **${label}** (${mine[0].head}): median over its runs of the p99 of every write request during the import ${fmtMs(p99)} ms ` +
        `→ target p99 ≤ 100 ms ${p99 <= 100 ? "met" : "**missed**"}; the probe's ${fmtMs(
          percentile(
            mine.map((r) => during(r, true)),
            50,
          ),
        )} ms.`,
    );
  }
  both();
}

function report(outputs: WorkerOutput[]) {
  const ref = outputs.find((o) => o.engine === "embedded");
  const refResults = new Map(ref?.queries.map((q) => [q.name, q.result]) ?? []);

  // Correctness: every peer's answer to every query against the embedded engine's.
  const diffs = new Map<string, Map<string, string[]>>();
  for (const o of outputs) {
    if (o.engine === "embedded") continue;
    const per = new Map<string, string[]>();
    for (const q of o.queries) {
      const r = refResults.get(q.name);
      if (q.error) per.set(q.name, [`error: ${q.error}`]);
      else if (!ref) continue;
      else if (!r || !q.result) per.set(q.name, ["no reference answer"]);
      else {
        const d = compareResults(r, q.result);
        if (d.length) per.set(q.name, d);
      }
    }
    diffs.set(o.engine, per);
  }
  const correctCell = (o: WorkerOutput, cls: QueryClass): string => {
    if (o.engine === "embedded") return "ref";
    if (!ref) return "no ref";
    const names = QUERIES.filter((q) => q.cls === cls).map((q) => q.name);
    const ran = o.queries.filter((q) => q.cls === cls);
    if (!ran.length) return "–";
    const bad = names.filter((n) => diffs.get(o.engine)?.has(n)).length;
    const missing = names.filter((n) => !ran.some((q) => q.name === n)).length;
    const notRun = missing ? ` (${missing} not run)` : "";
    return bad ? `✗ ${bad}/${names.length}${notRun}` : `✓${notRun}`;
  };

  const classStats = (o: WorkerOutput, cls: QueryClass) => {
    const qs = o.queries.filter((q) => q.cls === cls && q.samples.length > 0);
    return { p50: classPercentile(qs, 50), p95: classPercentile(qs, 95) };
  };

  both(`## Search: full search (page of 20 accommodations + totalCount + every facet number), ms`);
  both();
  const header = [
    "engine",
    "build",
    "JS mem Δ",
    "RSS Δ",
    "peak RSS",
    ...QUERY_CLASSES.flatMap((c) => [`${c} p50`, `${c} p95`]),
    ...QUERY_CLASSES.map((c) => `ok ${c}`),
  ];
  const rows = outputs.map((o) => {
    if (o.error && !o.queries.length) return [o.engine, "FAILED", ...header.slice(2).map(() => "–")];
    return [
      o.engine,
      Number.isFinite(o.buildMs) ? `${(o.buildMs / 1000).toFixed(2)} s` : "–",
      ...memoryCell(o),
      ...QUERY_CLASSES.flatMap((c) => {
        const s = classStats(o, c);
        return [fmtMs(s.p50), fmtMs(s.p95)];
      }),
      ...QUERY_CLASSES.map((c) => correctCell(o, c)),
    ];
  });
  say(textTable(header, rows));
  md.push(markdownTable(header, rows));
  both();
  both(
    "build: loading from the SQLite store until searchable (peers: read the denormalised rows + build). JS mem Δ: heapUsed + external " +
      "growth after build (after gc); RSS Δ: process RSS growth after build (DuckDB's memory is native, so only RSS shows it); peak RSS: " +
      "the worker process's maximum. ok: every query's totalCount, facet numbers, accommodation order, best trip and offer count (and the " +
      "lowest prices, where the peer computes them: sqlite-sql) equal the embedded engine's (✓), or how many queries differ (✗).",
  );
  both();

  // Speed-up of the embedded engine over each peer.
  if (ref && !ref.error) {
    const peers = outputs.filter((o) => o.engine !== "embedded" && o.queries.some((q) => q.samples.length));
    const broadP50 = (o: WorkerOutput) => classStats(o, "broad").p50;
    const fastestBroad = peers.filter((o) => Number.isFinite(broadP50(o))).sort((a, b) => broadP50(a) - broadP50(b))[0];
    if (peers.length) {
      both(`## Embedded engine speed-up (peer p50 / embedded p50)`);
      both();
      const rh = ["peer", ...QUERY_CLASSES];
      const rr = peers.map((o) => [
        o.engine === fastestBroad?.engine ? `${o.engine} ★` : o.engine,
        ...QUERY_CLASSES.map((c) => fmtRatio(classStats(o, c).p50 / classStats(ref, c).p50)),
      ]);
      say(textTable(rh, rr));
      md.push(markdownTable(rh, rr));
      both();
      if (fastestBroad) both(`★ fastest peer on broad queries: **${fastestBroad.engine}** (p50 ${fmtMs(broadP50(fastestBroad))} ms).`);
      both();
    }

    // The engine targets set for 200,000 trips.
    const e = (c: QueryClass) => classStats(ref, c).p50;
    const ratio = fastestBroad ? broadP50(fastestBroad) / e("broad") : NaN;
    const mark = (ok: boolean) => (ok ? "met" : "**MISSED**");
    both(`## Targets (set for 200,000 trips; measured at ${trips.toLocaleString("en")})`);
    both();
    const th = ["target", "measured", "result"];
    const tr = [
      ["broad p50 ≤ 3 ms", `${fmtMs(e("broad"))} ms`, mark(e("broad") <= 3)],
      ["selective p50 ≤ 1 ms", `${fmtMs(e("selective"))} ms`, mark(e("selective") <= 1)],
      [
        "≥ 5× the fastest peer on broad",
        fastestBroad ? `${fmtRatio(ratio)} (${fastestBroad.engine})` : "no peer ran",
        fastestBroad ? mark(ratio >= 5) : "–",
      ],
      ["index build ≤ 2 s", `${(ref.buildMs / 1000).toFixed(2)} s`, mark(ref.buildMs <= 2000)],
    ];
    if (trips !== 200_000) tr.forEach((r) => (r[2] = `${r[2]} (at ${trips.toLocaleString("en")} trips)`));
    say(textTable(th, tr));
    md.push(markdownTable(th, tr));
    both();
    if (ref.memory) both(`Embedded worker process: RSS ${fmtMb(ref.memory.rssAfterBuild)} after build, peak ${fmtMb(ref.memory.maxRss)}.`);
    both();
  }

  // Per query detail.
  both(`## Per query p50 (ms; ✗ = differs from the embedded engine)`);
  both();
  const dh = ["query", "class", ...outputs.map((o) => o.engine)];
  const dr = QUERIES.filter((q) => outputs.some((o) => o.queries.some((x) => x.name === q.name))).map((q) => [
    q.name,
    q.cls,
    ...outputs.map((o) => {
      const x = o.queries.find((y) => y.name === q.name);
      if (!x) return "–";
      if (x.error) return "error";
      const bad = o.engine !== "embedded" && diffs.get(o.engine)?.has(q.name);
      return `${fmtMs(percentile(x.samples, 50))}${bad ? " ✗" : ""}`;
    }),
  ]);
  say(textTable(dh, dr));
  md.push(markdownTable(dh, dr));
  both();
  both("Queries (URL query strings, parsed with parseSearchQuery):");
  both();
  for (const q of QUERIES) both(`- ${q.name} (${q.cls}): \`${q.qs || "(empty)"}\``);
  both();

  // Run counts, caps, failures, differences, notes.
  both(`## Runs and notes`);
  both();
  for (const o of outputs) {
    const runs = o.queries.map((q) => q.samples.length);
    const warm = o.queries.map((q) => q.warmups);
    if (runs.length)
      both(
        `- ${o.engine}: ${span(runs)} measured runs per query after ${span(warm)} warm-up run(s) (the first, cold run is never measured).`,
      );
    if (o.error) both(`- ${o.engine}: **FAILED** — ${o.error}`);
    const budgeted = o.queries.filter((q) => q.capped?.includes("time budget"));
    if (budgeted.length) {
      const r = budgeted.map((q) => q.samples.length);
      const range = Math.min(...r) === Math.max(...r) ? `${r[0]}` : `${Math.min(...r)}–${Math.max(...r)}`;
      both(
        `  - ${o.engine}: ${budgeted.length} quer${budgeted.length === 1 ? "y" : "ies"} measured ${range} times instead of ${maxRuns} (time budget per query)`,
      );
    }
    for (const q of o.queries.filter((x) => x.capped && !x.capped.includes("time budget")))
      both(`  - ${o.engine} ${q.name}: capped, ${q.capped}`);
    for (const q of o.queries.filter((x) => x.error)) both(`  - ${o.engine} ${q.name}: error ${q.error}`);
    for (const n of o.notes) both(`  - ${n}`);
  }
  both();
  const anyDiff = [...diffs.values()].some((m) => m.size > 0);
  if (anyDiff) {
    both(`## Differences from the embedded engine`);
    both();
    for (const [engine, per] of diffs) {
      for (const [name, d] of per)
        both(`- ${engine} · ${name}: ${d.slice(0, 4).join("; ")}${d.length > 4 ? ` (+${d.length - 4} more)` : ""}`);
    }
    both();
  }
}

/**
 * The destination picker ("Hvor"): counting the upcoming trips per destination (once per index
 * generation and day) and filtering the counted tree per keystroke, on the bench's data.
 */
function reportDestinationPicker(dbFile: string) {
  const db = openDb(dbFile);
  const index = new EmbeddedEngine(db).current();
  const counting: number[] = [];
  const typing: number[] = [];
  for (let run = 0; run < 7; run++) {
    let t = performance.now();
    const counts = countsFromIndex(index, TODAY);
    const tree = treeFromCounts(counts, 4);
    counting.push(performance.now() - t);
    for (const q of ["v", "va", "val", "val t", "tirol", "øst"]) {
      t = performance.now();
      filterTree(tree.countries, q);
      typing.push(performance.now() - t);
    }
  }
  db.$client.close();
  both(`## Destination picker (${index.tripCount.toLocaleString("en")} trips, median of 7 runs)`);
  both();
  const rows = [
    ["count upcoming trips per destination (once per index generation and day)", `${fmtMs(percentile(counting, 50))} ms`],
    ["filter the tree per keystroke", `${fmtMs(percentile(typing, 50))} ms`],
  ];
  say(textTable(["step", "p50"], rows));
  md.push(markdownTable(["step", "p50"], rows));
  both();
}

/** The accommodation page's loader work on the bench's data, embedded beside the reference SQL. */
async function reportAccommodationPage(dbFile: string) {
  log("accommodation page");
  const r = await benchAccommodationPage(dbFile);
  both(
    `## Accommodation page loader (${r.cases} accommodation × search cases, a warm-up and 3 timed rounds, ${r.offers.toLocaleString("en")} offers shown)`,
  );
  both();
  const base = r.engines[0];
  const rows = r.engines.map((e) => [e.name, `${fmtMs(e.p50)} ms`, `${fmtMs(e.p95)} ms`, `${fmtMs(e.p99)} ms`, fmtRatio(e.p50 / base.p50)]);
  const head = ["engine", "p50", "p95", "p99", "p50 vs embedded"];
  say(textTable(head, rows));
  md.push(markdownTable(head, rows));
  both();
  both(
    `The offers of the search and the season's calendar, grouped, with the photos, drops and price history (services/accommodations/accommodation-page.server.ts). ` +
      `Answers equal on both engines: ${r.mismatches === 0 ? "yes" : `**no, ${r.mismatches} differ**`}. ` +
      `Target: ≤ 5 ms of server time → ${base.p99 <= 5 ? "met (p99)" : base.p95 <= 5 ? "met at p95, **missed at p99**" : base.p50 <= 5 ? "met at p50, **missed at p95**" : "**missed**"}.`,
  );
  both();
}

async function reportDestinationPages(dbFile: string) {
  log("destination pages");
  const r = await benchDestinationPages(dbFile);
  both(`## Destination page loader (/skiferie and every country, region and resort: ${r.pages} pages)`);
  both();
  const base = r.engines[0];
  const rows = r.engines.map((e) => [
    e.name,
    String(e.rounds),
    `${fmtMs(e.firstMs)} ms`,
    `${fmtMs(e.p50)} ms`,
    `${fmtMs(e.p95)} ms`,
    `${fmtMs(e.p99)} ms`,
    fmtRatio(e.p50 / base.p50),
  ]);
  const head = ["engine", "timed rounds", "first page of a generation", "p50", "p95", "p99", "p50 vs embedded"];
  say(textTable(head, rows));
  md.push(markdownTable(head, rows));
  both();
  both(
    `The place, its places' and weeks' lowest prices, its search's first cards and their drops (services/destinations/destination-page.server.ts); ` +
      `the first page after a new generation or catalogue change also counts every place's prices. ` +
      `Answers equal on both engines: ${r.mismatches === 0 ? "yes" : `**no, ${r.mismatches} differ**`}. ` +
      `Target: loader ≤ 5 ms at p50 → ${base.p50 <= 5 ? "met" : "**missed**"}.`,
  );
  both();
}

function span(xs: number[]): string {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

function reportPage(page: PageResult) {
  both(`## Page: production server under load (autocannon, 16 connections, 10 s each)`);
  both();
  if (page.skipped) {
    both(page.skipped);
    return;
  }
  const builds = page.builds;
  const table = (h: string[], r: string[][]) => {
    say(textTable(h, r));
    md.push(markdownTable(h, r));
    both();
  };
  for (const b of builds) if (b.error) both(`**${b.label}: page section failed:** ${b.error.split("\n").slice(0, 6).join(" ")}`);
  both(
    builds.map((b) => `${b.label}: \`${b.root}\``).join("; ") +
      ". Each target runs on one build after the other, so both share the machine's load.",
  );
  both();

  // Requests per second, latency and the server's CPU time per request, build beside build.
  const cell = (b: BuildResult, label: string) => b.load.find((l) => l.label === label);
  const h = [
    "target",
    "path",
    ...builds.flatMap((b) => [`${b.label} req/s`, `${b.label} p50 ms`, `${b.label} CPU ms/req`, `${b.label} kB/resp`]),
    "non-2xx/errors",
  ];
  const r = PAGE_TARGETS.map((t) => {
    const first = builds.map((b) => cell(b, t.label)).find((l) => l);
    const p = first?.path ?? t.path;
    return [
      t.label,
      p.length > 50 ? p.slice(0, 47) + "…" : p,
      ...builds.flatMap((b) => {
        const l = cell(b, t.label);
        if (!l) return ["–", "–", "–", "–"];
        return [
          Math.round(l.rps).toString(),
          fmtMs(l.p50),
          fmtMs(l.cpuMsPerRequest),
          l.requests ? (l.bytes / l.requests / 1024).toFixed(1) : "–",
        ];
      }),
      builds.map((b) => `${(cell(b, t.label)?.non2xx ?? 0) + (cell(b, t.label)?.errors ?? 0)}`).join("/"),
    ];
  });
  table(h, r);

  both(`### The uncached page beside the API for the same query (target: the page ≥ 40 % of the API's req/s)`);
  both();
  const rh = ["page / api", ...builds.flatMap((b) => [`${b.label} req/s ratio`, `${b.label} CPU ratio (api/page)`])];
  const rr = RATIO_PAIRS.map(([pageLabel, apiLabel]) => [
    `${pageLabel} / ${apiLabel}`,
    ...builds.flatMap((b) => {
      const p = cell(b, pageLabel);
      const a = cell(b, apiLabel);
      if (!p || !a) return ["–", "–"];
      return [`${((p.rps / a.rps) * 100).toFixed(0)} %`, `${((a.cpuMsPerRequest / p.cpuMsPerRequest) * 100).toFixed(0)} %`];
    }),
  ]);
  table(rh, rr);
  both(
    "req/s ratio: the page's requests per second over the API's, measured one after the other. CPU ratio: the API's server CPU time per " +
      "request over the page's (the same share, measured by the server's own CPU time, so less sensitive to other work on the machine).",
  );
  both();
  for (const b of builds)
    both(
      `${b.label}: server started and answering in ${(b.startupMs / 1000).toFixed(1)} s; RSS after the load runs ${b.serverRss ? fmtMb(b.serverRss) : "unknown"}.`,
    );
  both(`Note the server uses the real date, not ${TODAY}.`);
  both();

  both(`## Where a render's CPU time goes (V8 CPU profile of the server, "page broad, uncached", self time)`);
  both();
  const cats = [...new Set(builds.flatMap((b) => b.profile?.categories.map((c) => c.name) ?? []))];
  const ph = ["part", ...builds.map((b) => `${b.label} ms/req`)];
  const perReq = (b: BuildResult, ms: number) => (b.profile && b.profile.requests ? fmtMs(ms / b.profile.requests) : "–");
  const pr = cats.map((name) => [name, ...builds.map((b) => perReq(b, b.profile?.categories.find((c) => c.name === name)?.ms ?? 0))]);
  pr.push(["total (busy, idle excluded)", ...builds.map((b) => perReq(b, b.profile?.busyMs ?? NaN))]);
  table(ph, pr);
  for (const b of builds) {
    if (b.profileError) both(`${b.label}: profile failed: ${b.profileError}`);
    if (b.profile)
      both(
        `${b.label}, top functions (ms per request): ` +
          b.profile.functions.map((f) => `${f.name} ${perReq(b, f.ms)}`).join("; ") +
          ` (${b.profile.requests} requests profiled).`,
      );
  }
  both();

  both(
    `## Page weight (HTML rendered for a visitor with a cookie; JavaScript Chromium loads before any interaction, and until the network is idle after the first one on a phone, gzipped and as transferred: Brotli from the build where accepted, and on a desktop, gzipped)`,
  );
  both();
  const wPaths = [...new Set(builds.flatMap((b) => b.weight.map((w) => w.path)))];
  const wh = [
    "path",
    ...builds.flatMap((b) => [
      `${b.label} HTML kB`,
      `${b.label} HTML gzip kB`,
      `${b.label} JS files before any interaction`,
      `${b.label} JS gzip kB (files)`,
      `${b.label} JS transferred kB`,
      `${b.label} desktop JS gzip kB (files)`,
    ]),
  ];
  const kb = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "–" : (n / 1024).toFixed(1));
  const wr = wPaths.map((p) => [
    p,
    ...builds.flatMap((b) => {
      const w = b.weight.find((x) => x.path === p);
      return [
        kb(w?.htmlBytes),
        kb(w?.htmlGzip),
        w ? String(w.jsFilesBeforeInteraction) : "–",
        w ? `${kb(w.jsGzip)} (${w.jsFiles})` : "–",
        kb(w?.jsTransferred),
        w?.desktopJsGzip !== undefined ? `${kb(w.desktopJsGzip)} (${w.desktopJsFiles})` : "–",
      ];
    }),
  ]);
  if (wr.length) table(wh, wr);
  both(
    "Targets: the default results page ≤ 70 kB of HTML, and no JavaScript before any interaction (app/utils/script-loader.ts; until then every page is its server's HTML). The JavaScript columns after it: what the visitor's first interaction loads.",
  );
  both();
  both(`### JavaScript the results page names (entry, root and results route with their static imports; gzip)`);
  both();
  const bh = ["build", "files", "raw kB", "gzip kB", "largest files (gzip kB)"];
  const br = builds.map((b) =>
    b.bundle
      ? [
          b.label,
          String(b.bundle.files.length),
          kb(b.bundle.rawTotal),
          kb(b.bundle.gzipTotal),
          b.bundle.files
            .slice(0, 4)
            .map((f) => `${f.file} ${kb(f.gzip)}`)
            .join(", "),
        ]
      : [b.label, "–", "–", "–", b.bundleError ?? ""],
  );
  table(bh, br);

  both(`## Lighthouse (mobile, default simulated throttling)`);
  both();
  const lh = ["path", "build", "performance", "accessibility", "best practices", "SEO", "FCP s", "LCP s", "TBT ms", "CLS", "SI s"];
  const s1 = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : "–");
  const lr = builds.flatMap((b) =>
    b.lighthouse.map((l) => [
      l.path,
      b.label,
      String(l.performance),
      String(l.accessibility),
      String(l.bestPractices),
      String(l.seo),
      s1(l.fcpMs),
      s1(l.lcpMs),
      Number.isFinite(l.tbtMs) ? Math.round(l.tbtMs).toString() : "–",
      Number.isFinite(l.cls) ? l.cls.toFixed(3) : "–",
      s1(l.siMs),
    ]),
  );
  lr.sort((a, b) => a[0].localeCompare(b[0]));
  if (lr.length) table(lh, lr);
  for (const b of builds) {
    if (b.browserError) both(`${b.label}: Chromium part failed: ${b.browserError}`);
    for (const l of b.lighthouse) {
      if (l.error) both(`${b.label} ${l.path}: Lighthouse: ${l.error}`);
      if (l.failing.length) both(`${b.label} ${l.path}: below full marks: ${l.failing.join(", ")}`);
    }
  }
  both("Targets: performance ≥ 98, accessibility, best practices and SEO 100, LCP ≤ 1.8 s, CLS 0.");
  both();

  both(`## Map drag (5,000 accommodations, zoomed in twice, dragged for 2 s, 1366×900)`);
  both();
  const mh = ["build", "marker elements fitted / zoomed", "frames", "frame p50 ms", "frame p95 ms"];
  const mr = builds.map((b) => {
    const m = b.mapDrag;
    if (!m || m.error) return [b.label, m?.error ?? "not run", "–", "–", "–"];
    return [b.label, `${m.fittedElements} / ${m.zoomedElements}`, String(m.frames), fmtMs(m.p50Ms), fmtMs(m.p95Ms)];
  });
  table(mh, mr);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
