import { describe, expect, it } from "vitest";
import { fromDay, toDay } from "../../app/domain/dates";
import { formatCount, formatDayMonth, formatPrice, formatShortDate, onFirstUse } from "../../app/domain/format";
import { seededRandom } from "../support/random";

// formatCount writes whole numbers by hand (no Intl formatter at a page's first load,
// app/domain/format.ts); Intl.NumberFormat("da-DK") is what it must write.

const intl = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 0 });

describe("formatCount", () => {
  it("writes what Intl.NumberFormat('da-DK') writes: grouping, signs, rounding half away from zero, the edges", () => {
    const edges = [0, -0, 1, -1, 9, 10, 999, 1000, -1000, 1001, 23960, 99999, 100000, 999999, 1000000, 1234567890];
    const halves = [0.5, 1.5, 2.5, -0.5, -2.5, 999.5, 9999.5, 0.49999999999999994, -0.4, 1e15 + 0.5];
    const big = [Number.MAX_SAFE_INTEGER, 1e20, 1e21, 1.5e22, -1e21];
    const odd = [NaN, Infinity, -Infinity];
    for (const n of [...edges, ...halves, ...big, ...odd]) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  it("agrees with Intl on 20,000 random numbers of every size, whole and not", () => {
    const random = seededRandom(28);
    for (let i = 0; i < 20_000; i++) {
      const size = 10 ** random.int(0, 15);
      const n = (random.chance(0.2) ? -1 : 1) * (random.chance(0.5) ? Math.floor(random.next() * size) : random.next() * size);
      expect(formatCount(n), String(n)).toBe(intl.format(n));
    }
  });

  it("prices: 23960 → '23.960 kr.'", () => {
    expect(formatPrice(23960)).toBe("23.960 kr.");
    expect(formatPrice(1234.5)).toBe("1.235 kr.");
  });
});

describe("formatDayMonth and formatShortDate", () => {
  it("write every day of four years as Intl.DateTimeFormat('da-DK') does: '3. dec.', 'lør. 1. maj'", () => {
    const dayMonth = new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "short", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("da-DK", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
    for (let day = toDay("2026-01-01"); day <= toDay("2029-12-31"); day++) {
      const iso = fromDay(day);
      const date = new Date(`${iso}T00:00:00Z`);
      expect([formatDayMonth(iso), formatShortDate(iso)], iso).toEqual([dayMonth.format(date), short.format(date)]);
    }
    expect([formatDayMonth("2026-12-03"), formatShortDate("2027-05-01")]).toEqual(["3. dec.", "lør. 1. maj"]);
  });

  it("throw on a date that is none, as Intl does", () => {
    expect(() => formatDayMonth("2026-13-40")).toThrow(RangeError);
    expect(() => formatShortDate("ikke en dato")).toThrow(RangeError);
  });
});

describe("onFirstUse", () => {
  it("makes its value at the first call, once", () => {
    let made = 0;
    const value = onFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });
});
