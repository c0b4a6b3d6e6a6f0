import type { NextFunction, Request, Response } from "express";
import { CONFIRM_EMAIL_PATH, CONFIRM_SIGN_UP_PATH, RESET_PASSWORD_PATH, UNSUBSCRIBE_PATH } from "../app/domain/constants";

// One line per client error (a 404, a malformed request, a method not allowed), never a stack
// trace: these are expected, and the log should show them without drowning our own errors.

/** Paths whose last segment is a secret from an e-mail (a used or expired link answers 404): never logged. */
const TOKEN_PATHS = [CONFIRM_SIGN_UP_PATH, RESET_PASSWORD_PATH, CONFIRM_EMAIL_PATH, UNSUBSCRIBE_PATH].map((p) => `${p}/`);

/** The URL as logged: a link's token replaced by `…`. */
export function loggedUrl(url: string): string {
  const prefix = TOKEN_PATHS.find((p) => url.startsWith(p));
  return prefix ? `${prefix}…` : url;
}

export function logClientErrors(req: Request, res: Response, next: NextFunction): void {
  res.once("finish", () => {
    if (res.statusCode >= 400 && res.statusCode < 500) console.warn(`${res.statusCode} ${req.method} ${loggedUrl(req.originalUrl)}`);
  });
  next();
}
