import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClickChart } from "~/components/ops/click-chart";
import type { ClickSeries } from "~/domain/click-stats";

// The dashboard's click chart (issue 31.12): two series with the same clicks must both stay visible.
const days = ["2026-11-20", "2026-11-21", "2026-11-22"];
const series = (key: string, label: string): ClickSeries => ({
  key,
  label,
  views: null,
  clicks: 6,
  perDay: days.map(() => ({ views: null, clicks: 2 })),
});

describe("the click chart", () => {
  it("draws equal series as different lines: each its own colour, dash and a narrower width, the key showing the same", () => {
    const html = renderToStaticMarkup(
      createElement(ClickChart, {
        days,
        series: [series("a", "Alpetours"), series("b", "Nordski"), series("c", "Snetours")],
        caption: "Klik",
        id: "t",
      }),
    );
    const lines = [...html.matchAll(/<polyline ([^>]*)>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(3);
    const attr = (s: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(s)?.[1] ?? "";
    // The same points, so only the drawing tells them apart.
    expect(new Set(lines.map((l) => attr(l, "points"))).size).toBe(1);
    expect(new Set(lines.map((l) => attr(l, "stroke"))).size).toBe(3);
    expect(new Set(lines.map((l) => attr(l, "stroke-dasharray"))).size).toBe(3);
    const widths = lines.map((l) => Number(attr(l, "stroke-width")));
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(new Set(widths).size).toBe(3);
    const keys = [...html.matchAll(/data-testid="chart-key"><line ([^>]*)>/g)].map((m) => m[1]);
    expect(keys.map((k) => [attr(k, "stroke"), attr(k, "stroke-dasharray")])).toEqual(
      lines.map((l) => [attr(l, "stroke"), attr(l, "stroke-dasharray")]),
    );
  });
});
