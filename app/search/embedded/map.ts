import type { PriceMode } from "~/domain/constants";
import { fromDay } from "~/domain/dates";
import type { CompiledSearch } from "../compile";
import type { MapData, MapPoint } from "~/domain/search-result";
import type { EmbeddedIndex } from "./build";
import { runSearch } from "./query";

/**
 * The map's data: every accommodation the search matches, with the price of its best
 * trip in the chosen price type. It is the results page's own scan (runSearch) — the same
 * filters, the same best trip per accommodation under the sort — without sorting or paging.
 */
export function mapPoints(ix: EmbeddedIndex, q: CompiledSearch, priceMode: PriceMode): MapData {
  const points: MapPoint[] = [];
  const resortSlot = new Map<number, number>();
  const companySlot = new Map<number, number>();
  const resorts: MapData["resorts"] = [];
  const companies: string[] = [];
  const slot = <T>(map: Map<number, number>, key: number, list: T[], make: () => T) => {
    let k = map.get(key);
    if (k === undefined) {
      k = list.push(make()) - 1;
      map.set(key, k);
    }
    return k;
  };
  const outcome = runSearch(ix, q, 1, false, (matched, best) => {
    for (const a of matched) {
      const i = best[a];
      const acc = ix.accommodations[a];
      const r = slot(resortSlot, acc.resort, resorts, () => {
        const resort = ix.resorts[acc.resort];
        return { slug: resort.slug, name: resort.name, country: ix.countries[resort.country].name };
      });
      const c = slot(companySlot, ix.company[i], companies, () => ix.companies[ix.company[i]].name);
      const price = priceMode === "total" ? ix.price[i] : ix.pricePerPerson[i];
      points.push([acc.id, acc.lat, acc.lng, price, acc.name, r, acc.rating, c, fromDay(ix.day[i]), ix.nights[i], ix.tripIds.get(i)]);
    }
  });
  return { priceMode, totalCount: outcome.totalCount, accommodationCount: outcome.accommodationCount, points, resorts, companies };
}
