import os from "node:os";
import { Worker } from "node:worker_threads";
import type { FeedRecord } from "../line-reader";
import type { ParsedLine } from "./parse-line";

// Parsing and validating a line (UTF-8, JSON, the schema, its hash) is most of an import's reading,
// and each line's result depends on the line alone: worker threads do it, in batches, beside the
// main thread, which splits the lines and takes the results in the file's order for what depends
// on the order. The workers lower their own CPU priority (parse-worker.ts).

/** Lines per batch, and at most this many bytes of them, so a batch of long lines stays small. */
const BATCH_LINES = 1_000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** Batches in flight per parser: one being parsed, one waiting, so a parser never idles on the main thread. */
const AHEAD = 2;

/**
 * Parser threads: one a core, beside the main thread (reading, the catalogue, staging), which
 * waits on them part of the time; it does about a third of the work, so more than four are idle.
 */
const PARSERS = Math.min(os.availableParallelism(), 4);

/**
 * A parser's young generation, in MB: parsing makes much short-lived garbage, and this size (twice
 * V8's usual) took about a tenth off a parser's CPU time on the demo feed.
 */
const YOUNG_MB = 96;

const BOOT = new URL("./ts-worker.mjs", import.meta.url);
/** The parsers' module: it gets `today` as workerData and answers each LineBatch with its lines' ParsedLine, in order. */
const PARSE_WORKER = new URL("./parse-worker.ts", import.meta.url);

/** A record and, for a line (not an error), what it says. */
export interface Parsed {
  record: FeedRecord;
  parsed?: ParsedLine;
}

/** A batch of lines for a parser: their bytes one after another (moved to the parser, not copied), and where each ends. */
export interface LineBatch {
  bytes: ArrayBuffer;
  ends: Uint32Array;
}

/**
 * Yields every record with what its line says, in the records' order, parsing with `parsers`
 * worker threads for an import on `today`. A batch's results are taken once the parsers hold
 * AHEAD batches each, and at the end of the records (an input that stalls holds its last lines
 * back until it goes on). A parser that fails ends the iteration with its error; the threads end
 * with it.
 */
export async function* parseInOrder(
  records: AsyncIterable<FeedRecord>,
  today: string,
  parsers = PARSERS,
  script = PARSE_WORKER,
): AsyncGenerator<Parsed> {
  const pool = Array.from({ length: parsers }, () => new Parser(script, today));
  const inFlight: Array<{ records: FeedRecord[]; parsed: Promise<ParsedLine[]> }> = [];
  let sent = 0;
  let batch: FeedRecord[] = [];
  let bytes = new LineBytes();
  const send = () => {
    const parsed = pool[sent++ % pool.length].parse(bytes.take());
    parsed.catch(() => {}); // a failure is thrown when its batch's turn comes
    inFlight.push({ records: batch, parsed });
    batch = [];
    bytes = new LineBytes();
  };
  async function* take(): AsyncGenerator<Parsed> {
    const { records: done, parsed } = inFlight.shift()!;
    const results = await parsed;
    let k = 0;
    for (const record of done) yield "line" in record ? { record, parsed: results[k++] } : { record };
  }
  try {
    for await (const record of records) {
      batch.push(record);
      if ("line" in record) bytes.add(record.line);
      if (batch.length < BATCH_LINES && bytes.size < BATCH_BYTES) continue;
      send();
      if (inFlight.length >= AHEAD * pool.length) yield* take();
    }
    if (batch.length) send();
    while (inFlight.length) yield* take();
  } finally {
    await Promise.all(pool.map((p) => p.close()));
  }
}

/** A batch's line bytes, copied as they are read (the reader's views are only good until it reads on). */
class LineBytes {
  private buffer = Buffer.allocUnsafeSlow(2 * 1024 * 1024);
  private readonly ends: number[] = [];
  size = 0;

  add(line: Uint8Array): void {
    if (this.size + line.length > this.buffer.length) {
      const larger = Buffer.allocUnsafeSlow(Math.max(2 * this.buffer.length, this.size + line.length));
      this.buffer.copy(larger, 0, 0, this.size);
      this.buffer = larger;
    }
    this.buffer.set(line, this.size);
    this.size += line.length;
    this.ends.push(this.size);
  }

  take(): LineBatch {
    return { bytes: this.buffer.buffer as ArrayBuffer, ends: Uint32Array.from(this.ends) };
  }
}

/** One worker thread; it answers batches in the order it gets them. */
class Parser {
  private readonly worker: Worker;
  private readonly waiting: Array<{ resolve: (parsed: ParsedLine[]) => void; reject: (error: Error) => void }> = [];
  private failure: Error | undefined;

  constructor(script: URL, today: string) {
    this.worker = new Worker(BOOT, { workerData: { module: script.href, today }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } });
    this.worker.on("message", (parsed: ParsedLine[]) => this.waiting.shift()?.resolve(parsed));
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`En parser-tråd stoppede (kode ${code}).`)));
  }

  parse(batch: LineBatch): Promise<ParsedLine[]> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(batch, [batch.bytes, batch.ends.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners("exit");
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }
}
