import type { Db } from "../../db/client";
import { bumpGeneration } from "../../db/generation";
import { publishSearchIndex } from "../../app/search/engine.server";
import type { Config } from "../../app/utils/config.server";

type SearchConfig = Pick<Config, "searchEngine" | "typesense">;

/**
 * After an import: with Typesense, this process builds the new generation's collection and swaps
 * the alias (a running server adopts it within a second); the embedded engine is rebuilt by each
 * running server in its own memory. False when the Typesense build failed (a running server then
 * builds it).
 */
export async function reindexAfterImport(db: Db, config: SearchConfig): Promise<boolean> {
  try {
    const published = await publishSearchIndex(db, config);
    console.log(
      published
        ? `Søgeindekset: Typesense-samlingen for generation ${published.generation} er klar bag aliaset ${published.alias}; kørende servere skifter til den inden for et sekund.`
        : "Søgeindekset: en kørende server skifter til de nye data, så snart det nye indeks er bygget.",
    );
    return true;
  } catch (error) {
    console.error(`Fejl: søgeindekset: ${error instanceof Error ? error.message : String(error)}. En kørende server bygger det i stedet.`);
    return false;
  }
}

/** `reindex`: a new generation makes every running server rebuild its index from the store. Exit 1 when the Typesense build failed. */
export async function runReindex(db: Db, config: SearchConfig): Promise<number> {
  const generation = bumpGeneration(db);
  console.log(`Indeksgeneration ${generation}.`);
  return (await reindexAfterImport(db, config)) ? 0 : 1;
}
