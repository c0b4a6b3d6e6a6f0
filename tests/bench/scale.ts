import fs from "node:fs";
import { spawn } from "node:child_process";
import { startServer } from "../support/server";
import { QUERIES } from "./queries";
import { percentile } from "./stats";

// The scale section (`npm run bench -- --scale N`): the goals for a store of 1,000,000 trips. It
// imports a demo feed of N lines into a fresh store with the operators' CLI (wall clock, as an
// operator waits for it), starts the built server on that store and reads its resident memory
// from /proc once it answers and again after a round of searches, and times the JSON search API
// from outside. The engine's own search times come from the search section's worker (run.ts).

export const SCALE_GOALS = { importS: 60, rssMb: 700, broadMs: 8, selectiveMs: 0.5 };

export interface ScaleResult {
  importMs: number;
  importCode: number | null;
  /** The CLI's last lines when it failed. */
  importError: string | null;
  /** Resident memory of the server process (bytes): once it answers, after the searches, and its peak. */
  rssStarted: number;
  rssAfterSearches: number;
  rssPeak: number;
  /** p50 of the search API per query class, ms, requests one at a time. */
  api: { broad: number; selective: number };
}

function importFeed(feed: string, dbFile: string): Promise<{ code: number | null; ms: number; stderr: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "cli/main.ts", "import", feed], {
      env: { ...process.env, DATABASE_URL: dbFile },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-5000)));
    child.on("close", (code) => resolve({ code, ms: performance.now() - started, stderr }));
  });
}

/** VmRSS and VmHWM (the peak) of a process, in bytes. */
function residentMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** With `feed`, imports it into a fresh store at `dbFile` first; without, measures the store already there (`--db`). */
export async function runScale(opts: { feed?: string; dbFile: string; runs: number; log: (s: string) => void }): Promise<ScaleResult> {
  let imported = { code: 0 as number | null, ms: NaN, stderr: "" };
  if (opts.feed) {
    opts.log(`scale: importing ${opts.feed} into a fresh store`);
    fs.rmSync(opts.dbFile, { force: true });
    imported = await importFeed(opts.feed, opts.dbFile);
  }
  const result: ScaleResult = {
    importMs: imported.ms,
    importCode: imported.code,
    importError: imported.code === 0 ? null : imported.stderr.trim().split("\n").slice(-3).join(" | "),
    rssStarted: NaN,
    rssAfterSearches: NaN,
    rssPeak: NaN,
    api: { broad: NaN, selective: NaN },
  };
  if (imported.code !== 0) return result;

  opts.log("scale: starting the built server on the store");
  const server = await startServer({ dbFile: opts.dbFile, demoTrips: 0 });
  try {
    result.rssStarted = residentMemory(server.pid).rss;
    for (const cls of ["broad", "selective"] as const) {
      const samples: number[] = [];
      for (const q of QUERIES.filter((x) => x.cls === cls)) {
        for (let k = 0; k < opts.runs + 2; k++) {
          const started = performance.now();
          // A cookie, so a cache in front of the search could not answer for it.
          const res = await fetch(`${server.url}/api/search?${q.qs}`, { headers: { cookie: "bench=1" } });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`/api/search?${q.qs} answered ${res.status}`);
          if (k >= 2) samples.push(performance.now() - started);
        }
      }
      result.api[cls] = percentile(samples, 50);
    }
    const after = residentMemory(server.pid);
    result.rssAfterSearches = after.rss;
    result.rssPeak = after.peak;
  } finally {
    await server.stop();
  }
  return result;
}
