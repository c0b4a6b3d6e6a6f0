import type { NextFunction, Request, Response } from "express";
import { UNSUBSCRIBE_PATH } from "../app/domain/constants";
import { texts } from "../app/domain/texts";
import { sourceMatchesHost, STATE_CHANGING_METHODS } from "../app/utils/same-origin";

// Cross-site writes: a state-changing request whose Origin (or Referer) names another site is
// refused here with 403 before Remix sees it; every action also requires a same-origin source
// (app/utils/request.server.ts), which refuses requests without either header. The one exception
// is the search agents' unsubscribe link: its RFC 8058 one-click POST comes from the mail
// provider's servers (with their Origin, `null` or none), and the token in its URL authorises it.

export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction): void {
  if (!STATE_CHANGING_METHODS.has(req.method) || req.path.startsWith(`${UNSUBSCRIBE_PATH}/`)) return next();
  const source = req.headers.origin ?? req.headers.referer;
  if (source !== undefined && !sourceMatchesHost(source, req.headers.host ?? "")) {
    res.status(403).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(texts.account.crossOrigin);
    return;
  }
  next();
}
