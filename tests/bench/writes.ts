import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { hashPassword } from "~/services/accounts/password.server";
import { departureInDays, trip } from "../support/feed";
import { startServer } from "../support/server";

// The writes section: the web server's latency for the requests that write to the store (log-in,
// a banner event, an offer click-out) at a steady rate, first with nothing else going on, then
// while the operators' CLI imports the bench feed into the same store. It runs a checkout's own
// built server and CLI, so the same measurement can be taken of an earlier commit (--baseline).

export const WRITE_REQUESTS = ["log-in", "banner event", "click-out"] as const;
export type WriteRequest = (typeof WRITE_REQUESTS)[number];
/** The probe's writes (write-probe.ts): the store's own wait, without HTTP and rendering. */
export const PROBE = "direct write (probe)";
/** idle: nothing else going on; import: while the CLI runs; swap: from its end until the server answers from the new data, plus 2 s. */
export const PHASES = ["idle", "import", "swap"] as const;
export type Phase = (typeof PHASES)[number];

/** Requests per second of each kind: a busy evening's writes, small enough not to be the load themselves. */
const RATES: Record<WriteRequest, number> = { "log-in": 4, "banner event": 20, "click-out": 20 };
/** A request still unanswered after this long counts as failed. */
const REQUEST_TIMEOUT_MS = 120_000;
const OTHER = { slug: "bench-andet", name: "Bench Andet" };
const EMAIL = "bench@example.dk";
const PASSWORD = "bench-kode-123";

export interface WriteSample {
  request: WriteRequest | typeof PROBE;
  phase: Phase;
  ms: number;
  /** 2xx or 3xx. */
  ok: boolean;
}

export interface WritesResult {
  label: string;
  samples: WriteSample[];
  importMs: number;
  importCode: number | null;
  /** From the import's end until the server answered from the new data. */
  swapMs: number;
  error: string | null;
}

function run(root: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; ms: number; stderr: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "cli/main.ts", ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-5000)));
    child.on("close", (code) => resolve({ code, ms: performance.now() - started, stderr }));
  });
}

/** Measures `root`'s server while `root`'s CLI imports `feed` (NDJSON) into a store holding another company's offers. */
export async function runWrites(opts: {
  root: string;
  label: string;
  feed: string;
  dir: string;
  idleMs: number;
  log: (s: string) => void;
}) {
  const out: WritesResult = { label: opts.label, samples: [], importMs: NaN, importCode: null, swapMs: NaN, error: null };
  const dbFile = path.join(opts.dir, `writes-${out.label.replace(/\W+/g, "-")}.db`);
  const env = { DATABASE_URL: dbFile, SMTP_URL: "", OUTBOX_DIR: path.join(opts.dir, "outbox") };
  const other = path.join(opts.dir, "writes-other.ndjson");
  const otherLines = Array.from({ length: 200 }, (_, k) =>
    trip({
      id: `bench-andet-${k}`,
      travelCompany: OTHER,
      departureDate: departureInDays(30 + (k % 60)),
      price: 2 * (4000 + k),
      pricePerPerson: 4000 + k,
      originalPrice: null,
    }),
  );
  fs.writeFileSync(other, otherLines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const seeded = await run(opts.root, ["import", other], env);
  if (seeded.code !== 0) {
    out.error = `the other company's feed did not import (${seeded.code}): ${seeded.stderr.slice(-300)}`;
    return out;
  }
  const store = new Database(dbFile);
  store.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(EMAIL, await hashPassword(PASSWORD));
  // A store filled by imports gets no demo banners (cli/seed.ts): the banner events need one.
  store
    .prepare("INSERT INTO banners (provider, url, image, position) VALUES (?, ?, ?, ?)")
    .run("Bench", "https://example.com/", "/banners/alpeforsikring.svg", 3);
  store.close();

  const server = await startServer({ dbFile, root: opts.root, demoTrips: 0, env });
  try {
    const base = server.url;
    const bannerDb = new Database(dbFile, { readonly: true });
    const bannerId = bannerDb.prepare("SELECT id FROM banners ORDER BY id LIMIT 1").pluck().get() as number;
    bannerDb.close();
    const origin = { origin: base };
    let clicks = 0;
    const send: Record<WriteRequest, () => Promise<Response>> = {
      "log-in": () =>
        fetch(`${base}/konto/log-ind`, {
          method: "POST",
          headers: origin,
          body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
      "banner event": () =>
        fetch(`${base}/api/banner-events`, {
          method: "POST",
          headers: { ...origin, "content-type": "application/json" },
          body: JSON.stringify({ bannerId, kind: "view" }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
      "click-out": () =>
        fetch(`${base}/ud/bench-andet-${clicks++ % otherLines.length}`, {
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
    };
    let phase: Phase = "idle";
    const probe = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "write-probe.ts"), dbFile, "50"], {
      cwd: path.join(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "ignore"],
    });
    let probeOut = "";
    probe.stdout.on("data", (d: Buffer) => {
      probeOut += d.toString();
      const lines = probeOut.split("\n");
      probeOut = lines.pop()!;
      for (const line of lines) out.samples.push({ request: PROBE, phase, ms: line === "fail" ? NaN : Number(line), ok: line !== "fail" });
    });
    const pending = new Set<Promise<void>>();
    const timers = WRITE_REQUESTS.map((request) =>
      setInterval(() => {
        const at = phase;
        const started = performance.now();
        const p = send[request]()
          .then(async (res) => {
            await res.arrayBuffer();
            out.samples.push({ request, phase: at, ms: performance.now() - started, ok: res.status < 400 });
          })
          .catch(() => {
            out.samples.push({ request, phase: at, ms: performance.now() - started, ok: false });
          })
          .finally(() => pending.delete(p));
        pending.add(p);
      }, 1000 / RATES[request]),
    );
    try {
      await sleep(opts.idleMs);
      phase = "import";
      opts.log(`${out.label}: importing ${path.basename(opts.feed)} with that checkout's CLI while the writes go on`);
      const imported = await run(opts.root, ["import", opts.feed], env);
      out.importMs = imported.ms;
      out.importCode = imported.code;
      if (imported.code !== 0) out.error = `the import ended with ${imported.code}: ${imported.stderr.slice(-300)}`;
      phase = "swap";
      const swapStarted = performance.now();
      while (!(await serves(base, "alpetours")) && performance.now() - swapStarted < 120_000) await sleep(200);
      out.swapMs = performance.now() - swapStarted;
      await sleep(2000);
    } finally {
      for (const t of timers) clearInterval(t);
      probe.kill();
    }
    await Promise.allSettled([...pending]);
  } catch (e) {
    out.error = e instanceof Error ? e.message : String(e);
  } finally {
    await server.stop();
  }
  return out;
}

/** Whether the server finds trips of a company (the bench feed's, once the new data is live). */
async function serves(base: string, company: string): Promise<boolean> {
  const res = await fetch(`${base}/api/search?travelCompanies=${company}`).catch(() => null);
  return res !== null && ((await res.json()) as { totalCount: number }).totalCount > 0;
}
