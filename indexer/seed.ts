import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { trips } from "../db/schema";
import { todayInDenmark } from "../app/domain/dates";
import { defaultSeason, generateDemoFeed } from "./demo/generate";
import { importFeed } from "./import-feed";
import { seedBannersIfEmpty } from "../app/banners.server";
import { seedLandingBoxes } from "./seed-landing";

export const DEMO_TRIPS = Number(process.env.DEMO_TRIPS ?? 50_000);

/** First run: an empty store gets the demo feed, through the same import operators use. */
export async function seedIfEmpty(db: Db): Promise<void> {
  const banners = seedBannersIfEmpty(db);
  if (banners) console.log(`Tom bannertabel: ${banners} demo-bannere oprettet.`);
  if (seedLandingBoxes(db)) console.log("Tom tabel med forsidebokse: demo-bokse oprettet.");
  const count =
    db
      .select({ n: sql<number>`count(*)` })
      .from(trips)
      .get()?.n ?? 0;
  if (count > 0) return;
  console.log(`Tom database: indlæser ${DEMO_TRIPS} demo-rejser …`);
  const lines = generateDemoFeed({ trips: DEMO_TRIPS, seed: 1, season: defaultSeason(todayInDenmark()) });
  const feed = Readable.from(
    (function* () {
      for (const line of lines) yield JSON.stringify(line) + "\n";
    })(),
  );
  const summary = await importFeed(db, feed);
  console.log(`Demo-data indlæst: ${summary.added} rejser på ${summary.seconds.toFixed(1)} s.`);
}
