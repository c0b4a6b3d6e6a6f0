import type { ClickSeries } from "~/domain/click-stats";
import { formatCount, formatShortDate } from "~/domain/format";

// Clicks per day as lines, one per travel company, affiliate or banner (the most clicked few),
// drawn on the server; the table under it carries the same numbers for screen readers.

const COLOURS = ["#1d4ed8", "#b91c1c", "#047857", "#a16207", "#7e22ce", "#0f766e"];
/**
 * Series with the same clicks draw the same line: each has its own dash and a width narrower than
 * the one drawn before it, so a line on top of another leaves it showing at its edges and gaps.
 */
const DASHES = ["", "10 4", "3 3", "12 4 3 4", "6 6", "1 3"];
const WIDTHS = [6, 4.5, 3.5, 2.5, 2, 1.5];
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

export function ClickChart({ days, series, caption, id }: { days: string[]; series: ClickSeries[]; caption: string; id: string }) {
  const shown = series.slice(0, COLOURS.length);
  const max = Math.max(1, ...shown.flatMap((s) => s.perDay.map((d) => d.clicks)));
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (days.length - 1));
  const y = (n: number) => HEIGHT - PAD.bottom - (n * (HEIGHT - PAD.top - PAD.bottom)) / max;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <figure className="mb-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-labelledby={`${id}-caption`}
        data-testid={`${id}-chart`}
      >
        <line x1={PAD.left} y1={y(0)} x2={WIDTH - PAD.right} y2={y(0)} stroke="#94a3b8" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={y(0)} stroke="#94a3b8" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill="#334155">
          {formatCount(max)}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill="#334155">
          0
        </text>
        {days.map((day, i) =>
          i % labelEvery === 0 ? (
            <text key={day} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#334155">
              {formatShortDate(day)}
            </text>
          ) : null,
        )}
        {shown.map((s, k) => (
          <polyline
            key={s.key}
            fill="none"
            stroke={COLOURS[k]}
            strokeWidth={WIDTHS[k]}
            strokeDasharray={DASHES[k] || undefined}
            strokeLinecap="butt"
            points={s.perDay.map((d, i) => `${x(i).toFixed(1)},${y(d.clicks).toFixed(1)}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption id={`${id}-caption`} className="mt-1 text-sm text-slate-700">
        {caption}
        <ul className="mt-1 flex flex-wrap gap-x-4">
          {shown.map((s, k) => (
            <li key={s.key} className="flex items-center gap-1">
              <svg aria-hidden="true" width="28" height="8" className="shrink-0" data-testid="chart-key">
                <line
                  x1="0"
                  y1="4"
                  x2="28"
                  y2="4"
                  stroke={COLOURS[k]}
                  strokeWidth={Math.min(WIDTHS[k], 6)}
                  strokeDasharray={DASHES[k] || undefined}
                />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
