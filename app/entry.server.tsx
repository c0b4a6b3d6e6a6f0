import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

// Remix's Node entry, with one change: a client's mistake (an unknown path, a malformed request,
// a method a route does not allow) is not logged with a stack trace here; the server's request
// log (server/request-log.ts) gives it one line. Nor is a 503 of an unavailable search engine
// (the engine logs the reason). Our own errors are still logged in full.

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 503 is the search engine being unavailable: the engine has logged why, once per kind.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  console.error(error);
};

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
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
