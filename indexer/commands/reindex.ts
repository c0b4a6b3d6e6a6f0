import type { Db } from "../../db/client";
import { bumpGeneration } from "../../db/generation";

/**
 * After an import: a running server (either engine) notices the new generation in the store
 * and builds its next index beside the old one, then swaps: the embedded engine in memory,
 * Typesense as a new collection behind the alias.
 */
export function reindexAfterImport(): void {
  console.log("Søgeindekset: en kørende server skifter til de nye data, så snart det nye indeks er bygget.");
}

/** `reindex`: a new generation makes every running server rebuild its index from the store. */
export async function runReindex(db: Db): Promise<number> {
  const generation = bumpGeneration(db);
  console.log(`Indeksgeneration ${generation}.`);
  reindexAfterImport();
  return 0;
}
