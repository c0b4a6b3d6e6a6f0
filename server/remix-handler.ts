import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { wrongMethodForRoute } from "./allowed-methods";

// Remix behind Express, as @remix-run/express does it, with three differences: the request's body is
// the one server/body-limit.ts already read (at most its limit), never the socket's stream; the
// request's URL names the Host header only (never X-Forwarded-Host; absolute links come from
// PUBLIC_URL through the app context, never from the request); and a method the route does not
// take is answered in Danish with its Allow header.

type Build = ServerBuild | (() => Promise<ServerBuild>);

export function remixHandler(build: Build, getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext, mode?: string) {
  const handle = createRequestHandler(build, mode);
  return async function remix(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      // Abort loaders and actions once the answer can no longer be sent.
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const body = req.method !== "GET" && req.method !== "HEAD" ? (req.body as Buffer | undefined) : undefined;
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: requestHeaders(req),
        body: body ? new Uint8Array(body) : undefined,
        signal: controller.signal,
      });
      const response = await handle(request, getLoadContext(req, res));
      // Our own 405s name their Allow; Remix's (a route without the action or loader asked for) do not.
      if (response.status === 405 && !response.headers.has("allow")) {
        // Read to its end (a short error page): cancelling it would cut React's render short, which it reports as an error.
        await response.arrayBuffer();
        return wrongMethodForRoute(req, res);
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      // A route's header replaces the server's default (a click-out's Referrer-Policy: origin); cookies add up.
      for (const [key, value] of response.headers) {
        if (key === "set-cookie") res.append(key, value);
        else res.setHeader(key, value);
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A `.` or `..` path segment, also percent-encoded (`%2e`), between slashes or backslashes (which
 * URL parsing takes for slashes too).
 */
const DOT_SEGMENT = /(?<=^|[/\\])(?:\.|%2e){1,2}(?=$|[/\\])/gi;

/**
 * The request's URL on the host it was sent to (an absolute-form request target keeps only its path).
 * A dot segment stays a literal name (`%2e` escaped once more) instead of being resolved by URL
 * parsing: the site has no folders, so `/ophold/%2e%2e` is an accommodation that does not exist
 * and answers that path's 404, not the landing page (docs/urls.md).
 */
function requestUrl(req: ExpressRequest): string {
  const query = req.originalUrl.search(/[?#]/);
  const target = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
  const literal = target.replace(DOT_SEGMENT, (segment) => segment.replace(/\.|%2e/gi, "%252e"));
  const { pathname, search } = new URL(literal + (query === -1 ? "" : req.originalUrl.slice(query)), "http://target.invalid");
  const origin = `${req.protocol}://${req.headers.host ?? ""}`;
  // A missing or malformed Host is not ours to repair: the path still routes, the host is a placeholder.
  return new URL(pathname + search, URL.canParse(origin) ? origin : "http://host.invalid").href;
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}
