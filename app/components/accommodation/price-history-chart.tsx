import { toDay } from "~/domain/dates";
import { formatDayMonth, formatPrice } from "~/domain/format";
import type { CheapestPoint } from "~/domain/price-history";
import { texts } from "~/domain/texts";

// The cheapest price for the party after each import (app/services/offers/price-history.server.ts
// cheapestPriceByImport), as a small server-rendered SVG step line on a time axis that ends today
// (the last price holds until now), with its price axis in kroner: readable without JavaScript,
// with the figures in words and as a table for screen readers and anyone who wants numbers. One
// import is no line: a sentence says the price and since when.

const W = 600;
const H = 160;
const PAD = { left: 4, right: 4, top: 12, bottom: 12 };

/** Each point's place in the chart (y null where nothing was on sale): x by its day, from the first to `today`. */
export function chartCoords(
  points: readonly CheapestPoint[],
  price: (p: CheapestPoint) => number | null,
  today: string,
): Array<{ x: number; y: number | null }> {
  const prices = points.map(price).filter((p): p is number => p !== null);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const width = W - PAD.left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  const first = toDay(points[0].date);
  const span = Math.max(toDay(today), toDay(points.at(-1)!.date)) - first;
  return points.map((point, k) => {
    const p = price(point);
    return {
      // Imports of one day only: spread them evenly.
      x: PAD.left + (span > 0 ? ((toDay(point.date) - first) / span) * width : (k / Math.max(1, points.length - 1)) * width),
      y: p === null ? null : PAD.top + (high === low ? height / 2 : ((high - p) / (high - low)) * height),
    };
  });
}

/** The step path: the price holds from one import to the next, and the last until the chart's end (today); a gap where nothing was on sale. */
export function stepPath(coords: ReadonlyArray<{ x: number; y: number | null }>, end = W - PAD.right): string {
  const parts: string[] = [];
  coords.forEach(({ x, y }, k) => {
    if (y === null) return;
    parts.push(`${k > 0 && coords[k - 1].y !== null ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`);
    parts.push(`H${(k + 1 < coords.length ? coords[k + 1].x : end).toFixed(1)}`);
  });
  return parts.join(" ");
}

export function PriceHistoryChart({
  points,
  perPerson = false,
  today,
}: {
  points: readonly CheapestPoint[];
  perPerson?: boolean;
  /** The chart's end (YYYY-MM-DD, Danish time): the page's day. */
  today: string;
}) {
  const t = texts.prices;
  const price = (p: CheapestPoint) => (perPerson ? p.pricePerPerson : p.price);
  const prices = points.map(price).filter((p): p is number => p !== null);
  if (!prices.length) {
    return (
      <p className="text-sm text-slate-600" data-testid="price-history-empty">
        {t.chartEmpty}
      </p>
    );
  }
  if (points.length === 1) {
    return (
      <p className="text-slate-700" data-testid="price-history-one">
        {t.historyOnePoint(formatPrice(prices[0]), perPerson, formatDayMonth(points[0].date))}
      </p>
    );
  }
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const summary = t.chartSummary(formatDayMonth(points[0].date), formatDayMonth(points.at(-1)!.date), formatPrice(low), formatPrice(high));
  const coords = chartCoords(points, price, today);
  // The price axis: a line and a label at the highest and the lowest price (one at a flat price).
  const levels =
    high === low
      ? [{ price: low, y: H / 2 }]
      : [
          { price: high, y: PAD.top },
          { price: low, y: H - PAD.bottom },
        ];
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="price-history">
      <figcaption className="mb-2">
        <span className="block font-semibold text-brand-900">{t.chartTitle}</span>
        <span className="block text-sm text-slate-600" data-testid="price-history-summary">
          {summary}
        </span>
      </figcaption>
      <p className="mb-1 text-xs font-semibold text-slate-600" data-testid="price-history-unit">
        {t.chartUnit(perPerson)}
      </p>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" aria-hidden="true">
        {/* The chart is H pixels tall, so a level's y is its distance from the top in pixels. */}
        <div className="relative h-40 text-right text-xs tabular-nums text-slate-600" data-testid="price-history-axis">
          {/* Gives the column the width of its widest label. */}
          <span className="invisible block h-0 whitespace-nowrap">{formatPrice(high)}</span>
          {levels.map((level) => (
            <span key={level.y} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${level.y}px` }}>
              {formatPrice(level.price)}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${W} ${H}`} className="block h-40 w-full" focusable="false" preserveAspectRatio="none">
          {levels.map((level) => (
            <line
              key={level.y}
              x1={0}
              x2={W}
              y1={level.y}
              y2={level.y}
              stroke="#e2e8f0"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <line x1={0} x2={W} y1={H - 1} y2={H - 1} stroke="#cbd5e1" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          <path
            d={stepPath(coords)}
            fill="none"
            stroke="#1d4ed8"
            strokeWidth={3}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span />
        <div className="mt-1 flex justify-between text-xs text-slate-600" data-testid="price-history-time">
          <span>{formatDayMonth(points[0].date)}</span>
          <span>{t.chartToday}</span>
        </div>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">{t.chartTable}</summary>
        <table className="mt-2 w-full text-left" data-testid="price-history-table">
          <thead>
            <tr>
              <th scope="col">{t.chartDate}</th>
              <th scope="col">{t.chartPrice}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => {
              const p = price(point);
              return (
                <tr key={point.version}>
                  <td>{formatDayMonth(point.date)}</td>
                  <td>{p === null ? t.notOnSale : formatPrice(p)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
