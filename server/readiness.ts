import type { NextFunction, Request, Response } from "express";
import type { Db } from "../db/client";
import { readGeneration } from "../db/generation";
import type { StoreFile } from "../db/store-file";
import type { SearchEngine } from "../app/search/types";

// Health for load balancers, Docker and monitoring. GET /healthz answers 200 while the process
// runs (also while it starts). GET /readyz answers 200 only when every check passes, else 503
// with each check's result, e.g. {"ready":false,"checks":{"server":"ok","store":"Databasen … kan
// ikke skrives …","engine":"ok"}}. Neither is cached, counted or logged per request (they are
// answered before the request log, the page cache and Remix). The checks are plain functions by
// name, so /metrics can later export the same ones as gauges.

/** A reason the site is not ready, or undefined when this part is. */
export type Check = () => string | undefined | Promise<string | undefined>;

export interface Readiness {
  ready: boolean;
  /** "ok" or the reason, per check. */
  checks: Record<string, string>;
}

async function readiness(checks: Record<string, Check>): Promise<Readiness> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, string | undefined]> => {
      try {
        return [name, await check()];
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)];
      }
    }),
  );
  return {
    ready: results.every(([, reason]) => reason === undefined),
    checks: Object.fromEntries(results.map(([name, reason]) => [name, reason ?? "ok"])),
  };
}

/**
 * The check's result, reused for `ms`, one run at a time: a probe that writes the store or asks
 * Typesense is done at most once a second however often /readyz is asked (it is public).
 */
export function reusedFor(ms: number, check: Check): Check {
  let last: { at: number; result: Promise<string | undefined> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= ms) last = { at: Date.now(), result: Promise.resolve().then(check) };
    return last.result;
  };
}

/** How long the store's and Typesense's answers to /readyz are reused. */
const PROBE_REUSE_MS = 1_000;

/** How long an engine may serve an older generation than the store's while it rebuilds, before /readyz says it is stuck. */
const ENGINE_LAG_LIMIT_MS = 120_000;

export interface SiteParts {
  /** The start's progress: until "serving", and once "stopping", the site is not ready. */
  phase: () => "starting" | "serving" | "stopping";
  /** There once the store is open and the engine built. */
  parts: () => { db: Db; store: StoreFile; engine: SearchEngine } | undefined;
}

/**
 * The site's checks: the server has started and is not stopping; the store is the file at its
 * path and answers a read and a write; the engine serves the store's generation (or is catching up
 * on it: rebuilding for less than ENGINE_LAG_LIMIT_MS, or a Typesense build under way); Typesense,
 * where it is the engine, answers.
 */
export function siteChecks({ phase, parts }: SiteParts): Record<string, Check> {
  let behindSince: number | undefined;
  const writeProbe = reusedFor(PROBE_REUSE_MS, () => parts()?.store.probe()?.message);
  return {
    server: () => ({ starting: "serveren starter", serving: undefined, stopping: "serveren stopper" })[phase()],
    // A replaced file, a lost WAL or a failed write is known at once (store.problem(): two stat
    // calls); the write that proves the store takes one is reused.
    store: () => {
      const p = parts();
      return p ? (p.store.problem()?.message ?? writeProbe()) : "databasen er ikke åbnet endnu";
    },
    engine: () => {
      const p = parts();
      if (!p) return "søgemaskinen er ikke bygget endnu";
      const served = p.engine.generation();
      const stored = readGeneration(p.db);
      if (served === stored) {
        behindSince = undefined;
        return undefined;
      }
      behindSince ??= Date.now();
      const behind = Date.now() - behindSince;
      if (behind < ENGINE_LAG_LIMIT_MS || p.engine.building?.()) return undefined;
      return `søgemaskinen viser generation ${served}, databasen har ${stored} (i ${Math.round(behind / 1000)} s)`;
    },
    search: reusedFor(PROBE_REUSE_MS, async () => {
      const p = parts();
      return p?.engine.serverProblem ? p.engine.serverProblem() : undefined;
    }),
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

/** Answers GET/HEAD /healthz and /readyz; passes every other request on. */
export function healthRoutes(checks: Record<string, Check>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === "/healthz") {
      res.status(200).set(NO_STORE).json({ alive: true });
      return;
    }
    if (req.path !== "/readyz") return next();
    readiness(checks).then(
      (result) =>
        void res
          .status(result.ready ? 200 : 503)
          .set(NO_STORE)
          .json(result),
      next,
    );
  };
}
