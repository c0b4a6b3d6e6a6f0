import type { NextFunction, Request, Response } from "express";
import { texts } from "../app/domain/texts";

// The site reads with GET (and HEAD) and writes with POST (forms, beacons); any other method
// (TRACE, PUT, a made-up one) is a client's mistake: 405 with the methods we do allow.

const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = [...ALLOWED].join(", ");

export function allowedMethodsOnly(req: Request, res: Response, next: NextFunction): void {
  if (ALLOWED.has(req.method)) return next();
  res
    .status(405)
    .set("Allow", ALLOW_HEADER)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(texts.errors.methodNotAllowed);
}
