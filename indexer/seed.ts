import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { trips } from "../db/schema";
import { todayInDenmark } from "../app/domain/dates";
import { defaultSeason, generateDemoFeed } from "./demo/generate";
import { importFeed } from "./import-feed";
import { seedBannersIfEmpty } from "./demo/banners";
import { seedLandingBoxes } from "./demo/landing-boxes";

/** First run: an empty store gets the demo feed, through the same import operators use. */
export async function seedIfEmpty(db: Db, demoTrips: number, imageBase?: string): Promise<void> {
  const banners = seedBannersIfEmpty(db);
  if (banners) console.log(`Tom bannertabel: ${banners} demo-bannere oprettet.`);
  if (seedLandingBoxes(db)) console.log("Tom tabel med forsidebokse: demo-bokse oprettet.");
  const count =
    db
      .select({ n: sql<number>`count(*)` })
      .from(trips)
      .get()?.n ?? 0;
  if (count > 0 || demoTrips === 0) return;
  console.log(`Tom database: indlæser ${demoTrips} demo-rejser …`);
  const lines = generateDemoFeed({ trips: demoTrips, seed: 1, season: defaultSeason(todayInDenmark()), imageBase });
  const feed = Readable.from(
    (function* () {
      for (const line of lines) yield JSON.stringify(line) + "\n";
    })(),
  );
  const summary = await importFeed(db, feed);
  console.log(`Demo-data indlæst: ${summary.added} rejser på ${summary.seconds.toFixed(1)} s.`);
}
