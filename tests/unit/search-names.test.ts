import { describe, expect, it } from "vitest";
import { agentName, agentSummary, filterNames } from "~/domain/filter-names";
import { arrivalName, placeName, placeNamesInFull } from "~/domain/search-names";
import type { SearchData } from "~/domain/search-data";
import { parseSearchQuery } from "~/domain/url-codec";

// The search in names: what the search bar, the mobile summary's first line and the search agents say.

const NAMES = { "val-thorens": "Val Thorens", tignes: "Tignes", zermatt: "Zermatt", frankrig: "Frankrig" };
const OPTIONS = {
  mealPlanTypes: [{ slug: "halvpension", title: "Halvpension" }],
  accommodationFeatures: [{ value: "pool", name: "Swimmingpool" }],
  travelCompanies: [{ slug: "alpetours", name: "Alpetours" }],
};
const search = (query: string): SearchData => parseSearchQuery(new URLSearchParams(query)).searchData;

describe("the place by name", () => {
  it("names the first place chosen and counts the rest", () => {
    expect(placeName(search("destinationSlugs=val-thorens").searchArea, NAMES)).toBe("Val Thorens");
    expect(placeName(search("destinationSlugs=val-thorens,tignes,zermatt").searchArea, NAMES)).toBe("Val Thorens + 2");
    expect(placeNamesInFull(search("destinationSlugs=val-thorens,tignes,zermatt").searchArea, NAMES)).toBe(
      "Val Thorens, Tignes og Zermatt",
    );
  });

  it("names categories by their label, a map area, and all destinations; an unknown slug stands for itself", () => {
    expect(placeName(search("tags=familievenlig,luksus").searchArea, {})).toBe("Familievenlig + 1");
    expect(placeName(search("bbox=45,6,47,8").searchArea, {})).toBe("Området på kortet");
    expect(placeName(search("").searchArea, {})).toBe("Alle destinationer");
    expect(placeName(search("destinationSlugs=ukendt-sted").searchArea, NAMES)).toBe("ukendt-sted");
  });
});

describe("the arrival by name", () => {
  it("names weeks in season order, consecutive ones as a run", () => {
    expect(arrivalName({ type: "weeks", weeks: [7] })).toBe("Uge 7");
    expect(arrivalName({ type: "weeks", weeks: [8, 7] })).toBe("Uge 7–8");
    expect(arrivalName({ type: "weeks", weeks: [1, 52, 7, 9, 10, 11] })).toBe("Uge 52, 1, 7, 9–11");
  });

  it("names months and dates, two in full and more as the first and a count", () => {
    expect(arrivalName({ type: "months", months: ["2027-02"] })).toBe("Februar");
    expect(arrivalName({ type: "months", months: ["2027-03", "2027-02"] })).toBe("Februar og marts");
    expect(arrivalName({ type: "months", months: ["2027-01", "2027-02", "2027-03"] })).toBe("Januar + 2");
    expect(arrivalName({ type: "dates", dates: ["2027-02-20", "2027-02-13"] })).toBe("13. feb. og 20. feb.");
    expect(arrivalName({ type: "dates", dates: ["2027-02-13", "2027-02-20", "2027-02-27"] })).toBe("13. feb. + 2");
    expect(arrivalName({ type: "asap" })).toBe("Snarest muligt");
  });
});

describe("a search agent's name and summary", () => {
  const data = search(
    "destinationSlugs=val-thorens,tignes&adultCount=4&weeks=7,8&minPrice=3000&mealPlanTypes=halvpension&accommodationFeatures=pool&minRating=4",
  );

  it("lists the set filters as their chips say them", () => {
    expect(filterNames(data, OPTIONS)).toEqual(["Pr. person: fra 3.000 kr.", "4+ stjerner", "Halvpension", "Swimmingpool"]);
  });

  it("names the place, the party, the arrival and the filters", () => {
    expect(agentName(data, NAMES, OPTIONS, 120)).toBe(
      "Val Thorens + 1, 4 personer, Uge 7–8, Pr. person: fra 3.000 kr., 4+ stjerner, Halvpension, Swimmingpool",
    );
    expect(agentName(search(""), NAMES, OPTIONS, 100)).toBe("Alle destinationer, 2 personer, Snarest muligt");
  });

  it("counts the filters that do not fit the name's length", () => {
    const name = agentName(data, NAMES, OPTIONS, 100);
    expect(name).toBe("Val Thorens + 1, 4 personer, Uge 7–8, Pr. person: fra 3.000 kr., 4+ stjerner, + 2 filtre");
    expect(name.length).toBeLessThanOrEqual(100);
    expect(agentName(data, NAMES, OPTIONS, 75)).toBe("Val Thorens + 1, 4 personer, Uge 7–8, Pr. person: fra 3.000 kr., + 3 filtre");
    expect(agentName(data, NAMES, OPTIONS, 50)).toBe("Val Thorens + 1, 4 personer, Uge 7–8, + 4 filtre");
  });

  it("sums up every place and every filter", () => {
    expect(agentSummary(data, NAMES, OPTIONS)).toBe(
      "Val Thorens og Tignes · 4 personer · Uge 7–8 · Pr. person: fra 3.000 kr. · 4+ stjerner · Halvpension · Swimmingpool",
    );
  });
});
