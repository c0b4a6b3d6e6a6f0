import { parentPort, workerData } from "node:worker_threads";
import { LineParser, type ParsedLine } from "./parse-line";
import type { LineBatch } from "./parsers";

// A parser thread (indexer/import/parsers.ts): answers each batch of lines with what each line says, in order.

const parser = new LineParser((workerData as { today: string }).today);
parentPort!.on("message", ({ bytes, ends }: LineBatch) => {
  const all = new Uint8Array(bytes);
  const parsed: ParsedLine[] = [];
  let start = 0;
  for (const end of ends) {
    parsed.push(parser.parseBytes(all.subarray(start, end)));
    start = end;
  }
  parentPort!.postMessage(parsed);
});
