import type { NextFunction, Request, Response } from "express";

// One line per client error (a 404, a malformed request, a method not allowed), never a stack
// trace: these are expected, and the log should show them without drowning our own errors.

export function logClientErrors(req: Request, res: Response, next: NextFunction): void {
  res.once("finish", () => {
    if (res.statusCode >= 400 && res.statusCode < 500) console.warn(`${res.statusCode} ${req.method} ${req.originalUrl}`);
  });
  next();
}
