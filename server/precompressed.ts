import type { RequestHandler } from "express";
import fs from "node:fs";
import path from "node:path";

// The build's scripts and stylesheets are compressed once, at build time, with Brotli's best
// quality (vite.config.ts writes `<file>.br` beside each). A browser that accepts Brotli gets that
// file; any other request goes on to express.static and the compression middleware (gzip).

/** An asset's name as the build writes them: flat, hashed, a script or a stylesheet. */
const ASSET = /^\/[\w.-]+\.(js|css)$/;
const TYPES: Record<string, string> = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };

/** Serves `dir`'s precompressed `.br` files, immutable like the assets themselves. */
export function precompressedAssets(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    const match = ASSET.exec(req.path);
    if ((req.method !== "GET" && req.method !== "HEAD") || !match) return next();
    res.vary("Accept-Encoding");
    if (!/\bbr\b/.test(req.headers["accept-encoding"] ?? "")) return next();
    const file = path.join(root, `${req.path}.br`);
    if (!fs.existsSync(file)) return next();
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Type", TYPES[match[1]]);
    // A file that cannot be sent goes on to express.static; a visitor who left midway needs nothing.
    res.sendFile(file, { maxAge: "1y", immutable: true }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
