import { describe, expect, it } from "vitest";
import { decodeLine, MAX_LINE_BYTES, readLines, type FeedRecord } from "../../cli/line-reader";

/** The records, each line's bytes as its text (null when they are no UTF-8), read as they come. */
async function collect(chunks: Array<Buffer | string>) {
  const out: Array<Exclude<FeedRecord, { line: Uint8Array }> | { lineNo: number; text: string | null; bytes: number }> = [];
  for await (const r of readLines(
    (async function* () {
      yield* chunks;
    })(),
  ))
    out.push("line" in r ? { lineNo: r.lineNo, text: decodeLine(r.line), bytes: r.bytes } : r);
  return out;
}

describe("line reader", () => {
  it("splits lines across chunk borders and CRLF", async () => {
    const r = await collect(["ab", "c\r\nde", "f\n", "g"]);
    expect(r).toEqual([
      { lineNo: 1, text: "abc", bytes: 4 },
      { lineNo: 2, text: "def", bytes: 3 },
      { lineNo: 3, text: "g", bytes: 1 },
    ]);
  });

  it("reports over-long lines per line and goes on, and leaves a line's UTF-8 to decodeLine", async () => {
    const long = Buffer.alloc(MAX_LINE_BYTES + 10, 0x61);
    const r = await collect([Buffer.from([0xc3, 0x28, 0x0a]), long.subarray(0, 1000), long.subarray(1000), "\nok\n", "æøå\n"]);
    expect(r.map((x) => ("error" in x ? x.error : x.text))).toEqual([null, "linjen er for lang (over 1 MB)", "ok", "æøå"]);
    expect(r.map((x) => x.lineNo)).toEqual([1, 2, 3, 4]);
  });
});
