import type { Db } from "../../db/client";
import type { Config } from "~/utils/config.server";
import { EmbeddedEngine } from "./embedded/engine";
import type { SearchEngine } from "./types";

/**
 * The engine that serves searches (SEARCH_ENGINE): the embedded index by default, or Typesense.
 * It follows the store: after every import it builds the next index beside the old one and swaps.
 */
export async function createEngine(db: Db, config: Pick<Config, "searchEngine" | "typesense">): Promise<SearchEngine> {
  if (config.searchEngine === "typesense" && config.typesense) {
    const { TypesenseEngine } = await import("./typesense/engine");
    const engine = new TypesenseEngine({ db, ...config.typesense });
    engine.watch();
    return engine;
  }
  const engine = new EmbeddedEngine(db);
  engine.watch();
  return engine;
}
