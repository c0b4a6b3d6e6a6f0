import { Writable } from "node:stream";

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

const CHUNK_BYTES = 16 * 1024;

/** A Writable for React's `pipe`, and the web stream of the page it fills. */
export function htmlSink(): { sink: Writable; stream: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  let closed = false;
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
      if (end > 0) {
        // React starts a new view after handing one on, so the bytes stay as they are.
        parts.push(chunk.subarray(0, end));
        size += end;
      }
      if (size >= CHUNK_BYTES) push();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(push);
      }
      done();
    },
    final(done) {
      push();
      closed = true;
      controller.close();
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
