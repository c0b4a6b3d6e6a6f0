import { getDb, type Db } from "../../db/client";
import { EmbeddedEngine } from "./embedded/engine";
import type { SearchEngine } from "./types";

// Which engine serves searches: SEARCH_ENGINE=embedded (default) or typesense.

export type EngineName = "embedded" | "typesense";

export function configuredEngine(env = process.env): EngineName {
  return env.SEARCH_ENGINE === "typesense" ? "typesense" : "embedded";
}

export async function createEngine(db: Db, name: EngineName = configuredEngine()): Promise<SearchEngine> {
  if (name === "typesense") {
    const { TypesenseEngine } = await import("./typesense/engine");
    const url = process.env.TYPESENSE_URL;
    if (!url) throw new Error("SEARCH_ENGINE=typesense kræver TYPESENSE_URL");
    const engine = new TypesenseEngine({ db, url, apiKey: process.env.TYPESENSE_API_KEY ?? "" });
    engine.watch();
    return engine;
  }
  const engine = new EmbeddedEngine(db);
  engine.watch();
  return engine;
}

const GLOBAL_KEY = Symbol.for("pistepris.searchEngine");

/** The process-wide engine, shared by the server entry (which warms it) and the Remix build. */
export function getSearchEngine(): Promise<SearchEngine> {
  const g = globalThis as unknown as Record<symbol, Promise<SearchEngine> | undefined>;
  return (g[GLOBAL_KEY] ??= createEngine(getDb()));
}
