import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/ui/nonce";
import { INLINE_STYLES } from "~/domain/inline-styles";
import { htmlSink } from "~/utils/html-stream.server";

// Remix's server entry. A client's mistake (an unknown path, a malformed request, a method a
// route does not allow) is not logged with a stack trace here: the server's request log
// (server/request-log.ts) gives it one line. Nor is a 503 of an unavailable search engine (the
// engine logs the reason). Our own errors are still logged in full. Every inline script carries
// the response's CSP nonce (server/security-headers.ts).
// The page goes through htmlSink (app/utils/html-stream.server.ts): it drops the NUL padding of
// React 18's Node renderer and writes the page in large chunks.

/** The Content-Security-Policy allows these inline styles by hash; server.ts reads them from the build (app/domain/inline-styles.ts). */
export const inlineStyles = INLINE_STYLES;

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 503 is the search engine being unavailable: the engine has logged why, once per kind.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce || undefined;
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const { sink, stream } = htmlSink();
          headers.set("Content-Type", "text/html");
          resolve(new Response(stream, { headers, status }));
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and are logged by Remix; these come later.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
