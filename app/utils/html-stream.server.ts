import { Writable } from "node:stream";
import { HELD_SCRIPTS } from "./script-loader";

// React's Node renderer (renderToPipeableStream) writes the page in 2 KB views, encoding each
// piece of markup into the current view. When a multi-byte character (æ, ø, å, ★) does not fit at
// the end of a view, React 18.3 still sends the whole view, so the bytes it left unused go out as
// NUL bytes. The page never holds a NUL character (a fuzz test checks every page), so the zero
// bytes at the end of a view are that padding and are dropped here. React's web-streams renderer
// has no such bug, but it encodes every piece of markup into a new array, which cost a quarter of
// a results page's render (tests/bench): this sink is why the Node renderer is used.
//
// The views are joined into chunks of at least CHUNK_BYTES (or what one turn of the event loop
// wrote), so the response is written in a few large pieces rather than hundreds of 2 KB ones.
//
// Remix's <Scripts> preloads every module of the page with `<link rel="modulepreload">` and imports
// them from an inline `<script type="module">`, and the browser would fetch them beside the
// stylesheet and the first photos, before the page's first paint. The page is whole without its
// scripts (they only make it quicker to use), so the sink holds both back (HELD_SCRIPTS), and the
// page's script loader (app/utils/script-loader.ts) lets them go once the first paint is on
// the screen. React's hydration keeps the server's attributes (it compares them only in development).

const CHUNK_BYTES = 16 * 1024;
const REWRITES = HELD_SCRIPTS.map(({ from, to }) => ({ from: Buffer.from(from), to: Buffer.from(to) }));
const LONGEST = Math.max(...REWRITES.map((r) => r.from.length));

/**
 * Holds back the module preloads and the module script in `bytes` (HELD_SCRIPTS). Returns the
 * bytes to send and the end of `bytes` that could be the start of a rewritten piece cut off by the
 * view's end (it goes in front of the next piece).
 */
export function holdScripts(bytes: Buffer): { out: Buffer; rest: Buffer } {
  const pieces: Buffer[] = [];
  // The first byte not yet in `pieces`.
  let start = 0;
  for (;;) {
    let at = -1;
    let rewrite = REWRITES[0];
    for (const r of REWRITES) {
      const i = bytes.indexOf(r.from, start);
      if (i !== -1 && (at === -1 || i < at)) [at, rewrite] = [i, r];
    }
    if (at === -1) break;
    pieces.push(bytes.subarray(start, at), rewrite.to);
    start = at + rewrite.from.length;
  }
  // The longest end of the bytes that begins a rewritten piece (compared in place: this runs for
  // every 2 KB view of the page, and views of views were most of what the sink allocated).
  let keep = Math.min(LONGEST - 1, bytes.length - start);
  while (keep > 0 && !REWRITES.some((r) => begins(bytes, bytes.length - keep, r.from))) keep--;
  pieces.push(bytes.subarray(start, bytes.length - keep));
  return { out: pieces.length === 1 ? pieces[0] : Buffer.concat(pieces), rest: bytes.subarray(bytes.length - keep) };
}

/** Whether `bytes` from `from` to its end are the first bytes of `piece`. */
function begins(bytes: Buffer, from: number, piece: Buffer): boolean {
  if (bytes.length - from > piece.length) return false;
  for (let i = from; i < bytes.length; i++) if (bytes[i] !== piece[i - from]) return false;
  return true;
}

/** A Writable for React's `pipe`, and the web stream of the page it fills. */
export function htmlSink(): { sink: Writable; stream: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    // A reader that gives up the page (ours read it to its end): React's pipe stops when its
    // destination closes, instead of writing into a closed stream, which throws.
    cancel() {
      closed = true;
      sink.destroy();
    },
  });
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  let closed = false;
  // The end of the last piece that may begin a rewritten piece.
  let held: Buffer = Buffer.alloc(0);
  const push = () => {
    scheduled = false;
    if (size === 0 || closed) return;
    controller.enqueue(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      let end = chunk.length;
      while (end > 0 && chunk[end - 1] === 0) end--;
      // React starts a new view after handing one on, so the bytes stay as they are.
      const { out, rest } = holdScripts(held.length ? Buffer.concat([held, chunk.subarray(0, end)]) : chunk.subarray(0, end));
      held = rest;
      if (out.length > 0) {
        parts.push(out);
        size += out.length;
      }
      if (size >= CHUNK_BYTES) push();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(push);
      }
      done();
    },
    final(done) {
      parts.push(held);
      size += held.length;
      push();
      if (!closed) controller.close();
      closed = true;
      done();
    },
    destroy(error, done) {
      if (!closed) {
        closed = true;
        if (error) controller.error(error);
        else controller.close();
      }
      done(error);
    },
  });
  return { sink, stream };
}
