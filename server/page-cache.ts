import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

// A micro-cache for anonymous page views. The URL is the whole state of a search, so the same
// URL on the same data and day renders the same page for every visitor without a session:
// popular searches (the landing boxes, the default search) are rendered once per index
// generation instead of once per visitor. Requests with a cookie are never cached, so nothing
// personal is ever shared, and entries expire so operator changes (banners) show within the TTL.

export interface PageCacheOptions {
  /** Paths whose GET responses may be cached (Remix data requests `<path>.data` included). */
  paths: string[];
  /** Changes whenever the data behind the pages change (the index generation and today's date). */
  version: () => string;
  maxEntries?: number;
  ttlMs?: number;
}

interface Entry {
  status: number;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

const STORED_HEADERS = ["content-type", "cache-control", "vary", "x-remix-response", "x-remix-redirect", "x-remix-status", "location"];

export function pageCache({ paths, version, maxEntries = 500, ttlMs = 60_000 }: PageCacheOptions) {
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs });
  const cacheable = new Set(paths.flatMap((p) => [p, `${p}.data`]));

  return function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || req.headers.cookie || !cacheable.has(req.path)) return next();
    const key = `${version()} ${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit) {
      res.status(hit.status).set(hit.headers).set("X-Page-Cache", "hit");
      res.end(hit.body);
      return;
    }
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const status = res.statusCode;
      if ((status === 200 || status === 302) && !res.getHeader("set-cookie")) {
        const headers: Entry["headers"] = {};
        for (const name of STORED_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = value;
        }
        entries.set(key, { status, headers, body: Buffer.concat(chunks) });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.set("X-Page-Cache", "miss");
    next();
  };
}
