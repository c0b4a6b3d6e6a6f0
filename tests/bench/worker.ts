// One engine in its own process, so its build time, memory and crashes are its own.
// Usage (from run.ts): node --expose-gc --import tsx tests/bench/worker.ts '<json WorkerInput>'
import fs from "node:fs";
import { openDb } from "../../db/client";
import { parseSearchQuery } from "~/domain/url-codec";
import type { BenchEngine, BenchResult } from "./engine";
import { QUERIES, type QueryClass } from "./queries";

export interface WorkerInput {
  engine: string;
  dbFile: string;
  out: string;
  /** Most measured runs per query (after warm-up). */
  maxRuns: number;
  minRuns: number;
  /** Time to spend measuring one query, roughly. */
  budgetMs: number;
  /** After this long, each remaining query is run once. */
  deadlineMs: number;
  /** Only these queries (names); all when empty. */
  only?: string[];
}

export interface MemoryInfo {
  heapDelta: number;
  externalDelta: number;
  rssDelta: number;
  rssAfterBuild: number;
  heapAfterBuild: number;
  maxRss: number;
}

export interface QueryOutcome {
  name: string;
  cls: QueryClass;
  warmups: number;
  samples: number[];
  capped: string | null;
  result: BenchResult | null;
  error: string | null;
}

export interface WorkerOutput {
  engine: string;
  error: string | null;
  buildMs: number;
  memory: MemoryInfo | null;
  notes: string[];
  queries: QueryOutcome[];
}

const gc = (globalThis as { gc?: () => void }).gc;
function collect() {
  if (gc) for (let i = 0; i < 3; i++) gc();
}

async function createEngine(name: string, dbFile: string): Promise<BenchEngine<unknown>> {
  const db = openDb(dbFile);
  switch (name) {
    case "embedded":
      return (await import("./peers/embedded")).embeddedEngine(db) as BenchEngine<unknown>;
    case "sqlite-sql":
      return (await import("./peers/sql")).sqlEngine(db) as BenchEngine<unknown>;
    case "duckdb":
      return (await import("./peers/duckdb")).duckdbEngine(db) as BenchEngine<unknown>;
    case "itemsjs":
      return (await import("./peers/itemsjs")).itemsjsEngine(db) as BenchEngine<unknown>;
    case "orama":
      return (await import("./peers/orama")).oramaEngine(db) as BenchEngine<unknown>;
    default:
      throw new Error(`unknown engine ${name}`);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

async function main(input: WorkerInput): Promise<WorkerOutput> {
  const out: WorkerOutput = { engine: input.engine, error: null, buildMs: NaN, memory: null, notes: [], queries: [] };
  const write = () => {
    if (out.memory) out.memory.maxRss = process.resourceUsage().maxRSS * 1024;
    fs.writeFileSync(input.out, JSON.stringify(out));
  };
  const log = (msg: string) => process.stderr.write(`  [${input.engine}] ${msg}\n`);
  let engine: BenchEngine<unknown>;
  try {
    engine = await createEngine(input.engine, input.dbFile);
    collect();
    const before = process.memoryUsage();
    const t0 = performance.now();
    await engine.build();
    out.buildMs = performance.now() - t0;
    collect();
    const after = process.memoryUsage();
    out.memory = {
      heapDelta: after.heapUsed - before.heapUsed,
      externalDelta: after.external - before.external,
      rssDelta: after.rss - before.rss,
      rssAfterBuild: after.rss,
      heapAfterBuild: after.heapUsed,
      maxRss: 0,
    };
    log(`built in ${(out.buildMs / 1000).toFixed(2)} s`);
  } catch (e) {
    out.error = `build failed: ${errorText(e)}`;
    write();
    return out;
  }

  const started = performance.now();
  const queries = input.only?.length ? QUERIES.filter((q) => input.only!.includes(q.name)) : QUERIES;
  for (const bq of queries) {
    const outcome: QueryOutcome = { name: bq.name, cls: bq.cls, warmups: 0, samples: [], capped: null, result: null, error: null };
    out.queries.push(outcome);
    const query = parseSearchQuery(new URLSearchParams(bq.qs));
    try {
      const time = async () => {
        const t = performance.now();
        const raw = await engine.search(query);
        return { ms: performance.now() - t, raw };
      };
      // First (cold) run: its answer is the one checked for correctness.
      const first = await time();
      outcome.result = engine.normalize(first.raw);
      outcome.warmups = 1;
      let runs: number;
      let warm: number;
      const late = performance.now() - started > input.deadlineMs;
      if (late) {
        runs = 1;
        warm = 0;
        outcome.capped = `engine time limit (${Math.round(input.deadlineMs / 1000)} s) reached: 1 run`;
      } else if (first.ms > 5000) {
        runs = 3;
        warm = 0;
        outcome.capped = `first run ${(first.ms / 1000).toFixed(1)} s > 5 s: 3 runs`;
      } else {
        runs = Math.max(input.minRuns, Math.min(input.maxRuns, Math.floor(input.budgetMs / Math.max(first.ms, 0.001))));
        warm = first.ms < 20 ? 5 : first.ms < 200 ? 2 : 0;
        if (runs < input.maxRuns) outcome.capped = `${runs} runs (time budget)`;
      }
      for (let i = 0; i < warm; i++) await time();
      outcome.warmups += warm;
      for (let i = 0; i < runs; i++) outcome.samples.push((await time()).ms);
    } catch (e) {
      outcome.error = errorText(e);
      log(`${bq.name}: ${outcome.error}`);
    }
    write();
  }
  out.notes = engine.notes();
  try {
    await engine.close?.();
  } catch {
    // closing is best effort
  }
  write();
  return out;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
main(input).then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`worker ${input.engine} crashed: ${errorText(e)}\n`);
    process.exit(1);
  },
);
