import type { ResultsState } from "~/domain/results-url";
import type { MapData } from "~/domain/search-result";
import type { SearchEngine } from "./types";

/** The map's data for a results-page state (GET /api/map and the `map=1` view): every matching accommodation, from the engine. */
export function mapData(engine: SearchEngine, state: ResultsState): Promise<MapData> {
  return engine.mapPoints({ ...state.query, page: 1 }, state.priceMode);
}
