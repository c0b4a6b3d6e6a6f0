import type { NextFunction, Request, Response } from "express";
import { texts } from "../app/domain/texts";

// The site reads with GET (and HEAD) and writes with POST (forms, beacons); any other method
// (TRACE, PUT, a made-up one) is a client's mistake: 405 with the methods we do allow.

const ALLOWED = new Set(["GET", "HEAD", "POST"]);
const ALLOW_HEADER = [...ALLOWED].join(", ");

export function allowedMethodsOnly(req: Request, res: Response, next: NextFunction): void {
  if (ALLOWED.has(req.method)) return next();
  methodNotAllowed(res, ALLOW_HEADER, false);
}

/**
 * The 405 of a route that does not take the request's method (a POST to a page or a GET-only API,
 * a GET to a POST-only one): Remix's own says "Unexpected Server Error" and names no Allow.
 * The API's paths answer JSON, as their other errors do.
 */
export function wrongMethodForRoute(req: Request, res: Response): void {
  methodNotAllowed(res, req.method === "POST" ? "GET, HEAD" : "POST", req.path.startsWith("/api/"));
}

function methodNotAllowed(res: Response, allow: string, json: boolean): void {
  res.status(405).set("Allow", allow).set("Cache-Control", "no-store");
  if (json) res.json({ error: texts.errors.methodNotAllowed });
  else res.type("text/plain; charset=utf-8").send(texts.errors.methodNotAllowed);
}
