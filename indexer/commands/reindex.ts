import type { Db } from "../../db/client";
import { configuredEngine, createEngine } from "../../app/search/engine.server";
import { bumpGeneration } from "../generation";

/**
 * After an import: the embedded engine of a running server notices the new generation and
 * swaps its index by itself; a Typesense collection is built here and the alias swapped.
 */
export async function reindexAfterImport(db: Db): Promise<void> {
  if (configuredEngine() === "typesense") {
    const engine = await createEngine(db, "typesense");
    await engine.reload();
    console.log(`Typesense: ny samling for generation ${engine.generation()} er taget i brug.`);
  } else {
    console.log("Søgeindekset: en kørende server skifter til de nye data inden for et sekund.");
  }
}

/** `reindex`: a new generation makes every server rebuild its index from the store. */
export async function runReindex(db: Db): Promise<number> {
  const generation = bumpGeneration(db);
  console.log(`Indeksgeneration ${generation}.`);
  await reindexAfterImport(db);
  return 0;
}
