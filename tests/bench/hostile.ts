// `npm run bench:hostile [-- options]`: the built server under hostile traffic mixed with normal
// browsing (docs/api.md, "Security headers" and the general rules it exercises). For `--duration`
// seconds, 16 connections in all:
//
// - `--normal` connections browse as visitors do (landing page, searches, the API, the map's points,
//   the log-in page, a static file), and their latency is the figure that matters: normal pages'
//   p50/p99 while under attack, beside the same browsing measured alone just before;
// - the rest send hostile requests in a loop: forged Host and X-Forwarded-Host, TRACE, a 1 MB body
//   announced in Content-Length, banner beacons and click-outs repeated, a beacon without Origin,
//   open-redirect and hostile query strings, undecodable paths, cross-site form posts, forged
//   unsubscribe tokens, wrong passwords, and one connection streaming a 400 MB chunked body again
//   and again (each answered 413 once past 64 KiB).
//
// It reports every answer seen by request, the server's memory (sampled every second), and exits
// non-zero on any 5xx or when the memory keeps growing after the first quarter of the run.
import autocannon from "autocannon";
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { startServer, type TestServer } from "../support/server";

const USAGE = `Usage: npm run bench:hostile [-- options]

  --duration S     seconds of load (default 60)
  --connections N  connections in all (default 16)
  --normal N       of which browse normally (default 4)
  --trips N        demo trips the server seeds (default 20000)
  -h, --help       print this help`;

const args = (() => {
  try {
    return parseArgs({
      options: {
        duration: { type: "string", default: "60" },
        connections: { type: "string", default: "16" },
        normal: { type: "string", default: "4" },
        trips: { type: "string", default: "20000" },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
})();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const duration = Number(args.duration);
const connections = Number(args.connections);
const normal = Number(args.normal);
const trips = Number(args.trips);
if (![duration, connections, normal, trips].every((n) => Number.isInteger(n) && n > 0) || normal + 2 > connections) {
  console.error(`the options must be positive integers, with --normal at most --connections minus 2\n\n${USAGE}`);
  process.exit(2);
}
const log = (s: string) => process.stderr.write(`· ${s}\n`);

/** The server process's resident memory in MiB. */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

type Req = { label: string; method?: string; path: string; headers?: Record<string, string>; body?: string };

/** What a visitor's browser asks for. */
function browsing(tripId: string): Req[] {
  return [
    { label: "landing", path: "/" },
    { label: "results", path: "/skirejser" },
    { label: "results, France by price", path: "/skirejser?destinationSlugs=frankrig&sort=price%3Aasc" },
    { label: "results, page 2", path: "/skirejser?page=2" },
    { label: "results, filtered", path: "/skirejser?mealPlanTypes=halvpension&minRating=3" },
    { label: "api search", path: "/api/search?destinationSlugs=val-thorens&adultCount=4" },
    { label: "api map", path: "/api/map?destinationSlugs=frankrig" },
    { label: "api destinations", path: "/api/destinations?q=val" },
    { label: "log-in page", path: "/konto/log-ind" },
    { label: "favicon", path: "/favicon.svg" },
    { label: "offer click-out", path: `/ud/${encodeURIComponent(tripId)}` },
  ];
}

/** What an attacker sends. */
function hostile(base: string, tripId: string, bannerId: number): Req[] {
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const ours = { Origin: base };
  return [
    {
      label: "forged Host",
      path: "/skirejser?sort=price%3Aasc",
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example:8443" },
    },
    { label: "forged Host, data", path: "/skirejser.data?sort=price%3Aasc", headers: { "X-Forwarded-Host": "evil.example" } },
    { label: "TRACE", method: "TRACE", path: "/" },
    { label: "1 MB body announced", method: "POST", path: "/api/facet-numbers", headers: ours, body: "a".repeat(1024 * 1024) },
    {
      label: "beacon repeated",
      method: "POST",
      path: "/api/banner-events",
      headers: ours,
      body: JSON.stringify({ bannerId, kind: "view" }),
    },
    { label: "beacon, no Origin", method: "POST", path: "/api/banner-events", body: JSON.stringify({ bannerId, kind: "click" }) },
    { label: "click-out repeated", path: `/ud/${encodeURIComponent(tripId)}?aff=bot` },
    { label: "banner link repeated", path: `/banner/${bannerId}` },
    { label: "open redirect", path: "/konto/log-ind?redirectTo=%2F.%2F%2Fevil.example" },
    { label: "hostile query", path: "/skirejser?adultCount=-1&weeks=54,x&bbox=1,2&sort=%3Cscript%3E&page=99999&minPrice=1e400" },
    { label: "undecodable path", path: "/skirejser/%E0%A4%A" },
    { label: "NUL trip id", path: "/ud/%00" },
    {
      label: "cross-site form",
      method: "POST",
      path: "/konto/opret",
      headers: { ...form, Origin: "https://evil.example" },
      body: "email=a%40b.dk",
    },
    {
      label: "forged unsubscribe",
      method: "POST",
      path: `/soegeagenter/afmeld/1.${"A".repeat(43)}`,
      headers: { ...form, Origin: "https://mail.example" },
      body: "List-Unsubscribe=One-Click",
    },
    {
      label: "wrong password",
      method: "POST",
      path: "/konto/log-ind",
      headers: { ...form, ...ours },
      body: "email=anna%40example.dk&password=gaet&redirectTo=%2F.%2F%2Fevil.example",
    },
    { label: "POST to a page", method: "POST", path: "/", headers: ours, body: "{}" },
  ];
}

/** Streams a chunked body of up to `maxBytes` until the server answers; how much had been sent by then. */
function flood(base: string, maxBytes: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request({
      host: hostname,
      port,
      path: "/konto/log-ind",
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Transfer-Encoding": "chunked" },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    req.on("error", (error) => (answered ? undefined : reject(error)));
    req.on("response", (res) => {
      answered = true;
      const at = sent;
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, sent: at });
      });
    });
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

type Tally = Map<string, Map<number | string, number>>;

function count(tally: Tally, label: string, outcome: number | string) {
  const byOutcome = tally.get(label) ?? new Map<number | string, number>();
  byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
  tally.set(label, byOutcome);
}

/** One hostile connection: sends the requests in turn, over and over, until `until`; tallies each one's status (or socket error) by its label. */
async function hostileConnection(base: string, requests: Req[], until: number, tally: Tally): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  for (let i = 0; Date.now() < until; i = (i + 1) % requests.length) {
    const { label, method = "GET", path, headers = {}, body } = requests[i];
    const outcome = await new Promise<number | string>((resolve) => {
      const req = http.request({ agent, host: hostname, port, method, path, headers, timeout: 30_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
        res.on("error", () => resolve(res.statusCode!));
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end(body);
    });
    count(tally, label, outcome);
  }
  agent.destroy();
}

/** Tallies each request's status codes by its label (autocannon, normal browsing: no connection is closed under it). */
function tallied(requests: Req[], tally: Tally) {
  return requests.map(({ label, ...request }) => ({ ...request, onResponse: (status: number) => count(tally, label, status) }));
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function main(): Promise<number> {
  log(`starting the built server on a fresh database with ${trips} demo trips`);
  const server: TestServer & { pid: number } = await startServer({ demoTrips: trips });
  try {
    const base = server.url;
    const search = (await (await fetch(`${base}/api/search`)).json()) as { items: Array<{ trip: { id: string } }> };
    const tripId = search.items[0].trip.id;
    const bannerId = Number(/data-banner-id="(\d+)"/.exec(await (await fetch(`${base}/skirejser`)).text())?.[1] ?? 1);

    const normalTally: Tally = new Map();
    const hostileTally: Tally = new Map();
    log(`warming up, then normal browsing alone on ${normal} connections for ${Math.min(duration, 20)} s`);
    await autocannon({ url: base, connections: normal, duration: 2, requests: tallied(browsing(tripId), new Map()) });
    const alone = await autocannon({
      url: base,
      connections: normal,
      duration: Math.min(duration, 20),
      requests: tallied(browsing(tripId), new Map()),
    });

    const memory: number[] = [rssMiB(server.pid)];
    const sampler = setInterval(() => memory.push(rssMiB(server.pid)), 1000);
    const floods: Array<{ status: number; sent: number }> = [];
    const floodErrors: string[] = [];
    let flooding = true;
    const floodLoop = (async () => {
      while (flooding) {
        try {
          floods.push(await flood(base, 400 * 1024 * 1024));
        } catch (error) {
          floodErrors.push(error instanceof Error ? error.message : String(error));
        }
      }
    })();
    log(`${connections} connections for ${duration} s: ${normal} browsing, ${connections - normal - 1} hostile, 1 streaming 400 MB bodies`);
    const until = Date.now() + duration * 1000;
    const attackers = Array.from({ length: connections - normal - 1 }, () =>
      hostileConnection(base, hostile(base, tripId, bannerId), until, hostileTally),
    );
    const underAttack = await autocannon({ url: base, connections: normal, duration, requests: tallied(browsing(tripId), normalTally) });
    await Promise.all(attackers);
    flooding = false;
    await floodLoop;
    clearInterval(sampler);
    memory.push(rssMiB(server.pid));

    const outcomes = [...normalTally.values(), ...hostileTally.values()].flatMap((byOutcome) => [...byOutcome]);
    const fivexx = outcomes.filter(([o]) => typeof o === "number" && o >= 500).reduce((n, [, c]) => n + c, 0);
    const hostileCount = [...hostileTally.values()].flatMap((b) => [...b.values()]).reduce((a, b) => a + b, 0);
    const quarter = (q: number) => memory[Math.min(memory.length - 1, Math.round(((memory.length - 1) * q) / 4))];
    console.log(`\nHostile load: ${connections} connections, ${duration} s, ${trips} demo trips\n`);
    console.log(`Normal browsing, ${normal} connections (latency per request)`);
    console.log(`  alone          p50 ${ms(alone.latency.p50)}  p99 ${ms(alone.latency.p99)}  ${Math.round(alone.requests.average)} req/s`);
    console.log(
      `  under attack   p50 ${ms(underAttack.latency.p50)}  p99 ${ms(underAttack.latency.p99)}  ${Math.round(underAttack.requests.average)} req/s` +
        `  (p99 × ${(underAttack.latency.p99 / alone.latency.p99).toFixed(2)} of alone)`,
    );
    console.log(`\nRequests and their answers (${connections - normal - 1} hostile connections: ${hostileCount} requests)`);
    const rows = [...[...normalTally].map(([l, t]) => [`normal: ${l}`, t] as const), ...[...hostileTally].map(([l, t]) => [l, t] as const)];
    for (const [label, byOutcome] of rows) {
      const codes = [...byOutcome].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, c]) => `${s} × ${c}`);
      console.log(`  ${label.padEnd(34)} ${codes.join(", ")}`);
    }
    const sent = floods.map((f) => f.sent / 1024 / 1024);
    console.log(
      `\n400 MB chunked bodies: ${floods.length} answered (${[...new Set(floods.map((f) => f.status))].join(", ")}), ` +
        `sent before the answer at most ${Math.max(0, ...sent).toFixed(1)} MiB (socket buffers included), errors ${floodErrors.length}`,
    );
    console.log(
      `Server memory (RSS, MiB): ${[0, 1, 2, 3, 4].map((q) => quarter(q).toFixed(0)).join(" → ")} (start, each quarter, end); at most ${Math.max(...memory).toFixed(0)}`,
    );
    console.log(`5xx answers: ${fivexx}`);
    // Flat: after the first quarter (caches and heap filled), the memory does not keep growing.
    const lateGrowth = Math.max(...memory.slice(Math.floor(memory.length / 4))) - quarter(1);
    console.log(`Growth after the first quarter: ${lateGrowth.toFixed(0)} MiB`);
    return fivexx === 0 && lateGrowth <= 64 ? 0 : 1;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
