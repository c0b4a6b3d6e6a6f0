import { formatDayMonth, formatPrice } from "~/domain/format";
import type { CheapestPoint } from "~/domain/price-history";
import { texts } from "~/domain/texts";

// The cheapest price for the party after each import (app/services/offers/price-history.server.ts
// cheapestPriceByImport), as a small server-rendered SVG step line: readable without JavaScript,
// with the figures in words and as a table for screen readers and anyone who wants numbers.

const W = 600;
const H = 160;
const PAD = { left: 8, right: 8, top: 12, bottom: 12 };

/** Each point's place in the chart (y null where nothing was on sale). */
export function chartCoords(
  points: readonly CheapestPoint[],
  price: (p: CheapestPoint) => number | null,
): Array<{ x: number; y: number | null }> {
  const prices = points.map(price).filter((p): p is number => p !== null);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const width = W - PAD.left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  return points.map((point, k) => {
    const p = price(point);
    return {
      x: PAD.left + (points.length === 1 ? width / 2 : (k / (points.length - 1)) * width),
      y: p === null ? null : PAD.top + (high === low ? height / 2 : ((high - p) / (high - low)) * height),
    };
  });
}

/** The step path: the price holds from one import to the next; a gap where nothing was on sale. */
export function stepPath(coords: ReadonlyArray<{ x: number; y: number | null }>): string {
  const parts: string[] = [];
  coords.forEach(({ x, y }, k) => {
    if (y === null) return;
    parts.push(`${k > 0 && coords[k - 1].y !== null ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`);
    if (k + 1 < coords.length) parts.push(`H${coords[k + 1].x.toFixed(1)}`);
  });
  return parts.join(" ");
}

export function PriceHistoryChart({ points, perPerson = false }: { points: readonly CheapestPoint[]; perPerson?: boolean }) {
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
  const summary = t.chartSummary(
    formatDayMonth(points[0].date),
    formatDayMonth(points.at(-1)!.date),
    formatPrice(Math.min(...prices)),
    formatPrice(Math.max(...prices)),
  );
  const coords = chartCoords(points, price);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="price-history">
      <figcaption className="mb-2">
        <span className="block font-semibold text-brand-900">{t.chartTitle}</span>
        <span className="block text-sm text-slate-600" data-testid="price-history-summary">
          {summary}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full" aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line x1={0} x2={W} y1={H - 1} y2={H - 1} stroke="#cbd5e1" strokeWidth={1} />
        <path d={stepPath(coords)} fill="none" stroke="#1d4ed8" strokeWidth={3} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        {coords.map(({ x, y }, k) => (y === null ? null : <circle key={k} cx={x} cy={y} r={4} fill="#1d4ed8" />))}
      </svg>
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
