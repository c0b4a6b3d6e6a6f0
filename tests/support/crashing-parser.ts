import { parentPort } from "node:worker_threads";
import type { LineBatch } from "../../cli/import/parsers";

// A parser thread (cli/import/parsers.ts) that fails on a batch with a line "crash", as a real
// one would on a bug or a lack of memory; other lines it calls "not JSON".

parentPort!.on("message", ({ bytes, ends }: LineBatch) => {
  if (Buffer.from(bytes, 0, ends.at(-1)).includes("crash")) throw new Error("parseren gik ned");
  parentPort!.postMessage(Array.from(ends, () => ({ kind: "not-json" })));
});
