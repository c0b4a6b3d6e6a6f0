import { describe, expect, it } from "vitest";
import { parseSearchQuery, searchHref, toSearchParams } from "~/domain/url-codec";

const parse = (qs: string) => parseSearchQuery(new URLSearchParams(qs));

describe("URL codec", () => {
  it("gives the default search for an empty query", () => {
    expect(parse("")).toEqual({
      searchData: { searchArea: { type: "all" }, adultCount: 2, childrenCount: 0, arrival: { type: "asap" }, filters: {} },
      sort: "skiScore:desc",
      page: 1,
    });
  });

  it("reads every param and writes it back canonically", () => {
    const qs =
      "destinationSlugs=val-thorens,tirol&adultCount=3&childrenCount=1&weeks=7,8&minPrice=1000&maxPrice=9000" +
      "&minFullPrice=5000&maxFullPrice=90000&minSkiPassDaysCount=2&maxSkiPassDaysCount=6&minRating=3&skiPassIncluded=true" +
      "&mealPlanTypes=halvpension&accommodationFeatures=pool,sauna&travelCompanies=alpetours&sort=price:asc&page=3";
    const q = parse(qs);
    expect(q.searchData.searchArea).toEqual({ type: "destinations", destinationSlugs: ["val-thorens", "tirol"] });
    expect(q.searchData.arrival).toEqual({ type: "weeks", weeks: [7, 8] });
    expect(q.searchData.filters).toEqual({
      minPrice: 1000,
      maxPrice: 9000,
      minFullPrice: 5000,
      maxFullPrice: 90000,
      minSkiPassDaysCount: 2,
      maxSkiPassDaysCount: 6,
      skiPassIncluded: true,
      minRating: 3,
      mealPlanTypes: ["halvpension"],
      accommodationFeatures: { pool: true, sauna: true },
      travelCompanies: ["alpetours"],
    });
    expect(parse(toSearchParams(q).toString())).toEqual(q);
  });

  it("drops malformed values instead of failing", () => {
    const q = parse(
      "adultCount=-1&childrenCount=abc&minPrice=1e9&maxPrice=12.5&minRating=9&sort=evil&page=0&weeks=54,x,7&dates=2027-02-30,2027-02-13&bbox=1,2,3",
    );
    expect(q.searchData.adultCount).toBe(2);
    expect(q.searchData.childrenCount).toBe(0);
    expect(q.searchData.filters).toEqual({}); // 1e9 and 12.5 are not whole kroner in plain digits
    expect(q.sort).toBe("skiScore:desc");
    expect(q.page).toBe(1);
    expect(q.searchData.arrival).toEqual({ type: "weeks", weeks: [7] });
    expect(parse("dates=2027-02-30,2027-02-13").searchData.arrival).toEqual({ type: "dates", dates: ["2027-02-13"] });
    expect(parse("bbox=1,2,3").searchData.searchArea).toEqual({ type: "all" });
    expect(parse("destinationSlugs=<script>,ok-slug").searchData.searchArea).toEqual({
      type: "destinations",
      destinationSlugs: ["ok-slug"],
    });
  });

  it("omits defaults and page 1, keeps commas readable", () => {
    const q = parse("adultCount=2&page=1&sort=skiScore:desc&destinationSlugs=a,b");
    expect(searchHref(q, "/skirejser")).toBe("/skirejser?destinationSlugs=a,b");
    expect(searchHref(parse(""), "/skirejser")).toBe("/skirejser");
  });

  it("reads a geo area", () => {
    expect(parse("bbox=45.1,5.5,46.2,7.25").searchData.searchArea).toEqual({ type: "geo", bbox: [45.1, 5.5, 46.2, 7.25] });
    expect(parse("bbox=46,5,45,7").searchData.searchArea).toEqual({ type: "all" }); // south above north
  });
});

describe("URL codec and plain forms", () => {
  it("reads repeated list params as a GET form sends them", () => {
    const q = parseSearchQuery(new URLSearchParams("travelCompanies=a&travelCompanies=b,c&weeks=7&weeks=8"));
    expect(q.searchData.filters.travelCompanies).toEqual(["a", "b", "c"]);
    expect(q.searchData.arrival).toEqual({ type: "weeks", weeks: [7, 8] });
  });
});
