import { describe, expect, it } from "vitest";
import { placeBanners } from "../../app/domain/banner-slots";
import {
  atLeastRatingCount,
  byCountDesc,
  facetCounts,
  featureCount,
  filterChips,
  minPriceUpperBound,
  setPriceRange,
  setSkiPassDays,
  showsSkiPassDays,
  toggleFeature,
  toggleListValue,
  toggleRating,
  toggleSkiPassIncluded,
} from "../../app/domain/filters";
import { switchPriceMode } from "../../app/domain/price-mode";
import { hasFilters } from "../../app/domain/search-data";
import {
  barHeight,
  barInRange,
  barRangeInThousands,
  histogramBars,
  histogramCounts,
  histogramFacetKey,
  histogramRequest,
  histogramScheme,
} from "../../app/domain/histogram";
import { pageLinks, pageWindow } from "../../app/domain/pagination";
import { FULL_PRICE_BUCKETS, PER_PERSON_BUCKETS } from "../../app/domain/price-buckets";
import { formNumber, isCanonical, offerHref, parseResultsParams, resultsHref } from "../../app/domain/results-url";
import { searchDescription, searchTitle } from "../../app/domain/search-title";
import { parseSearchQuery } from "../../app/domain/url-codec";
import type { SearchData } from "../../app/domain/search-data";
import type { FacetNumbers } from "../../app/domain/search-result";
import { texts } from "../../app/domain/texts";

describe("price type", () => {
  it("starts in total-price mode when a total bound is present, unless the URL names the price type", () => {
    const mode = (query: string) => parseResultsParams(new URLSearchParams(query)).priceMode;
    expect(mode("")).toBe("perPerson");
    expect(mode("maxFullPrice=20000")).toBe("total");
    expect(mode("minPrice=2000")).toBe("perPerson");
    expect(mode("priceType=total")).toBe("total");
    expect(mode("maxFullPrice=20000&priceType=perPerson")).toBe("perPerson");
  });
  it("switching clears the other mode's bounds", () => {
    expect(switchPriceMode({ minPrice: 1, maxPrice: 5000, minRating: 3 }, "total")).toEqual({ minRating: 3 });
    expect(switchPriceMode({ minFullPrice: 1, maxFullPrice: 5000, minPrice: 7 }, "perPerson")).toEqual({ minPrice: 7 });
  });
});

describe("price range", () => {
  it("sends default bounds as unset", () => {
    expect(setPriceRange({}, "perPerson", 0, 33000)).toEqual({});
    expect(setPriceRange({}, "total", 0, 180000)).toEqual({});
    expect(setPriceRange({}, "total", 3000, 180000)).toEqual({ minFullPrice: 3000 });
    expect(setPriceRange({}, "perPerson", 0, 9000)).toEqual({ maxPrice: 9000 });
  });
  it("keeps the minimum at most the maximum minus 100", () => {
    expect(minPriceUpperBound(5000, 33000)).toBe(4900);
    expect(minPriceUpperBound(undefined, 33000)).toBe(32900);
    expect(setPriceRange({}, "perPerson", 6000, 5000)).toEqual({ minPrice: 4900, maxPrice: 5000 });
    expect(setPriceRange({}, "perPerson", -5, 99999)).toEqual({});
  });
  it("setting one mode's range clears the other's", () => {
    expect(setPriceRange({ minPrice: 100 }, "total", 1000, 20000)).toEqual({ minFullPrice: 1000, maxFullPrice: 20000 });
  });
});

describe("ski pass", () => {
  it("clicking the selected value clears it; Eksklusiv clears and hides the days", () => {
    const f = { minSkiPassDaysCount: 3, maxSkiPassDaysCount: 6 };
    const excluded = toggleSkiPassIncluded(f, false);
    expect(excluded).toEqual({ skiPassIncluded: false });
    expect(showsSkiPassDays(excluded)).toBe(false);
    expect(toggleSkiPassIncluded(excluded, false)).toEqual({});
    expect(toggleSkiPassIncluded(f, true)).toEqual({ ...f, skiPassIncluded: true });
    expect(showsSkiPassDays({ skiPassIncluded: true })).toBe(true);
  });
  it("days 0 to 12, defaults unset", () => {
    expect(setSkiPassDays({}, 0, 12)).toEqual({});
    expect(setSkiPassDays({}, 4, 20)).toEqual({ minSkiPassDaysCount: 4 });
    expect(setSkiPassDays({}, 8, 6)).toEqual({ minSkiPassDaysCount: 6, maxSkiPassDaysCount: 6 });
  });
});

describe("ratings and multi-selects", () => {
  it("clicking the selected star rating clears it", () => {
    expect(toggleRating({}, 4)).toEqual({ minRating: 4 });
    expect(toggleRating({ minRating: 4 }, 4)).toEqual({});
    expect(toggleRating({ minRating: 4 }, 3)).toEqual({ minRating: 3 });
  });
  it("multi-selects toggle and become unset when empty", () => {
    const a = toggleListValue({}, "mealPlanTypes", "halvpension");
    expect(a).toEqual({ mealPlanTypes: ["halvpension"] });
    expect(toggleListValue(a, "mealPlanTypes", "morgenmad")).toEqual({ mealPlanTypes: ["halvpension", "morgenmad"] });
    expect(toggleListValue(a, "mealPlanTypes", "halvpension")).toEqual({});
    const b = toggleFeature({}, "pool");
    expect(b).toEqual({ accommodationFeatures: { pool: true } });
    expect(toggleFeature(b, "pool")).toEqual({});
  });
  it("knows when there is something to reset", () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ minRating: 2 })).toBe(true);
    expect(hasFilters({ accommodationFeatures: {} })).toBe(false);
  });
  it("sorts options by facet count, descending", () => {
    const items = [{ name: "B" }, { name: "A" }, { name: "C" }];
    const counts: Record<string, number> = { A: 5, B: 9, C: 5 };
    expect(byCountDesc(items, (i) => counts[i.name]).map((i) => i.name)).toEqual(["B", "A", "C"]);
  });
});

describe("facet counts", () => {
  const facetNumbers: FacetNumbers = {
    totalCount: 100,
    accommodation_rating: { value: { "5": 4, "4": 10, "3": 20, "1": 1 } },
    accommodation_features_pool: { value: { true: 7, false: 93 } },
  };
  it("reads one facet's counts, {} when the result has none", () => {
    expect(facetCounts(facetNumbers, "accommodation_rating")).toEqual({ "5": 4, "4": 10, "3": 20, "1": 1 });
    expect(facetCounts(facetNumbers, "travelCompanySlug")).toEqual({});
    expect(facetCounts(facetNumbers, "totalCount")).toEqual({});
  });
  it("counts a minimum rating as that many stars or more", () => {
    const byRating = facetCounts(facetNumbers, "accommodation_rating");
    expect([5, 4, 3, 2, 1].map((n) => atLeastRatingCount(byRating, n))).toEqual([4, 14, 34, 34, 35]);
    expect(atLeastRatingCount({}, 3)).toBe(0);
  });
  it("counts a facility's trips", () => {
    expect(featureCount(facetNumbers, "pool")).toBe(7);
    expect(featureCount(facetNumbers, "sauna")).toBe(0);
  });
});

describe("chips", () => {
  it("lists one removable chip per value", () => {
    const chips = filterChips(
      { minPrice: 1000, minRating: 4, travelCompanies: ["alpetours", "x"], accommodationFeatures: { pool: true } },
      {
        mealPlanTypes: [],
        accommodationFeatures: [{ value: "pool", name: "Swimmingpool" }],
        travelCompanies: [{ slug: "alpetours", name: "Alpetours" }],
      },
      {
        price: (m, lo, hi) => `${m}:${lo}-${hi}`,
        rating: (n) => `${n}*`,
        skiPass: (i) => String(i),
        skiPassDays: (lo, hi) => `${lo}-${hi}`,
      },
    );
    expect(chips.map((c) => c.label)).toEqual(["perPerson:1000-undefined", "4*", "Swimmingpool", "Alpetours", "x"]);
    expect(chips[3].remove).toEqual({ minPrice: 1000, minRating: 4, travelCompanies: ["x"], accommodationFeatures: { pool: true } });
    expect(chips[2].remove.accommodationFeatures).toBeUndefined();
  });
});

describe("pagination", () => {
  it("windows of 2, 3 and 5 links around the current page", () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(4, 10, 3)).toEqual([3, 4, 5]);
    expect(pageWindow(4, 10, 2)).toEqual([4, 5]);
    expect(pageWindow(10, 10, 2)).toEqual([9, 10]);
    expect(pageWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });
  it("is hidden for one page and marks each link's screen sizes", () => {
    expect(pageLinks(1, 1)).toEqual([]);
    const links = pageLinks(1, 10);
    expect(links.filter((l) => l.small).map((l) => l.page)).toEqual([1, 2]);
    expect(links.filter((l) => l.mobile).map((l) => l.page)).toEqual([1, 2, 3]);
    expect(links.filter((l) => l.large).map((l) => l.page)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("banners", () => {
  it("puts banners at their 1-based slots and beyond the list at the end", () => {
    const list = placeBanners(
      ["a", "b", "c"],
      [
        { id: 9, position: 50 },
        { id: 1, position: 1 },
        { id: 2, position: 3 },
      ],
    );
    expect(list.map((e) => (e.kind === "item" ? e.item : `B${e.banner.id}`))).toEqual(["B1", "a", "B2", "b", "c", "B9"]);
    expect(placeBanners([], [{ id: 3, position: 2 }])).toEqual([{ kind: "banner", banner: { id: 3, position: 2 } }]);
  });
});

describe("histogram", () => {
  it("bars are 3px at 0, at least 8px above 0 and at most 67px", () => {
    expect(barHeight(0, 10)).toBe(3);
    expect(barHeight(1, 1000)).toBe(8);
    expect(barHeight(1000, 1000)).toBe(67);
    const bars = histogramBars({ "0-750": 10, "750-1500": 5, "33000+": 1 }, PER_PERSON_BUCKETS);
    expect(bars).toHaveLength(45);
    expect(bars[0]).toMatchObject({ from: 0, to: 750, count: 10, heightPx: 67 });
    expect(bars[2].heightPx).toBe(3);
    expect(bars[44]).toMatchObject({ key: "33000+", to: null, heightPx: 8 });
    expect(histogramBars(undefined, FULL_PRICE_BUCKETS)).toHaveLength(61);
  });
  it("asks for the price type's facet of the search without its four price bounds", () => {
    const searchData: SearchData = {
      searchArea: { type: "all" },
      adultCount: 2,
      childrenCount: 0,
      arrival: { type: "asap" },
      filters: { minPrice: 1000, maxPrice: 5000, minFullPrice: 2000, maxFullPrice: 9000, minRating: 3 },
    };
    expect(histogramRequest(searchData, "price:asc", "perPerson")).toEqual({
      searchData: { ...searchData, filters: { minRating: 3 } },
      sortingMethod: "price:asc",
      requiredFacetFields: ["pricePerPersonRange"],
    });
    expect(histogramRequest(searchData, "skiScore:desc", "total").requiredFacetFields).toEqual(["priceRange"]);
    // the search itself is left as it was
    expect(searchData.filters.minPrice).toBe(1000);
    expect(histogramFacetKey("total")).toBe("priceRange");
    expect(histogramScheme("total")).toBe(FULL_PRICE_BUCKETS);
    expect(histogramScheme("perPerson")).toBe(PER_PERSON_BUCKETS);
  });
  it("reads the price type's counts from an answer", () => {
    const answer: FacetNumbers = { totalCount: 3, priceRange: { value: { "0-3000": 3 } } };
    expect(histogramCounts(answer, "total")).toEqual({ "0-3000": 3 });
    expect(histogramCounts(answer, "perPerson")).toBeUndefined();
    expect(histogramCounts(undefined, "total")).toBeUndefined();
  });
  it("colours the bars in the selected range and labels them in thousands of kroner", () => {
    const bars = histogramBars({}, PER_PERSON_BUCKETS);
    const inRange = (min: number, max: number | undefined) => bars.filter((b) => barInRange(b, min, max)).map((b) => b.key);
    expect(inRange(0, undefined)).toHaveLength(45);
    expect(inRange(1000, 2500)).toEqual(["750-1500", "1500-2250", "2250-3000"]);
    expect(inRange(33000, undefined)).toEqual(["33000+"]);
    const label = (i: number) => {
      const { from, to } = barRangeInThousands(bars[i]);
      return texts.filters.histogramRange(from, to);
    };
    expect(label(4)).toBe("3–3,75 k kr");
    expect(label(0)).toBe("0–0,75 k kr");
    expect(label(44)).toBe("33 k kr+");
    const total = histogramBars({}, FULL_PRICE_BUCKETS);
    expect(texts.filters.histogramRange(barRangeInThousands(total[60]).from, null)).toBe("180 k kr+");
  });
});

describe("results URL", () => {
  const p = (s: string) => parseResultsParams(new URLSearchParams(s));
  it("turns a submitted GET form into the canonical URL", () => {
    const state = p(
      "priceType=perPerson&minPrice=1.500+kr.&maxPrice=33.000+kr.&minRating=4&travelCompanies=alpetours&travelCompanies=sneglad&mealPlanTypes=&minSkiPassDaysCount=0+dage&maxSkiPassDaysCount=6+dage&sort=price:asc",
    );
    expect(resultsHref(state)).toBe(
      "/skirejser?minPrice=1500&maxSkiPassDaysCount=6&minRating=4&travelCompanies=alpetours,sneglad&sort=price:asc",
    );
  });
  it("keeps the price type and the affiliate id, and only the active mode's bounds", () => {
    expect(resultsHref(p("priceType=total&minPrice=100&aff=partner-1"))).toBe("/skirejser?priceType=total&aff=partner-1");
    expect(resultsHref(p("minFullPrice=9000"))).toBe("/skirejser?minFullPrice=9000");
    expect(p("minFullPrice=9000").priceMode).toBe("total");
    expect(resultsHref(p("priceType=perPerson&minFullPrice=9000"))).toBe("/skirejser");
    expect(p("aff=<script>").aff).toBeUndefined();
  });
  it("reads a repeated param of one value by its first value, as the API does; lists merge", () => {
    expect(resultsHref(p("sort=price:asc&sort=discountPercentage:desc"))).toBe("/skirejser?sort=price:asc");
    expect(resultsHref(p("priceType=total&priceType=perPerson"))).toBe("/skirejser?priceType=total");
    expect(p("map=1&map=1").map).toBe(true);
    expect(resultsHref(p("skiPassIncluded=true&skiPassIncluded=false"))).toBe("/skirejser?skiPassIncluded=true");
    expect(resultsHref(p("bbox=45,6,46,7&bbox=45,6,46,7"))).toBe("/skirejser?bbox=45,6,46,7");
    expect(resultsHref(p("page=2&page=3&adultCount=3&adultCount=4"))).toBe("/skirejser?adultCount=3&page=2");
    expect(resultsHref(p("tags=budget&tags=luksus&weeks=7&weeks=8"))).toBe("/skirejser?tags=budget,luksus&weeks=7,8");
    // An empty first value is no value: the next one counts.
    expect(resultsHref(p("sort=&sort=price:asc"))).toBe("/skirejser?sort=price:asc");
  });
  it("Eksklusiv drops ski-pass days", () => {
    expect(resultsHref(p("skiPassIncluded=false&minSkiPassDaysCount=3"))).toBe("/skirejser?skiPassIncluded=false");
  });
  it("recognises canonical query strings, whatever their comma encoding", () => {
    expect(isCanonical("?travelCompanies=a,b", p("travelCompanies=a,b"))).toBe(true);
    expect(isCanonical("?page=1", p("page=1"))).toBe(false);
    expect(isCanonical("", p(""))).toBe(true);
  });
  it("reads Danish-formatted numbers", () => {
    expect(formNumber("23.960 kr.")).toBe("23960");
    expect(formNumber("6 dage")).toBe("6");
    expect(formNumber("12")).toBe("12");
    expect(formNumber("1e9")).toBe("1e9");
  });
  it("carries the affiliate id to the company's offer", () => {
    expect(offerHref("https://example.com/b?x=1", "p1")).toBe("https://example.com/b?x=1&aff=p1");
    expect(offerHref("https://example.com/b", undefined)).toBe("https://example.com/b");
  });
});

describe("title and description", () => {
  it("names the search", () => {
    const q = parseSearchQuery(new URLSearchParams("destinationSlugs=val-thorens,tignes&adultCount=3&weeks=7&page=2"));
    expect(searchTitle(q, { "val-thorens": "Val Thorens" })).toBe(
      "Skirejser til Val Thorens og tignes · 3 personer · uge 7 · side 2 | Pistepris",
    );
    expect(searchDescription(q, { "val-thorens": "Val Thorens" }, 1234)).toContain(
      "1.234 tilgængelige skirejser til Val Thorens og tignes (uge 7) for 3 personer",
    );
    expect(searchTitle(parseSearchQuery(new URLSearchParams()), {})).toBe("Skirejser · 2 personer | Pistepris");
  });

  it("names categories by their Danish labels, not their slugs", () => {
    const q = parseSearchQuery(new URLSearchParams("tags=familievenlig,ski-in-ski-out,ski-safari"));
    expect(searchTitle(q, {})).toBe("Skirejser: Familievenlig, Ski-in/ski-out og Ski safari · 2 personer | Pistepris");
    const description = searchDescription(q, {}, 40);
    expect(description).toContain("i kategorierne Familievenlig, Ski-in/ski-out og Ski safari");
    expect(description).not.toMatch(/familievenlig|ski-in-ski-out|ski-safari/);
  });
});
