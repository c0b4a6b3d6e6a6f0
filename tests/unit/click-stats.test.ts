import { describe, expect, it, vi } from "vitest";
import { parsePeriod } from "../../app/domain/click-period";
import { clickCsv, clickRate, clickRows, clickTable, csvCell, daysOf, type HourCount } from "../../app/domain/click-stats";
import { texts } from "../../app/domain/texts";

const t = texts.ops.clicks;
// Wednesday 25 November 2026, 12:00 in Copenhagen (UTC+1).
const NOW = new Date("2026-11-25T11:00:00Z");
const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);

describe("parsePeriod", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(parsePeriod(new URLSearchParams(), NOW)).toEqual({ ok: true, period: { from: "2026-10-27", to: "2026-11-25" } });
  });
  it("takes a given period, and today for a missing end", () => {
    expect(parsePeriod(new URLSearchParams("fra=2026-11-01&til=2026-11-03"), NOW)).toEqual({
      ok: true,
      period: { from: "2026-11-01", to: "2026-11-03" },
    });
    expect(parsePeriod(new URLSearchParams("fra=2026-11-20"), NOW)).toEqual({ ok: true, period: { from: "2026-11-20", to: "2026-11-25" } });
  });
  it("refuses bad dates, a reversed period and one over 366 days, in Danish", () => {
    expect(parsePeriod(new URLSearchParams("fra=2026-02-30&til=2026-03-01"), NOW)).toEqual({ ok: false, error: t.dateInvalid });
    expect(parsePeriod(new URLSearchParams("fra=x"), NOW)).toEqual({ ok: false, error: t.dateInvalid });
    expect(parsePeriod(new URLSearchParams("fra=2026-11-03&til=2026-11-01"), NOW)).toEqual({ ok: false, error: t.toBeforeFrom });
    expect(parsePeriod(new URLSearchParams("fra=2025-01-01&til=2026-01-02"), NOW)).toEqual({ ok: false, error: t.periodTooLong });
    expect(parsePeriod(new URLSearchParams("fra=2025-01-01&til=2026-01-01"), NOW).ok).toBe(true);
  });
});

describe("clickTable", () => {
  const period = { from: "2026-11-23", to: "2026-11-25" };
  const counts: HourCount[] = [
    // 23:30 UTC on the 23rd is 00:30 on the 24th in Copenhagen.
    { key: "b", hour: hourOf("2026-11-23T23:30:00Z"), views: 4, clicks: 1 },
    { key: "b", hour: hourOf("2026-11-24T10:00:00Z"), views: 6, clicks: 2 },
    { key: "a", hour: hourOf("2026-11-23T10:00:00Z"), views: 2, clicks: 1 },
    // Outside the period.
    { key: "a", hour: hourOf("2026-11-22T22:59:00Z"), views: 9, clicks: 9 },
  ];

  it("sums hours into Danish days per key, most clicks first", () => {
    const table = clickTable("bannere", period, counts, (k) => k.toUpperCase(), true);
    expect(daysOf(period)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    expect(table.series.map((s) => [s.label, s.views, s.clicks])).toEqual([
      ["B", 10, 3],
      ["A", 2, 1],
    ]);
    expect(table.series[0].perDay).toEqual([
      { views: 0, clicks: 0 },
      { views: 10, clicks: 3 },
      { views: 0, clicks: 0 },
    ]);
    expect(clickRows(table)).toEqual([
      { day: "2026-11-23", label: "A", views: 2, clicks: 1 },
      { day: "2026-11-24", label: "B", views: 10, clicks: 3 },
    ]);
  });

  it("leaves views null where they are not recorded; the rate needs views", () => {
    const table = clickTable("selskaber", period, counts, (k) => k, false);
    expect(table.series[0]).toMatchObject({ views: null, clicks: 3 });
    expect(clickRate({ views: null, clicks: 3 })).toBeNull();
    expect(clickRate({ views: 0, clicks: 3 })).toBeNull();
    expect(clickRate({ views: 8, clicks: 2 })).toBe(0.25);
  });
});

describe("CSV", () => {
  it("neutralises formulas and quotes separators, quotes and line breaks", () => {
    for (const bad of ["=1+1", "+45", "-2", "@SUM(A1)", "\tx"]) expect(csvCell(bad)).toBe(`'${bad}`);
    expect(csvCell("Alpe;Tours")).toBe('"Alpe;Tours"');
    expect(csvCell('Sne "top"')).toBe('"Sne ""top"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=a;b")).toBe(`"'=a;b"`);
    expect(csvCell("Nordski")).toBe("Nordski");
  });

  it("semicolons, da-DK numbers, a rate in percent, empty where no views", () => {
    const period = { from: "2026-11-24", to: "2026-11-24" };
    const hour = hourOf("2026-11-24T10:00:00Z");
    const banners = clickTable("bannere", period, [{ key: "1", hour, views: 3000, clicks: 1 }], () => "=Ski; skole", true);
    expect(clickCsv(banners)).toBe(`\uFEFFDag;Banner;Visninger;Klik;Klikrate (%)\r\n2026-11-24;"'=Ski; skole";3000;1;0,03\r\n`);
    const companies = clickTable("selskaber", period, [{ key: "a", hour, views: 0, clicks: 12 }], () => "Alpetours", false);
    expect(clickCsv(companies)).toBe(`\uFEFFDag;Rejseselskab;Visninger;Klik;Klikrate (%)\r\n2026-11-24;Alpetours;;12;\r\n`);
  });

  it("makes its number formats at the first CSV, not as the module loads (the clicks page's script imports it)", async () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = new Proxy(Original, { construct: (target, args) => (made++, Reflect.construct(target, args)) });
    try {
      vi.resetModules();
      const fresh = await import("../../app/domain/click-stats");
      expect(made).toBe(0);
      const period = { from: "2026-11-24", to: "2026-11-24" };
      const rows = [{ key: "1", hour: hourOf("2026-11-24T10:00:00Z"), views: 3000, clicks: 1 }];
      fresh.clickCsv(fresh.clickTable("bannere", period, rows, () => "Ski", true));
      expect(made).toBe(2);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
