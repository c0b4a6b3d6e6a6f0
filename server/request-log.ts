import type { NextFunction, Request, Response } from "express";
import crypto from "node:crypto";
import type { Logger } from "pino";
import { requestScope, type RequestScope } from "./search-timing";

// One log line per request (pino; docs/operations.md#logs): its id, method, route pattern, status,
// duration, bytes sent, and the search engine's time when a search ran. The id is the client's
// X-Request-Id when that is a sane value (a proxy's), else a new one, and is sent back. Nothing
// personal: no path (a path can hold a link's token or an e-mail), no query, no client address,
// no header. /healthz and /readyz answer before this and are not logged.

const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export interface RequestFacts {
  route: string;
  status: number;
  seconds: number;
  pageCache: string | undefined;
}

/** The request's id: a sane X-Request-Id as sent, else a new random one. */
function requestIdOf(header: string | undefined): string {
  return header !== undefined && SANE_ID.test(header) ? header : crypto.randomUUID();
}

export function requestLog(log: Logger, routeOf: () => (pathname: string) => string, observe: (facts: RequestFacts) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.get("x-request-id"));
    res.setHeader("X-Request-Id", id);
    const started = performance.now();
    let bytes = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const count = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") count(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    const scope: RequestScope = {};
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf()(req.path);
      const status = res.writableFinished ? res.statusCode : 499;
      const pageCache = res.getHeader("X-Page-Cache") as string | undefined;
      observe({ route, status, seconds, pageCache });
      const line = {
        reqId: id,
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        bytes,
        ...(scope.searchMs !== undefined ? { searchMs: Math.round(scope.searchMs * 10) / 10 } : {}),
        ...(pageCache ? { pageCache } : {}),
      };
      if (status >= 500) log.error(line, "request");
      else if (status >= 400) log.warn(line, "request");
      else log.info(line, "request");
    };
    res.once("finish", done);
    res.once("close", done);
    requestScope.run(scope, next);
  };
}
