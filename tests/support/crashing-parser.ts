import { parentPort } from "node:worker_threads";

// A parser thread (indexer/import/parsers.ts) that fails on a batch with a line "crash", as a real
// one would on a bug or a lack of memory; other lines it calls "not JSON".

parentPort!.on("message", (texts: string[]) => {
  if (texts.includes("crash")) throw new Error("parseren gik ned");
  parentPort!.postMessage(texts.map(() => ({ kind: "not-json" })));
});
