import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/ui/nonce";
import { SEARCH_BAR_NO_JS_STYLE } from "~/components/search-bar";
import { NO_JS_STYLE } from "~/routes/results";
import { UNSUBSCRIBE_STYLE } from "~/routes/soegeagenter.afmeld.$token";

// Remix's Node entry, with two changes: a client's mistake (an unknown path, a malformed request,
// a method a route does not allow) is not logged with a stack trace here; the server's request
// log (server/request-log.ts) gives it one line. Our own errors are still logged in full. And every
// inline script carries the response's CSP nonce (server/security-headers.ts).

/**
 * Every inline <style> the pages render (the layouts without JavaScript, the unsubscribe page):
 * the Content-Security-Policy allows exactly these, by hash (server.ts reads them from the build).
 */
export const inlineStyles = [NO_JS_STYLE, SEARCH_BAR_NO_JS_STYLE, UNSUBSCRIBE_STYLE];

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  const nonce = loadContext.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject above and are logged by Remix; these come later.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}
