import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { trips } from "../db/schema";
import { todayInDenmark } from "../app/domain/dates";
import { defaultSeason, generateDemoFeed } from "./demo/generate";
import { importFeed } from "./import-feed";
import { importRecorder } from "./import-history";
import { StoreBusyError } from "./apply/lock";
import { seedBannersIfEmpty } from "./demo/banners";
import { seedLandingBoxes } from "./demo/landing-boxes";

/** How the import history names the demo load of a first start. */
export const DEMO_SOURCE = "demo-data (første start)";

/**
 * First run: an empty store gets the demo feed, through the same import operators use, and into
 * the same import history (the dashboard's "Seneste import" links to it). When
 * another indexer command holds the lock (an operator's import into the new store), it waits for
 * that one, and loads nothing if it filled the store; a lock left by a killed start is taken over
 * (cli/apply/lock.ts), so a start killed during its demo load starts again. The demo's banners and
 * landing boxes are added with its trips, never to a store that had trips. Each step is a
 * line through `say` (the server's log: JSON in production).
 */
export async function seedIfEmpty(
  db: Db,
  demoTrips: number,
  imageBase?: string,
  say: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  let waiting = false;
  while (demoTrips > 0 && tripCount(db) === 0) {
    const lines = generateDemoFeed({ trips: demoTrips, seed: 1, season: defaultSeason(todayInDenmark()), imageBase });
    const feed = Readable.from(
      (function* () {
        for (const line of lines) yield JSON.stringify(line) + "\n";
      })(),
    );
    try {
      if (!waiting) say(`Tom database: indlæser ${demoTrips} demo-rejser …`);
      const history = importRecorder(DEMO_SOURCE);
      const summary = await importFeed(db, feed, { onRejected: history.onRejected, onWarning: history.onWarning });
      history.save(db, summary);
      say(`Demo-data indlæst: ${summary.added} rejser på ${summary.seconds.toFixed(1)} s.`);
      // The demo's banners and landing boxes come with its trips only: a store an operator filled
      // (or emptied of banners) never gets them back at a restart.
      const banners = seedBannersIfEmpty(db);
      if (banners) say(`Tom bannertabel: ${banners} demo-bannere oprettet.`);
      if (seedLandingBoxes(db)) say("Tom tabel med forsidebokse: demo-bokse oprettet.");
    } catch (error) {
      if (!(error instanceof StoreBusyError)) throw error;
      if (!waiting) say(`Tom database, men ${error.message.replace(/^En/, "en").replace(/; prøv igen.*$/, "")}: venter på den …`);
      waiting = true;
      await sleep(1_000);
    }
  }
}

function tripCount(db: Db): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(trips)
      .get()?.n ?? 0
  );
}
