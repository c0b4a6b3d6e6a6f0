// Splits a byte stream into numbered lines without trusting it: invalid UTF-8 and over-long
// lines become per-line errors instead of crashing the import or exhausting memory.

export const MAX_LINE_BYTES = 1024 * 1024;

export type FeedRecord = { lineNo: number; text: string; bytes: number } | { lineNo: number; error: string; bytes: number };

const NEWLINE = 0x0a;

export async function* readLines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<FeedRecord> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let parts: Buffer[] = [];
  let partBytes = 0;
  let tooLong = false;
  let lineNo = 0;

  /** Ends the current line; `tail` is its last piece, still in the stream's own chunk. */
  function* finish(tail?: Buffer): Generator<FeedRecord> {
    lineNo++;
    if (tail && !tooLong && parts.length && partBytes + tail.length <= MAX_LINE_BYTES) parts.push(tail);
    else if (tail && !tooLong && partBytes + tail.length > MAX_LINE_BYTES) tooLong = true;
    const bytes = partBytes + (tail?.length ?? 0);
    if (tooLong) {
      yield { lineNo, error: `linjen er for lang (over ${MAX_LINE_BYTES / 1024 / 1024} MB)`, bytes };
    } else {
      let buf = parts.length === 0 ? (tail ?? Buffer.alloc(0)) : parts.length === 1 ? parts[0] : Buffer.concat(parts);
      if (buf.length && buf[buf.length - 1] === 0x0d) buf = buf.subarray(0, buf.length - 1);
      try {
        yield { lineNo, text: decoder.decode(buf), bytes };
      } catch {
        yield { lineNo, error: "linjen er ikke gyldig UTF-8", bytes };
      }
    }
    parts = [];
    partBytes = 0;
    tooLong = false;
  }

  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(NEWLINE, start); nl !== -1; nl = buf.indexOf(NEWLINE, start)) {
      yield* finish(buf.subarray(start, nl));
      start = nl + 1;
    }
    if (start < buf.length) append(buf.subarray(start));
  }
  if (partBytes > 0 || tooLong) yield* finish();

  function append(piece: Buffer) {
    partBytes += piece.length;
    if (tooLong) return;
    if (partBytes > MAX_LINE_BYTES) {
      tooLong = true;
      parts = [];
      return;
    }
    // Copy: the stream may reuse its chunk buffers.
    parts.push(Buffer.from(piece));
  }
}
