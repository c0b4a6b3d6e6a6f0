// Splits a byte stream into numbered lines without trusting it: over-long lines become per-line
// errors instead of exhausting memory, and a line is text only once decodeLine has checked its
// UTF-8 (the import's parser threads do that, cli/import/parsers.ts).

export const MAX_LINE_BYTES = 1024 * 1024;

/** A line's bytes (without its line break) or why it has none; `bytes` is its length in the stream. */
export type FeedRecord = { lineNo: number; line: Uint8Array; bytes: number } | { lineNo: number; error: string; bytes: number };

export const NOT_UTF8 = "linjen er ikke gyldig UTF-8";

const NEWLINE = 0x0a;
const decoder = new TextDecoder("utf-8", { fatal: true });

/** A line's text, or null when its bytes are not valid UTF-8. */
export function decodeLine(line: Uint8Array): string | null {
  try {
    return decoder.decode(line);
  } catch {
    return null;
  }
}

/**
 * Yields the stream's lines in order. A line's bytes may be a view of the stream's chunk: use
 * them before reading on.
 */
export async function* readLines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<FeedRecord> {
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
      yield { lineNo, line: buf, bytes };
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
