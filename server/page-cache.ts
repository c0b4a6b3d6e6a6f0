import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

// A micro-cache for anonymous page views. The URL is the whole state of a search, so the same
// URL on the same data and day renders the same page for every visitor without a session:
// popular searches (the landing boxes, the default search) are rendered once per index
// generation instead of once per visitor. Requests with a cookie are never cached, so nothing
// personal is ever shared, and entries expire so operator changes (banners) show within the TTL.
// The key is the path and query alone: nothing else of the request may change what is rendered
// (absolute links come from PUBLIC_URL, never from Host or X-Forwarded-Host). A page carries the
// CSP nonce of the response it was rendered for; a hit gets the nonce of its own response.

export interface PageCacheOptions {
  /**
   * Paths whose GET responses may be cached (Remix data requests `<path>.data` included); one
   * ending in `/*` stands for every path under it.
   */
  paths: string[];
  /** Changes whenever the data behind the pages change (the index generation and today's date). */
  version: () => string;
  /** This response's CSP nonce (server/security-headers.ts), written into the page's scripts. */
  nonce: (res: Response) => string;
  maxEntries?: number;
  ttlMs?: number;
}

interface Entry {
  status: number;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
  /** The nonce the body was rendered with. */
  nonce: string;
}

const STORED_HEADERS = ["content-type", "cache-control", "vary", "x-remix-response", "x-remix-redirect", "x-remix-status", "location"];

export function pageCache({ paths, version, nonce, maxEntries = 500, ttlMs = 60_000 }: PageCacheOptions) {
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs });
  const cacheable = new Set(paths.filter((p) => !p.endsWith("/*")).flatMap((p) => [p, `${p}.data`]));
  const under = paths.filter((p) => p.endsWith("/*")).map((p) => p.slice(0, -1));
  const isCacheable = (path: string) => cacheable.has(path) || under.some((prefix) => path.startsWith(prefix));

  return function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || req.headers.cookie || !isCacheable(req.path)) return next();
    const { pathname, search } = new URL(req.originalUrl, "http://target.invalid");
    const key = `${version()} ${pathname}${search}`;
    const hit = entries.get(key);
    if (hit) {
      res.status(hit.status).set(hit.headers).set("X-Page-Cache", "hit");
      res.end(withNonce(hit, nonce(res)));
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
        entries.set(key, { status, headers, body: Buffer.concat(chunks), nonce: nonce(res) });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.set("X-Page-Cache", "miss");
    next();
  };
}

/** The cached body with every occurrence of its old nonce (random, 24 characters) replaced by this response's. */
function withNonce(entry: Entry, nonce: string): Buffer {
  const old = Buffer.from(entry.nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = entry.body.indexOf(old); at !== -1; at = entry.body.indexOf(old, from)) {
    parts.push(entry.body.subarray(from, at), Buffer.from(nonce));
    from = at + old.length;
  }
  parts.push(entry.body.subarray(from));
  return Buffer.concat(parts);
}
