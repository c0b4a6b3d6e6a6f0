import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
// The web-streams renderer, not Node's renderToPipeableStream: React 18's Node renderer pads a
// chunk with NUL bytes when a multi-byte character (æ, ø, å, ★) does not fit at its end.
import { renderToReadableStream } from "react-dom/server.browser";
import { SEARCH_BAR_NO_JS_STYLE } from "~/components/search-bar";
import { NonceContext } from "~/components/ui/nonce";
import { NO_JS_STYLE } from "~/routes/results";
import { UNSUBSCRIBE_STYLE } from "~/routes/soegeagenter.afmeld.$token";

// Remix's server entry. A client's mistake (an unknown path, a malformed request, a method a
// route does not allow) is not logged with a stack trace here: the server's request log
// (server/request-log.ts) gives it one line. Nor is a 503 of an unavailable search engine (the
// engine logs the reason). Our own errors are still logged in full. Every inline script carries
// the response's CSP nonce (server/security-headers.ts).

/**
 * Every inline <style> the pages render (the layouts without JavaScript, the unsubscribe page):
 * the Content-Security-Policy allows exactly these, by hash (server.ts reads them from the build).
 */
export const inlineStyles = [NO_JS_STYLE, SEARCH_BAR_NO_JS_STYLE, UNSUBSCRIBE_STYLE];

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 503 is the search engine being unavailable: the engine has logged why, once per kind.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce || undefined;
  let shellRendered = false;
  // Rendering still pending after ABORT_DELAY is cut short. The timer is cleared once the page is
  // complete: aborting a finished stream makes React close it a second time, which throws.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: abort.signal,
      onError(error: unknown) {
        status = 500;
        // Errors before the shell reject above and are logged by Remix; these come later.
        if (shellRendered) console.error(error);
      },
    },
  ).catch((error: unknown) => {
    clearTimeout(timer);
    throw error;
  });
  shellRendered = true;
  const done = () => clearTimeout(timer);
  body.allReady.then(done, done);
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  headers.set("Content-Type", "text/html");
  return new Response(body, { headers, status });
}
