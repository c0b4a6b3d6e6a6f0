import { describe, expect, it } from "vitest";
import { areaSummary, arrivalSummary, peopleSummary, searchSummary } from "~/domain/search-summary";
import { parseSearchQuery } from "~/domain/url-codec";

describe("search summary texts", () => {
  it("counts destinations as områder and tags as kategorier", () => {
    expect(areaSummary({ type: "destinations", destinationSlugs: ["a"] })).toBe("1 område");
    expect(areaSummary({ type: "destinations", destinationSlugs: ["a", "b", "c"] })).toBe("3 områder");
    expect(areaSummary({ type: "tags", tags: ["x"] })).toBe("1 kategori");
    expect(areaSummary({ type: "tags", tags: ["x", "y"] })).toBe("2 kategorier");
  });

  it("says Alle / Alle destinationer and Geo / Geo område by width", () => {
    expect(areaSummary({ type: "all" }, "compact")).toBe("Alle");
    expect(areaSummary({ type: "all" }, "full")).toBe("Alle destinationer");
    expect(areaSummary({ type: "geo", bbox: [1, 2, 3, 4] }, "compact")).toBe("Geo");
    expect(areaSummary({ type: "geo", bbox: [1, 2, 3, 4] }, "full")).toBe("Geo område");
  });

  it("adds adults and children as personer", () => {
    expect(peopleSummary(1, 0)).toBe("1 person");
    expect(peopleSummary(2, 0)).toBe("2 personer");
    expect(peopleSummary(2, 3)).toBe("5 personer");
  });

  it("counts weeks, months and dates, or says Snarest muligt", () => {
    expect(arrivalSummary({ type: "weeks", weeks: [7] })).toBe("1 uge");
    expect(arrivalSummary({ type: "weeks", weeks: [7, 8] })).toBe("2 uger");
    expect(arrivalSummary({ type: "months", months: ["2027-02"] })).toBe("1 måned");
    expect(arrivalSummary({ type: "months", months: ["2027-02", "2027-03"] })).toBe("2 måneder");
    expect(arrivalSummary({ type: "dates", dates: ["2027-02-13"] })).toBe("1 dag");
    expect(arrivalSummary({ type: "dates", dates: ["2027-02-13", "2027-02-20", "2027-02-27"] })).toBe("3 dage");
    expect(arrivalSummary({ type: "asap" })).toBe("Snarest muligt");
  });

  it("summarises a whole search from its URL", () => {
    const q = parseSearchQuery(new URLSearchParams("destinationSlugs=val-thorens,tirol&adultCount=2&childrenCount=2&weeks=7,8"));
    expect(searchSummary(q.searchData, "compact")).toEqual(["2 områder", "4 personer", "2 uger"]);
    expect(searchSummary(parseSearchQuery(new URLSearchParams("")).searchData, "compact")).toEqual([
      "Alle",
      "2 personer",
      "Snarest muligt",
    ]);
  });
});
