import type { NextFunction, Request, Response } from "express";
import crypto from "node:crypto";
import client from "prom-client";
import type { Db } from "../db/client";
import { readGeneration } from "../db/generation";
import type { SearchKind } from "./search-timing";

// GET /metrics in Prometheus' text format (prom-client; the series and the alerts built on them are
// in docs/operations.md and docs/operations/). What this process sees is counted as it happens
// (requests, searches, the page cache); what other processes do (imports, the agents' e-mails from
// `indexer notify`) is read from the store at each scrape, so it is right whichever process did it.
// Only from loopback, unless METRICS_TOKEN is set: then from anywhere with that bearer token.

export interface Metrics {
  registry: client.Registry;
  request(route: string, status: number, seconds: number, pageCache: string | undefined): void;
  search(engine: string, kind: SearchKind, seconds: number): void;
}

export function createMetrics(db: Db, engine: () => { generation(): number } | undefined): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern and status class",
    labelNames: ["route", "status_class"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const searches = new client.Histogram({
    name: "pistepris_search_duration_seconds",
    help: "Time the search engine took, by engine and kind (results, facets, map, offers)",
    labelNames: ["engine", "kind"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "pistepris_page_cache_requests_total",
    help: "Pages answered from the page cache (hit) or rendered (miss)",
    labelNames: ["result"],
    registers: [registry],
  });
  // Prepared once: a scrape runs them every 15 s or so, for as long as the process lives.
  const lastImport = db.$client.prepare("SELECT max(at) FROM imports WHERE error IS NULL").pluck();
  const emails = db.$client.prepare<[], { sent: number; failed: number }>(
    "SELECT coalesce(sum(messages), 0) AS sent, coalesce(sum(failed), 0) AS failed FROM notify_runs",
  );
  const lines = db.$client.prepare<[], { accepted: number; rejected: number }>(
    "SELECT coalesce(sum(lines - rejected) FILTER (WHERE error IS NULL), 0) AS accepted, coalesce(sum(rejected), 0) AS rejected FROM imports",
  );
  new client.Gauge({
    name: "pistepris_store_generation",
    help: "The store's index generation (bumped by every import)",
    registers: [registry],
    collect() {
      this.set(readGeneration(db));
    },
  });
  new client.Gauge({
    name: "pistepris_engine_generation",
    help: "The generation the search engine serves (behind the store's while it builds)",
    registers: [registry],
    collect() {
      const served = engine();
      if (served) this.set(served.generation());
    },
  });
  new client.Gauge({
    name: "pistepris_last_import_age_seconds",
    help: "Seconds since the last import that imported something",
    registers: [registry],
    collect() {
      const at = lastImport.get() as number | null;
      if (at !== null) this.set((Date.now() - at) / 1000);
    },
  });
  new client.Counter({
    name: "pistepris_agent_emails_total",
    help: "Search agents' e-mails sent and failed, by every notify run recorded in the store",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      const { sent, failed } = emails.get()!;
      this.reset();
      this.inc({ result: "sent" }, sent);
      this.inc({ result: "failed" }, failed);
    },
  });
  new client.Counter({
    name: "pistepris_import_lines_total",
    help: "Feed lines imported (accepted) and rejected, by every import recorded in the store",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      const { accepted, rejected } = lines.get()!;
      this.reset();
      this.inc({ result: "accepted" }, accepted);
      this.inc({ result: "rejected" }, rejected);
    },
  });
  return {
    registry,
    request(route, status, seconds, cache) {
      requests.observe({ route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      if (cache === "hit" || cache === "miss") pageCache.inc({ result: cache });
    },
    search(engineName, kind, seconds) {
      searches.observe({ engine: engineName, kind }, seconds);
    },
  };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Headers a reverse proxy adds: behind one on the same host, every visitor's request comes from loopback. */
const PROXIED = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * Whether the request may read the metrics: a matching bearer token when one is configured, else
 * loopback only, and not through a proxy (docs/operations.md#metrics).
 */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token === undefined) return LOOPBACK.test(req.socket.remoteAddress ?? "") && PROXIED.every((h) => req.get(h) === undefined);
  const sent = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
  const a = crypto.createHash("sha256").update(sent).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /metrics; 404 (as for any unknown page) to whoever may not read it. */
export function metricsRoute(metrics: () => Metrics | undefined, token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/metrics") return next();
    const ready = metrics();
    if (!ready || !mayReadMetrics(req, token) || req.method !== "GET") return next();
    void ready.registry
      .metrics()
      .then((body) => res.status(200).set({ "Content-Type": ready.registry.contentType, "Cache-Control": "no-store" }).send(body), next);
  };
}
