import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { ACCOUNT_PATH, AGENTS_PATH, AGENT_EXISTS_PATH, RESULTS_PATH, SAVED_TRIPS_PATH } from "../app/domain/constants";

// The security headers of every response (docs/api.md, "Security headers"):
//
// - Content-Security-Policy: nothing loads unless listed. Scripts: our own files and the inline
//   scripts Remix renders (hydration data, route imports, scroll restoration), which carry this
//   response's nonce (res.locals.cspNonce, handed to entry.server.tsx through the load context).
//   Styles: our stylesheets and the few inline <style> blocks the pages render without JavaScript,
//   by hash; style attributes (React's `style`, Headless UI's hidden inputs) are allowed. Images:
//   ours, data: URIs (Leaflet's icons) and any http: or https: host: the feeds' accommodation
//   photos come from the travel companies' own servers, over either (docs/feed.md), and so do the
//   map tiles (MAP_TILE_URL). An image runs nothing. Fetches: ours.
//   Forms post only to us; no <base>, no plugins, no frames inside our pages.
// - Framing: only the embed page (the results page with `embed=1`, which partners put in an
//   iframe) may be framed, by any site; every other response says DENY / frame-ancestors 'none'.
// - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin (the
//   companies see that a visitor came from Pistepris, never the search; our own POSTs keep their
//   Origin); Strict-Transport-Security in production.
// In development the same policy is only reported (Content-Security-Policy-Report-Only): Vite's
// hot reload injects scripts and styles of its own.

export interface SecurityOptions {
  production: boolean;
  /** The inline <style> elements the pages render, as written (`<style>…</style>`): allowed by hash. */
  inlineStyles: string[];
}

export function securityHeaders({ production, inlineStyles }: SecurityOptions) {
  const styleHashes = inlineStyles.map(styleHash);
  const cspHeader = production ? "Content-Security-Policy" : "Content-Security-Policy-Report-Only";

  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction): void {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const embed = req.path === RESULTS_PATH && new URLSearchParams(req.url.split("?")[1] ?? "").get("embed") === "1";
    const policy = [
      "default-src 'none'",
      `script-src 'self' 'nonce-${nonce}'`,
      ["style-src 'self'", ...styleHashes].join(" "),
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: https: http:",
      "font-src 'self'",
      "connect-src 'self'",
      "manifest-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
      `frame-ancestors ${embed ? "*" : "'none'"}`,
    ];
    res.set(cspHeader, policy.join("; "));
    if (!embed) res.set("X-Frame-Options", "DENY");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if (production) res.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

/** The CSP source of a `<style>…</style>` block's content. */
function styleHash(block: string): string {
  const css = block.replace(/^<style>/, "").replace(/<\/style>$/, "");
  return `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
}

/** Paths (and what is under them; Remix's `.data` requests too) that are personal whoever asks. */
const PERSONAL = [ACCOUNT_PATH, AGENTS_PATH, SAVED_TRIPS_PATH, AGENT_EXISTS_PATH];

/**
 * `Cache-Control: private, no-store` on personal pages, whatever the route set: the account pages,
 * search agents and saved trips, and every answer to a request with a cookie (a logged-in visitor's
 * pages show their account). Mounted after the static files, which stay cacheable.
 */
export function noStoreForPersonal(req: Request, res: Response, next: NextFunction): void {
  const path = req.path.replace(/\.data$/, "");
  if (req.headers.cookie === undefined && !PERSONAL.some((p) => path === p || path.startsWith(`${p}/`))) return next();
  // Set as the headers go out, so a route's own Cache-Control cannot loosen it.
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}
