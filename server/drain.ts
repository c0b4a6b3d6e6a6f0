import type { Server } from "node:http";
import net from "node:net";

// The web server's part of a clean stop: it stops accepting connections, lets the requests in
// flight finish (answering any that still arrive on an open keep-alive connection, with
// `Connection: close`), and closes every connection once they are done or the grace period is over.

export interface Drain {
  /** Drains the server; true when every request finished within `graceMs`, false when the rest were cut off. */
  drain(graceMs: number): Promise<boolean>;
}

export function drainable(server: Server): Drain {
  let inFlight = 0;
  let closing = false;
  let idle: (() => void) | undefined;
  // First of the request listeners, so the header is set before any answer is written.
  server.prependListener("request", (_req, res) => {
    inFlight++;
    if (closing) res.setHeader("Connection", "close");
    res.once("close", () => {
      if (--inFlight === 0) idle?.();
    });
  });
  return {
    async drain(graceMs) {
      closing = true;
      // net.Server's close, not http.Server's, which would also close the idle keep-alive
      // connections at once: a proxy's request on one of them during the drain gets an answer.
      net.Server.prototype.close.call(server);
      const finished =
        inFlight === 0 ||
        (await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), graceMs);
          idle = () => {
            clearTimeout(timer);
            resolve(true);
          };
        }));
      server.closeAllConnections();
      return finished;
    },
  };
}
