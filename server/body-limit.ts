import type { NextFunction, Request, Response } from "express";
import { texts } from "../app/domain/texts";

// Every request body is read here, before any route sees it, and only up to `maxBytes` (our forms
// and JSON calls are a few fields): a body announced larger, or one that grows past the limit
// while it streams in (chunked), is answered 413 with `Connection: close` and no more of it is
// read, so memory stays flat whatever a client sends. A body within the limit is kept as a
// Buffer in `req.body` for the Remix handler (server/remix-handler.ts).

export function limitBodies(maxBytes: number) {
  return function limitBodiesMiddleware(req: Request, res: Response, next: NextFunction): void {
    const declared = req.headers["content-length"];
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
    if (Number(declared) > maxBytes) return tooLarge(res);

    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        tooLarge(res);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      req.body = Buffer.concat(chunks);
      next();
    };
    // The client went away mid-body: there is no one to answer.
    const onError = () => {
      stop();
      req.destroy();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

/** How long a refused client has to read the 413 before its connection is closed. */
const CLOSE_AFTER_MS = 2_000;

function tooLarge(res: Response): void {
  // The rest of the body is never read: the connection ends with this answer. Node would close it
  // at once, and closing a socket with unread data resets it, which can make the client lose the
  // answer; so the server only ends its side, stops reading (the client's writes stall) and
  // closes a moment later.
  const socket = res.socket;
  if (socket) {
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), CLOSE_AFTER_MS).unref();
    };
  }
  res
    .status(413)
    .set("Connection", "close")
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(texts.errors.bodyTooLarge);
}
