import type { RequestHandler } from "express";
import Negotiator from "negotiator";
import fs from "node:fs";
import path from "node:path";

// The build's scripts and stylesheets are compressed once, at build time, with Brotli's best
// quality (vite.config.ts writes `<file>.br` beside each). A browser whose Accept-Encoding puts
// Brotli first (by its q-values; at equal q Brotli before gzip) gets that file; any other
// request, and every Range request (its byte ranges are of the file as it is: no compressed 206,
// docs/api.md), goes on to express.static and the compression middleware.

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
    if (req.headers.range !== undefined || !prefersBrotli(req)) return next();
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

const ENCODINGS = ["br", "gzip", "identity"];

/** Whether Brotli is the encoding to send: `br;q=0, gzip` refuses it, `gzip, br` takes it. */
function prefersBrotli(req: { headers: { "accept-encoding"?: string } }): boolean {
  return new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) === "br";
}
