import type { StoreFile } from "../../../db/store-file";

// A click-out (/ud/<trip>, /banner/<id>) counts its click only when the store can take the write:
// on a read-only or full store, one replaced under the server, or one another writer kept busy too
// long (db/store-file.ts), the visitor still reaches the company and the count is dropped, logged
// once until counting works again.

let dropping: string | undefined;

/** Runs `count` unless the store cannot take it; never throws, so the redirect always follows. */
export function countIfPossible(store: StoreFile, count: () => void): void {
  let problem = store.problem();
  if (!problem) {
    try {
      count();
      dropping = undefined;
      return;
    } catch (error) {
      problem = store.failed(error);
      // Not the store's fault: a bug of ours, worth its stack, but still no reason to keep the visitor here.
      if (!problem) return console.error("Et klik kunne ikke tælles:", error);
    }
  }
  if (dropping === problem.message) return;
  dropping = problem.message;
  console.error(`Klik tælles ikke: ${problem.message}.`);
}
