import compression from "compression";
import type { RequestHandler } from "express";

// Responses compressed on the fly (gzip or Brotli, by the request's Accept-Encoding), from 256
// bytes on (the default is 1 kB: a page loads many script chunks smaller than that). Never a 206:
// its Content-Range counts the bytes of the file as it is, so it goes out as those bytes
// (identity), not as a compressed stream labelled with identity ranges (docs/api.md).

export function compressResponses(): RequestHandler {
  return compression({
    threshold: 256,
    filter: (req, res) => res.statusCode !== 206 && compression.filter(req, res),
  });
}
