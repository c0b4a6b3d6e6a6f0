import { isDeepStrictEqual } from "node:util";
import { openDb } from "../../db/client";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import type { SearchEngine } from "~/search/types";
import { currentCatalogue, destinationPage, type DestinationAnswer } from "~/services/destinations/destination-page.server";
import { priceDrops } from "~/services/offers/price-history.server";
import { TODAY } from "./queries";
import { percentile } from "./stats";

// The destination page's loader work (app/routes/destination.tsx: the place, its places' and weeks'
// prices, its search's first cards, and the cards' price drops) for /skiferie and every country,
// region and resort page, on the embedded engine (a warm-up and 3 timed rounds) beside the
// reference SQL (one timed round: its broad searches take seconds), answers checked equal.
// The first page after a new index generation or catalogue change also counts the prices of every
// place and reads the catalogue (placePricesFor, currentCatalogue): timed on its own as "first".

export interface DestinationBench {
  pages: number;
  engines: Array<{ name: string; rounds: number; firstMs: number; p50: number; p95: number; p99: number }>;
  mismatches: number;
}

/** The loader's data: the page and its cards' drops. */
async function loaderWork(db: ReturnType<typeof openDb>, engine: SearchEngine, segments: string[]) {
  const answer: DestinationAnswer = await destinationPage(db, engine, segments, TODAY);
  const drops =
    answer && "page" in answer
      ? priceDrops(
          db,
          answer.page.cards.map((c) => c.trip.id),
        )
      : null;
  return { answer, drops: drops && [...drops] };
}

export async function benchDestinationPages(dbFile: string, { reference = true } = {}): Promise<DestinationBench> {
  const db = openDb(dbFile);
  try {
    const engines: Array<[string, SearchEngine, number]> = [
      ["embedded", new EmbeddedEngine(db), 3],
      ...(reference ? [["reference SQL", new ReferenceSqlEngine(db), 1] as [string, SearchEngine, number]] : []),
    ];
    const out: DestinationBench = { pages: 0, engines: [], mismatches: 0 };
    const answers: unknown[][] = [];
    for (const [name, engine, rounds] of engines) {
      // The first page builds the engine's place prices and the catalogue of this generation.
      const t0 = performance.now();
      await loaderWork(db, engine, []);
      const firstMs = performance.now() - t0;
      const catalogue = currentCatalogue(db, engine);
      const paths: string[][] = [[]];
      for (const level of ["country", "region", "resort"] as const)
        for (const place of catalogue.byLevel[level].values()) paths.push(place.href.split("/").slice(2));
      out.pages = paths.length;
      // The answers of the first round (a warm-up when more rounds follow) are compared.
      const got: unknown[] = [];
      const times: number[] = [];
      for (let round = rounds > 1 ? 0 : 1; round <= rounds; round++) {
        for (const segments of paths) {
          const t = performance.now();
          const answer = await loaderWork(db, engine, segments);
          if (round > 0) times.push(performance.now() - t);
          if (got.length < paths.length) got.push(answer);
        }
      }
      answers.push(got);
      out.engines.push({ name, rounds, firstMs, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
    }
    if (answers.length > 1) out.mismatches = answers[0].filter((a, k) => !isDeepStrictEqual(a, answers[1][k])).length;
    return out;
  } finally {
    db.$client.close();
  }
}
