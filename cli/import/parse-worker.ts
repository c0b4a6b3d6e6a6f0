import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { LineParser, type ParsedLine } from "./parse-line";
import type { LineBatch } from "./parsers";

// A parser thread (cli/import/parsers.ts): answers each batch of lines with what each line says, in order.
// Parsing is the import's heavy CPU work, batch work the web server sharing the machine comes
// before: this thread runs at a lower priority (on Linux a priority is a thread's, so this one
// only). The thread that writes keeps its priority: starved while it holds the write lock, it
// would keep the site's own writes waiting far longer than its short transactions.
os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);

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
