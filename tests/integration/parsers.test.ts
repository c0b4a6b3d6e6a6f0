import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { todayInDenmark } from "../../app/domain/dates";
import { parseInOrder, type Parsed } from "../../cli/import/parsers";
import type { FeedRecord } from "../../cli/line-reader";
import { departureInDays, trip } from "../support/feed";

const today = todayInDenmark();
const CRASHING = new URL("../support/crashing-parser.ts", import.meta.url);

async function* records(texts: string[]): AsyncGenerator<FeedRecord> {
  for (const [k, text] of texts.entries()) {
    const line = text === "<invalid UTF-8>" ? Buffer.from([0xc3, 0x28]) : Buffer.from(text);
    yield text === "<too long>"
      ? { lineNo: k + 1, error: "linjen er for lang (over 1 MB)", bytes: 2e6 }
      : { lineNo: k + 1, line, bytes: line.length };
  }
}

/** The threads of this process (Linux): a parser is one, and its module loader another. */
const threads = () => fs.readdirSync("/proc/self/task").length;

describe("parser threads", () => {
  it("give every line what it says, in the file's order, across batches and threads; a line the reader refused passes unparsed", async () => {
    const special: Record<number, string> = { 7: "   ", 1_200: "<too long>", 1_500: "<invalid UTF-8>" };
    const texts = Array.from(
      { length: 2_500 },
      (_, k) => special[k] ?? (k % 3 ? "{nej" : JSON.stringify(trip({ id: `p-${k}`, departureDate: departureInDays(30) }))),
    );
    const out: Parsed[] = [];
    for await (const p of parseInOrder(records(texts), today, 2)) out.push(p);

    expect(out.map((p) => p.record.lineNo)).toEqual(texts.map((_, k) => k + 1));
    expect(out[7].parsed).toEqual({ kind: "blank" });
    expect(out[1_200].parsed).toBeUndefined();
    expect(out[1_500].parsed).toEqual({ kind: "not-utf8" });
    for (const [k, p] of out.entries()) {
      if (special[k]) continue;
      if (k % 3) expect(p.parsed).toEqual({ kind: "not-json" });
      else expect((p.parsed as unknown[])[1]).toBe(`p-${k}`);
    }
  });

  it("run below the priority of the thread that writes, which keeps its own", async () => {
    /** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/N/stat). */
    const niceValues = () =>
      fs.readdirSync("/proc/self/task").map((tid) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      });
    const mine = os.getPriority();
    const texts = Array.from({ length: 3_000 }, (_, k) => JSON.stringify(trip({ id: `n-${k}`, departureDate: departureInDays(30) })));
    let during: number[] = [];
    for await (const p of parseInOrder(records(texts), today, 2)) if (p.record.lineNo === 1) during = niceValues();
    expect(during.filter((nice) => nice === os.constants.priority.PRIORITY_BELOW_NORMAL).length).toBeGreaterThanOrEqual(2);
    expect(os.getPriority()).toBe(mine);
  });

  it("end with the error of a parser that fails, after the lines before its batch, and stop their threads", async () => {
    const before = threads();
    const texts = Array.from({ length: 2_500 }, (_, k) => (k === 1_500 ? "crash" : `linje ${k}`));
    const seen: number[] = [];
    const reading = (async () => {
      for await (const p of parseInOrder(records(texts), today, 2, CRASHING)) seen.push(p.record.lineNo);
    })();
    await expect(reading).rejects.toThrow("parseren gik ned");
    expect(seen).toEqual(texts.slice(0, 1_000).map((_, k) => k + 1));
    await expect.poll(threads, { timeout: 10_000 }).toBeLessThanOrEqual(before);
  });

  it("stop their threads when the reader stops early", async () => {
    const before = threads();
    const texts = Array.from({ length: 5_000 }, (_, k) => `linje ${k}`);
    for await (const p of parseInOrder(records(texts), today, 2, CRASHING)) if (p.record.lineNo === 10) break;
    await expect.poll(threads, { timeout: 10_000 }).toBeLessThanOrEqual(before);
  });
});
