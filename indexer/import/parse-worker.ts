import { parentPort, workerData } from "node:worker_threads";
import { LineParser } from "./parse-line";

// A parser thread (indexer/import/parsers.ts): answers each batch of line texts with what each line says, in order.

const parser = new LineParser((workerData as { today: string }).today);
parentPort!.on("message", (texts: string[]) => parentPort!.postMessage(texts.map((text) => parser.parse(text))));
