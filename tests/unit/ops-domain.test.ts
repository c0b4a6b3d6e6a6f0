import { describe, expect, it } from "vitest";
import { pageCount, pageParam } from "../../app/domain/ops-paging";
import { formatDateTime, formatPercent } from "../../app/domain/format";

describe("the dashboard's paging", () => {
  it("reads a page number from 1 up; anything else is page 1", () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "abc", "", "01", "99999999"]) expect(pageParam(bad)).toBe(1);
  });
  it("counts at least one page", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});

describe("formatting for the dashboard", () => {
  it("shows moments in Danish time and shares as Danish percentages", () => {
    // 12:20 UTC is 13:20 in Copenhagen in November.
    expect(formatDateTime(Date.UTC(2026, 10, 23, 12, 20, 5))).toBe("23.11.2026, 13.20.05");
    expect(formatPercent(0.0345)).toBe("3,5\u00a0%");
  });
});
