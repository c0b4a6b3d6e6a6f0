import type { NextFunction, Request, Response } from "express";
import { FACET_NUMBERS_PATH, UNSUBSCRIBE_PATH } from "../app/domain/constants";
import { texts } from "../app/domain/texts";
import { sourceMatchesHost, STATE_CHANGING_METHODS } from "../app/utils/same-origin";

// Cross-site writes: a state-changing request whose Origin (or Referer) names another site, or
// that names no source at all, is refused here with 403 (text/plain, as docs/api.md says) before
// Remix sees it; every action also requires a same-origin source (app/utils/request.server.ts),
// but a page's action can only answer with the page's error boundary. Two exceptions:
// - the search agents' unsubscribe link: its RFC 8058 one-click POST comes from the mail
//   provider's servers (with their Origin, `null` or none), and the token in its URL authorises it;
// - `POST /api/facet-numbers`, a read with a JSON body, which a server may call without either
//   header (a browser always sends Origin, so another site's is still refused).

export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction): void {
  if (!STATE_CHANGING_METHODS.has(req.method) || req.path.startsWith(`${UNSUBSCRIBE_PATH}/`)) return next();
  const source = req.headers.origin ?? req.headers.referer;
  const allowed = source === undefined ? req.path === FACET_NUMBERS_PATH : sourceMatchesHost(source, req.headers.host ?? "");
  if (!allowed) {
    res.status(403).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(texts.account.crossOrigin);
    return;
  }
  next();
}
