import type { NextFunction, Request, Response } from "express";
import { texts } from "../app/domain/texts";

// Express's own errors, e.g. a path whose percent-escapes do not decode, answered in Danish
// instead of its English page; a client's mistake is a 4xx, only our own a 500.

export function expressErrors(err: { status?: unknown }, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) console.error(err);
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(status === 500 ? texts.errors.unexpected : texts.errors.badRequest);
}
