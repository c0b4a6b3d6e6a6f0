import { describe, expect, it } from "vitest";
import { fromDay, isoWeekOf, nextIsoWeek, toDay } from "~/domain/dates";
import { formatDayRange, formatSeconds, formatTenths } from "~/domain/format";
import { bucketKey, bucketKeys, FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "~/domain/price-buckets";
import { departureRanges } from "~/search/compile";

const range = (r: [number, number] | null) => r && r.map(fromDay);

describe("ISO weeks", () => {
  it("finds the next occurrence of a week from today", () => {
    const today = toDay("2026-11-22");
    expect(range(nextIsoWeek(7, today))).toEqual(["2027-02-15", "2027-02-21"]);
    expect(range(nextIsoWeek(51, today))).toEqual(["2026-12-14", "2026-12-20"]);
    expect(range(nextIsoWeek(47, today))).toEqual(["2026-11-16", "2026-11-22"]); // this week, today is its Sunday
    expect(range(nextIsoWeek(46, today))).toEqual(["2027-11-15", "2027-11-21"]);
    expect(range(nextIsoWeek(53, today))).toEqual(["2026-12-28", "2027-01-03"]); // 2026 has 53 weeks
  });

  it("writes a week's days as a Danish span, naming the month once when it has one", () => {
    expect(formatDayRange("2026-12-14", "2026-12-20")).toBe("14.–20. dec.");
    expect(formatDayRange("2026-12-28", "2027-01-03")).toBe("28. dec.–3. jan.");
  });

  it("says a duration in Danish seconds, one of them in the singular", () => {
    expect(formatSeconds(1.04)).toBe("1 sekund");
    expect(formatSeconds(0.96)).toBe("1 sekund");
    expect(formatSeconds(1.06)).toBe("1,1 sekunder");
    expect(formatSeconds(0.4)).toBe("0,4 sekunder");
    expect(formatSeconds(14.36)).toBe("14,4 sekunder");
  });

  it("writes a number to a tenth as da-DK does (the dashboard's import times)", () => {
    expect(formatTenths(14.36)).toBe("14,4");
    expect(formatTenths(1.04)).toBe("1");
    expect(formatTenths(1234.56)).toBe("1.234,6");
  });

  it("numbers weeks around new year", () => {
    expect(isoWeekOf(toDay("2027-01-01"))).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf(toDay("2027-01-04"))).toEqual({ year: 2027, week: 1 });
  });
});

describe("departure ranges", () => {
  const today = toDay("2027-02-17");
  it("clips to today and merges", () => {
    const r = departureRanges({ type: "months", months: ["2027-02", "2027-03", "2026-12"] }, today);
    expect(r.map(([a, b]) => [fromDay(a), fromDay(b)])).toEqual([["2027-02-17", "2027-03-31"]]);
    expect(departureRanges({ type: "dates", dates: ["2027-02-16"] }, today)).toEqual([]);
    expect(departureRanges({ type: "asap" }, today)[0][0]).toBe(today);
  });
});

describe("price buckets", () => {
  it("has the price bands of docs/search.md with an open-ended last bucket", () => {
    const full = bucketKeys(FULL_PRICE_BUCKETS);
    expect(full).toHaveLength(61);
    expect(full[0]).toBe("0-3000");
    expect(full[59]).toBe("177000-180000");
    expect(full[60]).toBe("180000+");
    const perPerson = bucketKeys(PER_PERSON_BUCKETS);
    expect(perPerson).toHaveLength(45);
    expect(perPerson[43]).toBe("32250-33000");
    expect(perPerson[44]).toBe("33000+");
  });

  it("puts the lower bound in its bucket and missing prices in 'unknown'", () => {
    expect(bucketKey(3000, FULL_PRICE_BUCKETS)).toBe("3000-6000");
    expect(bucketKey(2999.99, FULL_PRICE_BUCKETS)).toBe("0-3000");
    expect(bucketKey(180000, FULL_PRICE_BUCKETS)).toBe("180000+");
    expect(bucketKey(750, PER_PERSON_BUCKETS)).toBe("750-1500");
    expect(bucketKey(null, PER_PERSON_BUCKETS)).toBe("unknown");
  });
});
