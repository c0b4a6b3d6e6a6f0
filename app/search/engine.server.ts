import type { Db } from "../../db/client";
import type { Config } from "~/utils/config.server";
import { EmbeddedEngine } from "./embedded/engine";
import type { SearchEngine } from "./types";

type SearchConfig = Pick<Config, "searchEngine" | "typesense">;

/**
 * The engine that serves searches (SEARCH_ENGINE): the embedded index by default, or Typesense.
 * It follows the store: after every import it serves the next generation. Typesense is checked
 * first (server, key, version, the collection of the store's generation: adopted, or built with
 * the admin key, or awaited without it); when it cannot be used this throws a
 * SearchUnavailableError that says why, and the server stops.
 */
export async function createEngine(db: Db, config: SearchConfig): Promise<SearchEngine> {
  if (config.searchEngine === "typesense") {
    const engine = await typesenseOf(db, config);
    await engine.start();
    engine.watch();
    return engine;
  }
  const engine = new EmbeddedEngine(db);
  engine.watch();
  return engine;
}

/**
 * After an import or `reindex` (the CLI): with Typesense, builds the collection of the store's
 * generation and puts it behind the alias, so the web processes only adopt it. Undefined with
 * the embedded engine, which every server builds in its own memory.
 */
export async function publishSearchIndex(db: Db, config: SearchConfig): Promise<{ alias: string; generation: number } | undefined> {
  if (config.searchEngine !== "typesense") return undefined;
  if (!config.typesense?.apiKey)
    throw new Error("kun TYPESENSE_API_KEY (administratornøglen) må bygge Typesense-samlingen, og den er ikke sat");
  const engine = await typesenseOf(db, config);
  await engine.start();
  return { alias: engine.alias, generation: engine.generation() };
}

async function typesenseOf(db: Db, config: SearchConfig) {
  // The configuration refuses SEARCH_ENGINE=typesense without TYPESENSE_URL.
  if (!config.typesense) throw new Error("SEARCH_ENGINE=typesense kræver TYPESENSE_URL");
  const { TypesenseEngine } = await import("./typesense/engine");
  return new TypesenseEngine({ db, ...config.typesense, alias: config.typesense.prefix });
}
