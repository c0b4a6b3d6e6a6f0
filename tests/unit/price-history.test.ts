import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cheapestByVersion, isDrop, priceChangeOf, priceDropText, type CheapestPoint, type PriceRow } from "../../app/domain/price-history";
import { chartCoords, PriceHistoryChart, stepPath } from "../../app/components/accommodation/price-history-chart";

const at = (day: string) => new Date(`${day}T08:00:00Z`).getTime();
const row = (tripId: string, version: number, price: number | null, day: string): PriceRow => ({
  tripId,
  version,
  price,
  pricePerPerson: price === null ? null : price / 2,
  recordedAt: at(day),
});

describe("an offer's price change", () => {
  it("is its current price, the last different one before and since when the current one holds", () => {
    const rows = [row("a", 1, 12000, "2026-12-01"), row("a", 2, 10800, "2026-12-03"), row("a", 3, 10800, "2026-12-04")];
    const change = priceChangeOf(rows);
    expect(change).toEqual({ price: 10800, previousPrice: 12000, previousPricePerPerson: 6000, since: "2026-12-03" });
    expect(isDrop(change)).toBe(true);
    expect(priceDropText(change as NonNullable<typeof change> & { previousPrice: number })).toBe(
      "Prisen er faldet 1.200 kr. siden 3. dec.",
    );
  });

  it("skips a spell off sale, has no price off sale, and is no drop when new or risen", () => {
    expect(priceChangeOf([row("a", 1, 9000, "2026-12-01"), row("a", 2, null, "2026-12-02"), row("a", 3, 8000, "2026-12-05")])).toEqual({
      price: 8000,
      previousPrice: 9000,
      previousPricePerPerson: 4500,
      since: "2026-12-05",
    });
    expect(priceChangeOf([row("a", 1, 9000, "2026-12-01"), row("a", 2, null, "2026-12-02")])).toBeNull();
    expect(priceChangeOf([])).toBeNull();
    expect(isDrop(priceChangeOf([row("a", 1, 9000, "2026-12-01")]))).toBe(false);
    expect(isDrop(priceChangeOf([row("a", 1, 9000, "2026-12-01"), row("a", 2, 9500, "2026-12-02")]))).toBe(false);
  });

  it("writes a month without an abbreviation dot with one full stop", () => {
    expect(priceDropText({ price: 9000, previousPrice: 9500, previousPricePerPerson: 4750, since: "2027-05-03" })).toBe(
      "Prisen er faldet 500 kr. siden 3. maj.",
    );
  });

  it("tells the drop per person beside a per-person price, as the card's badge does", () => {
    const drop = { price: 10800, previousPrice: 12000, previousPricePerPerson: 6000, since: "2026-12-03" };
    expect(priceDropText(drop, 5400)).toBe("Prisen er faldet 600 kr. pr. person siden 3. dec.");
    expect(priceDropText(drop)).toBe("Prisen er faldet 1.200 kr. siden 3. dec.");
    // An old row without a per-person price: the whole party's.
    expect(priceDropText({ ...drop, previousPricePerPerson: null }, 5400)).toBe("Prisen er faldet 1.200 kr. siden 3. dec.");
  });
});

describe("the cheapest price per import", () => {
  const rows = [
    row("a", 1, 12000, "2026-12-01"),
    row("b", 1, 9000, "2026-12-01"),
    row("a", 2, 8000, "2026-12-03"),
    row("a", 3, null, "2026-12-05"),
    row("b", 4, null, "2026-12-06"),
  ];
  it("replays the offers' rows", () => {
    expect(cheapestByVersion(rows).map((p) => [p.version, p.date, p.price])).toEqual([
      [1, "2026-12-01", 9000],
      [2, "2026-12-03", 8000],
      [3, "2026-12-05", 9000],
      [4, "2026-12-06", null],
    ]);
  });

  const chart = (points: CheapestPoint[], perPerson = false) =>
    renderToStaticMarkup(createElement(PriceHistoryChart, { points, perPerson, today: "2026-12-10" }));

  it("renders as an SVG with a price axis in kroner, the figures in words and a table, without JavaScript", () => {
    const html = chart(cheapestByVersion(rows));
    expect(html).toContain("<svg");
    expect(html).toMatch(/<path d="M[^"]+"/);
    expect(html).toContain("Billigste pris fra 1. dec. til 6. dec.: laveste 8.000 kr., højeste 9.000 kr.<");
    expect(html).toContain(">Kr. samlet<");
    // The axis: the highest and the lowest price, the first day and today.
    expect(html).toMatch(/>9\.000 kr\.<\/span><span[^>]*>8\.000 kr\.</);
    expect(html).toContain("<span>1. dec.</span><span>I dag</span>");
    expect(html).toContain("<td>6. dec.</td><td>Ikke til salg</td>");
    expect(html).toContain("<details");
    const perPerson = chart(cheapestByVersion(rows), true);
    expect(perPerson).toContain("laveste 4.000 kr.");
    expect(perPerson).toContain(">Kr. pr. person<");
    expect(chart([])).toContain("Ingen prishistorik endnu.");
  });

  it("draws the prices on a time axis up to today, the last price holding until then", () => {
    const points = cheapestByVersion(rows);
    const coords = chartCoords(points, (p) => p.price, "2026-12-10");
    // 1, 3, 5 and 6 December of 1–10 December, between the chart's margins (4 and 596).
    expect(coords.map((c) => Math.round(c.x))).toEqual([4, 136, 267, 333]);
    expect(coords.map((c) => c.y)).toEqual([12, 148, 12, null]);
    expect(stepPath(coords)).toBe("M4.0 12.0 H135.6 L135.6 148.0 H267.1 L267.1 12.0 H332.9");
    const onSale = chartCoords(points.slice(0, 3), (p) => p.price, "2026-12-10");
    expect(stepPath(onSale).endsWith("H596.0")).toBe(true);
  });

  it("says the price in a sentence after one import: no line to draw", () => {
    const one = cheapestByVersion(rows.slice(0, 2));
    expect(one).toHaveLength(1);
    expect(chart(one)).toContain("Den billigste pris har været 9.000 kr. siden 1. dec.<");
    expect(chart(one, true)).toContain("Den billigste pris har været 4.500 kr. pr. person siden 1. dec.<");
    expect(chart(one)).not.toContain("<svg");
  });
});
