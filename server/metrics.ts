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
  const one = (sql: string) => Number(db.$client.prepare(sql).pluck().get() ?? 0);
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
      const at = db.$client.prepare("SELECT max(at) FROM imports WHERE error IS NULL").pluck().get() as number | null;
      if (at !== null) this.set((Date.now() - at) / 1000);
    },
  });
  new client.Counter({
    name: "pistepris_agent_emails_total",
    help: "Search agents' e-mails sent and failed, by every notify run recorded in the store",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: "sent" }, one("SELECT coalesce(sum(messages), 0) FROM notify_runs"));
      this.inc({ result: "failed" }, one("SELECT coalesce(sum(failed), 0) FROM notify_runs"));
    },
  });
  new client.Counter({
    name: "pistepris_import_lines_total",
    help: "Feed lines imported (accepted) and rejected, by every import recorded in the store",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: "accepted" }, one("SELECT coalesce(sum(lines - rejected), 0) FROM imports WHERE error IS NULL"));
      this.inc({ result: "rejected" }, one("SELECT coalesce(sum(rejected), 0) FROM imports"));
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

/** Whether the request may read the metrics: a matching bearer token when one is configured, else loopback only. */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token === undefined) return LOOPBACK.test(req.socket.remoteAddress ?? "");
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
