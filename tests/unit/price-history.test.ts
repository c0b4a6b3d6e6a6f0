import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cheapestByVersion, isDrop, priceChangeOf, priceDropText, type PriceRow } from "../../app/domain/price-history";
import { PriceHistoryChart } from "../../app/components/accommodation/price-history-chart";

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

  it("renders as an SVG with the figures in words and a table, without JavaScript", () => {
    const html = renderToStaticMarkup(createElement(PriceHistoryChart, { points: cheapestByVersion(rows) }));
    expect(html).toContain("<svg");
    expect(html).toMatch(/<path d="M[^"]+"/);
    expect(html).toContain("Billigste pris fra 1. dec. til 6. dec.: laveste 8.000 kr., højeste 9.000 kr.<");
    expect(html).toContain("<td>6. dec.</td><td>Ikke til salg</td>");
    expect(html).toContain("<details");
    const perPerson = renderToStaticMarkup(createElement(PriceHistoryChart, { points: cheapestByVersion(rows), perPerson: true }));
    expect(perPerson).toContain("laveste 4.000 kr.");
    expect(renderToStaticMarkup(createElement(PriceHistoryChart, { points: [] }))).toContain("Ingen prishistorik endnu.");
  });
});
