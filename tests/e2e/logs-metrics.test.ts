import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/accounts/password.server";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { launchServer, type LaunchedServer } from "../support/server";

// The request log and /metrics (docs/operations.md): with LOG_FORMAT=json every request is one JSON
// line with the id the response sends back, and no line names an e-mail, a password, a cookie, a
// token or the client's address; /metrics parses as Prometheus' text format, and its series move
// after a search and an import.

const EMAIL = "logbruger@example.dk";
const PASSWORD = "log-og-maal-2027";
const SIGN_UP = "ny-logbruger@example.dk";
let server: LaunchedServer;
let url: string;

beforeAll(async () => {
  server = launchServer({ demoTrips: 300, env: { LOG_FORMAT: "json" } });
  url = await server.ready;
  const db = new Database(server.dbFile);
  db.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(EMAIL, await hashPassword(PASSWORD));
  db.close();
}, 200_000);
afterAll(async () => {
  if (!server) return;
  if (server.running()) server.signal("SIGTERM");
  await server.exited;
  fs.rmSync(server.dir, { recursive: true, force: true });
});

/** The server's JSON log lines; every line that starts with { must parse. */
function jsonLines(): Array<Record<string, unknown>> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function metricsText(): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return res.text();
}

/**
 * One series of a family as the parser reads it: the family's HELP and TYPE lines with only the
 * samples whose labels include `labels` (the parser merges a histogram's series into one, and
 * reads a histogram's count and sum only without other labels).
 */
function series(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const lines = text
    .split("\n")
    .filter(
      (line) =>
        line === `# HELP ${name} ${line.slice(`# HELP ${name} `.length)}` ||
        line.startsWith(`# TYPE ${name} `) ||
        (new RegExp(`^${name}(_bucket|_sum|_count)?[{ ]`).test(line) && wanted.every((w) => line.includes(w))),
    );
  // The chosen series alone, its labels but `le` dropped: the parser keeps a labelled histogram's count and sum only so.
  const alone = lines.map((line) =>
    line.startsWith("#")
      ? line
      : line.replace(/\{([^}]*)\}/, (_, inner: string) => (/le="[^"]*"/.test(inner) ? `{${/le="[^"]*"/.exec(inner)![0]}}` : "")),
  );
  const [family] = parsePrometheusTextFormat(alone.join("\n") + "\n");
  expect(family, `${name} ${JSON.stringify(labels)}`).toBeDefined();
  return family;
}

const valueOf = (text: string, name: string, labels: Record<string, string> = {}) => Number(series(text, name, labels).metrics[0].value);
const countOf = (text: string, name: string, labels: Record<string, string>) => Number(series(text, name, labels).metrics[0].count ?? 0);

describe("the request log", () => {
  it("writes one JSON line per request with the response's request id, and nothing personal", async () => {
    const answers: Array<{ id: string; method: string; route: string; status: number }> = [];
    const call = async (pathname: string, route: string, init: RequestInit = {}) => {
      const res = await fetch(`${url}${pathname}`, { redirect: "manual", ...init });
      await res.arrayBuffer();
      const id = res.headers.get("x-request-id");
      expect(id, pathname).toBeTruthy();
      answers.push({ id: id!, method: init.method ?? "GET", route, status: res.status });
      return res;
    };
    const sent = await call("/api/search?sort=price:asc", "/api/search", { headers: { "x-request-id": "proxy-id-42" } });
    expect(sent.headers.get("x-request-id")).toBe("proxy-id-42");
    const insane = await call("/skirejser", "/skirejser", { headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await call("/skirejser", "/skirejser");
    const form = (body: Record<string, string>) => ({ method: "POST", headers: { origin: url }, body: new URLSearchParams(body) });
    await call("/konto/log-ind", "/konto/log-ind", form({ email: EMAIL, password: "forkert-kode-123" }));
    const loggedIn = await call("/konto/log-ind", "/konto/log-ind", form({ email: EMAIL, password: PASSWORD }));
    expect(loggedIn.status).toBe(302);
    const cookie = loggedIn.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookie.join("")).toMatch(/__pistepris=/);
    await call("/konto", "/konto", { headers: { cookie: cookie.join("; ") } });
    await call("/konto/opret", "/konto/opret", form({ email: SIGN_UP }));
    await call("/konto/bekraeft/EnHemmeligToken123", "/konto/bekraeft/:token");
    await call(`/ophold/findes-ikke?email=${encodeURIComponent(EMAIL)}`, "/ophold/:id");

    await expect.poll(() => answers.every((a) => jsonLines().some((l) => l.reqId === a.id)), { timeout: 10_000 }).toBe(true);
    const lines = jsonLines();
    for (const answer of answers) {
      const mine = lines.filter((l) => l.reqId === answer.id);
      expect(mine, answer.route).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: "request", method: answer.method, route: answer.route, status: answer.status });
      expect(mine[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(mine[0].ms).toEqual(expect.any(Number));
      expect(mine[0].bytes).toEqual(expect.any(Number));
    }
    const search = lines.find((l) => l.reqId === "proxy-id-42")!;
    expect(search.searchMs).toEqual(expect.any(Number));
    expect(search.bytes).toBeGreaterThan(1000);

    // The whole log of this server, every line: none of the secrets.
    const log = server.output();
    for (const secret of [EMAIL, SIGN_UP, PASSWORD, "forkert-kode-123", "EnHemmeligToken123", ...cookie.map((c) => c.split("=")[1])])
      expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/logbruger%40/);
    for (const line of lines.filter((l) => l.msg === "request")) expect(JSON.stringify(line)).not.toContain("127.0.0.1");
  });
});

/** The series the server exports on purpose (docs/operations.md#metrics), beside Node's defaults. */
const OUR_SERIES = [
  "http_request_duration_seconds",
  "pistepris_search_duration_seconds",
  "pistepris_page_cache_requests_total",
  "pistepris_store_generation",
  "pistepris_engine_generation",
  "pistepris_last_import_age_seconds",
  "pistepris_agent_emails_total",
  "pistepris_import_lines_total",
];

describe("/metrics", () => {
  it("parses as Prometheus' text format, with the series moving after a search and an import", async () => {
    const before = await metricsText();
    const families = new Set(parsePrometheusTextFormat(before).map((f) => f.name));
    for (const name of [...OUR_SERIES, "process_cpu_seconds_total", "nodejs_eventloop_lag_seconds"]) expect(families, name).toContain(name);
    const results = { engine: "embedded", kind: "results" };
    const searchesBefore = countOf(before, "pistepris_search_duration_seconds", results);
    const requestsBefore = countOf(before, "http_request_duration_seconds", { route: "/api/search", status_class: "2xx" });
    const generationBefore = valueOf(before, "pistepris_store_generation");
    const acceptedBefore = valueOf(before, "pistepris_import_lines_total", { result: "accepted" });
    const rejectedBefore = valueOf(before, "pistepris_import_lines_total", { result: "rejected" });
    expect(valueOf(before, "pistepris_engine_generation")).toBe(generationBefore);

    expect((await fetch(`${url}/api/search?destinations=frankrig`)).status).toBe(200);
    const feed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-metrics-")), "feed.ndjson");
    fs.writeFileSync(
      feed,
      [
        ...Array.from({ length: 3 }, (_, k) => JSON.stringify(trip({ id: `maal-${k}`, departureDate: departureInDays(40 + k) }))),
        "{ikke json",
      ].join("\n") + "\n",
    );
    const imported = await runIndexer(["import", feed], { DATABASE_URL: server.dbFile });
    expect(imported.code).toBe(1);
    fs.rmSync(path.dirname(feed), { recursive: true, force: true });

    await expect
      .poll(async () => valueOf(await metricsText(), "pistepris_engine_generation"), { timeout: 30_000 })
      .toBe(generationBefore + 1);
    const after = await metricsText();
    expect(countOf(after, "pistepris_search_duration_seconds", results)).toBe(searchesBefore + 1);
    expect(countOf(after, "http_request_duration_seconds", { route: "/api/search", status_class: "2xx" })).toBe(requestsBefore + 1);
    expect(valueOf(after, "pistepris_store_generation")).toBe(generationBefore + 1);
    expect(valueOf(after, "pistepris_import_lines_total", { result: "accepted" })).toBe(acceptedBefore + 3);
    expect(valueOf(after, "pistepris_import_lines_total", { result: "rejected" })).toBe(rejectedBefore + 1);
    expect(valueOf(after, "pistepris_last_import_age_seconds")).toBeLessThan(60);
    expect(valueOf(after, "pistepris_page_cache_requests_total", { result: "miss" })).toBeGreaterThan(0);
    expect(valueOf(after, "pistepris_page_cache_requests_total", { result: "hit" })).toBeGreaterThan(0);
    // Scrapes are not logged.
    expect(jsonLines().filter((l) => l.route === "/metrics")).toEqual([]);
  });
});

/** Prometheus' own series and the blackbox exporter's, which the dashboard and the alerts also use. */
const SCRAPER_SERIES = new Set(["up", "probe_success"]);
const PROMQL_WORDS = new Set([
  "sum",
  "rate",
  "increase",
  "histogram_quantile",
  "by",
  "without",
  "or",
  "and",
  "unless",
  "avg",
  "max",
  "min",
  "count",
]);

/** The series a PromQL expression reads: its words, less strings, label matchers, ranges, groupings and PromQL's own words. */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without)\s*\([^)]*\)/g, "");
  return (bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word));
}

describe("the Grafana dashboard and the alert rules (docs/operations/)", () => {
  it("ask only for series the server exports, and the dashboard is a Grafana dashboard on a chosen Prometheus", async () => {
    const families = new Set(parsePrometheusTextFormat(await metricsText()).map((f) => f.name));
    const exported = (name: string) =>
      SCRAPER_SERIES.has(name) || families.has(name) || families.has(name.replace(/_(bucket|sum|count)$/, ""));

    const dashboard = JSON.parse(fs.readFileSync("docs/operations/grafana-dashboard.json", "utf8")) as {
      uid: string;
      schemaVersion: number;
      templating: { list: Array<{ name: string; type: string; query: string }> };
      panels: Array<{
        id: number;
        title: string;
        datasource: { type: string; uid: string };
        gridPos: { x: number; w: number };
        targets: Array<{ expr: string }>;
      }>;
    };
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }),
    );
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const alerts = [...fs.readFileSync("docs/operations/alerts.yml", "utf8").matchAll(/^\s*expr: (.+)$/gm)].map((m) => m[1]);
    expect(alerts).toHaveLength(4);
    const expressions = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...alerts];
    for (const panel of dashboard.panels) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    }
    const used = new Set(expressions.flatMap(seriesIn));
    // Every series the server exports on purpose has a panel (a histogram's through its buckets).
    for (const name of OUR_SERIES) expect(used.has(name) || used.has(`${name}_bucket`), name).toBe(true);
    expect([...used].filter((name) => !exported(name))).toEqual([]);
  });
});

describe("the CLI with LOG_FORMAT=json", () => {
  it("keeps its Danish error and also writes it to the log as one JSON line", async () => {
    const missing = path.join(os.tmpdir(), `pistepris-findes-ikke-${process.pid}.db`);
    const ran = await runIndexer(["stats"], { DATABASE_URL: missing, LOG_FORMAT: "json" });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`Fejl: Databasen ${missing} findes ikke`);
    const json = ran.stderr.split("\n").filter((line) => line.startsWith("{"));
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0])).toMatchObject({
      level: "error",
      command: "stats",
      msg: expect.stringContaining(`Databasen ${missing} findes ikke`),
    });
    expect(ran.stdout).toBe("");
  });

  it("writes an error that names an account to the log without its e-mail address", async () => {
    const ran = await runIndexer(["operators", "add", "ukendt.drift@example.dk"], { DATABASE_URL: server.dbFile, LOG_FORMAT: "json" });
    expect(ran.code).not.toBe(0);
    // The operator's terminal names the address they typed; the log line does not.
    expect(ran.stderr).toContain("Fejl: der er ingen konto med e-mailen ukendt.drift@example.dk");
    const json = ran.stderr.split("\n").filter((line) => line.startsWith("{"));
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0])).toMatchObject({ command: "operators", msg: expect.stringContaining("ingen konto med e-mailen [skjult]") });
    expect(json[0]).not.toContain("ukendt.drift@example.dk");
  });
});

// Last in this file: it stops the server.
describe("standard output with LOG_FORMAT=json", () => {
  it("is JSON lines only, the start's and the stop's lines included", async () => {
    server.signal("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = server.stdout().trimEnd().split("\n");
    const parsed = lines.map((line) => JSON.parse(line) as { level: string; time: string; msg: string });
    const own = parsed.filter((l) => l.msg !== "request").map((l) => l.msg);
    expect(own[0]).toMatch(/^Lytter på http:\/\/127\.0\.0\.1:\d+ \(\/healthz, \/readyz\); starter …$/);
    expect(own).toContainEqual(expect.stringMatching(/^Tom database: indlæser 300 demo-rejser …$/));
    expect(own).toContainEqual(expect.stringMatching(/^Demo-data indlæst: 300 rejser på [\d.]+ s\.$/));
    expect(own.slice(-3)).toEqual([
      expect.stringMatching(/^Søgemaskine: embedded, generation \d+$/),
      expect.stringMatching(/^Pistepris kører på http:\/\/127\.0\.0\.1:\d+$/),
      "SIGTERM: serveren stopper …",
    ]);
    for (const line of parsed) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(new Set(parsed.filter((l) => l.msg !== "request").map((l) => l.level))).toEqual(new Set(["info"]));
  });
});
