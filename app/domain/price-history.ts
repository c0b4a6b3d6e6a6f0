import { todayInDenmark } from "./dates";
import { formatDayMonth, formatPrice } from "./format";
import { texts } from "./texts";

// Reading an offer's price history (rows from db price_history, oldest first): its price now, the
// price before it and since when it holds; and the cheapest price of a set of offers after each
// import, for the accommodation page's chart.

export interface PriceRow {
  tripId: string;
  version: number;
  /** Whole-party price; null: the offer left the sale. */
  price: number | null;
  pricePerPerson: number | null;
  recordedAt: number;
}

export interface PriceChange {
  price: number;
  /** The last different price before the current one; null when it never had another. */
  previousPrice: number | null;
  /** The per-person price of that earlier price; null with it. */
  previousPricePerPerson: number | null;
  /** When the current price began (YYYY-MM-DD, Danish time). */
  since: string;
}

/** One offer's rows, oldest first → its current price and the one before; null when it is not on sale. */
export function priceChangeOf(rows: readonly PriceRow[]): PriceChange | null {
  const last = rows.at(-1);
  if (!last || last.price === null) return null;
  let since = last.recordedAt;
  for (let k = rows.length - 2; k >= 0; k--) {
    const price = rows[k].price;
    if (price === null) continue;
    if (price !== last.price)
      return {
        price: last.price,
        previousPrice: price,
        previousPricePerPerson: rows[k].pricePerPerson,
        since: todayInDenmark(new Date(since)),
      };
    since = rows[k].recordedAt;
  }
  return { price: last.price, previousPrice: null, previousPricePerPerson: null, since: todayInDenmark(new Date(since)) };
}

/** Whether the price fell last time it changed. */
export function isDrop(change: PriceChange | null | undefined): change is PriceChange & { previousPrice: number } {
  return !!change && change.previousPrice !== null && change.previousPrice > change.price;
}

/**
 * "Prisen er faldet 1.200 kr. siden 3. dec." (one full stop, also after a month without one: "siden
 * 3. maj."). Given the offer's per-person price now, the drop per person, as a card priced per
 * person tells it: "Prisen er faldet 600 kr. pr. person siden 3. dec."
 */
export function priceDropText(change: PriceChange & { previousPrice: number }, pricePerPersonNow?: number): string {
  const since = formatDayMonth(change.since);
  const text =
    pricePerPersonNow !== undefined && change.previousPricePerPerson !== null
      ? texts.prices.droppedPerPerson(formatPrice(change.previousPricePerPerson - pricePerPersonNow), since)
      : texts.prices.dropped(formatPrice(change.previousPrice - change.price), since);
  return text.endsWith(".") ? text : `${text}.`;
}

export interface CheapestPoint {
  version: number;
  /** The import's day (YYYY-MM-DD, Danish time). */
  date: string;
  /** The cheapest whole-party price on sale after the import, null when none was. */
  price: number | null;
  pricePerPerson: number | null;
}

/** Rows of many offers, in version order → the cheapest price after each version that changed any of them. */
export function cheapestByVersion(rows: readonly PriceRow[]): CheapestPoint[] {
  const current = new Map<string, { price: number; pricePerPerson: number }>();
  const points: CheapestPoint[] = [];
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k];
    if (row.price === null) current.delete(row.tripId);
    else current.set(row.tripId, { price: row.price, pricePerPerson: row.pricePerPerson ?? row.price });
    if (rows[k + 1]?.version === row.version) continue;
    let best: { price: number; pricePerPerson: number } | null = null;
    for (const offer of current.values()) if (!best || offer.price < best.price) best = offer;
    points.push({
      version: row.version,
      date: todayInDenmark(new Date(row.recordedAt)),
      price: best?.price ?? null,
      pricePerPerson: best?.pricePerPerson ?? null,
    });
  }
  return points;
}
