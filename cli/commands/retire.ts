import type { Db } from "../../db/client";
import type { Config } from "../../app/utils/config.server";
import { formatCount } from "../../app/domain/format";
import { recordLeaving } from "../apply/price-history";
import { applyToOffers, readSides, startOffersChange } from "../apply/sides";
import { reindexAfterImport } from "./reindex";

const BATCH = 400;

/** `retire COMPANY`: takes every offer of the company off sale, on purpose (they stay stored; a later feed brings them back). */
export async function runRetire(db: Db, company: string, config: Pick<Config, "searchEngine" | "typesense">): Promise<number> {
  const release = await startOffersChange(db);
  try {
    const sqlite = db.$client;
    const name = sqlite.prepare("SELECT name FROM travel_companies WHERE slug = ?").pluck().get(company) as string | undefined;
    if (name === undefined) {
      console.error(`Fejl: ukendt rejseselskab: ${company}`);
      return 2;
    }
    const ids = sqlite.prepare("SELECT id FROM trips WHERE company_slug = ? AND available = 1").pluck().all(company) as string[];
    if (!ids.length) {
      console.log(`${name} har ingen tilbud til salg; intet er ændret.`);
      return 0;
    }
    const generation = await applyToOffers(db, readSides(sqlite), {
      *writeSpare(spare, version) {
        const retire = sqlite.prepare(
          `UPDATE ${spare} SET available = 0, changed_version = ? WHERE id IN (SELECT value FROM json_each(?))`,
        );
        const now = new Date();
        for (let k = 0; k < ids.length; k += BATCH) {
          recordLeaving(sqlite, spare, version, now, ids.slice(k, k + BATCH));
          retire.run(version, JSON.stringify(ids.slice(k, k + BATCH)));
          yield;
        }
      },
    });
    console.log(`${formatCount(ids.length)} tilbud fra ${name} er taget af udbud. Indeksgeneration ${generation}.`);
    await reindexAfterImport(db, config);
    return 0;
  } finally {
    release();
  }
}
