import { describe, expect, it } from "vitest";
import { filterTree, indexTree, normalize, type CountryNode } from "~/domain/destination-tree";
import { areaOf, arrivalOf, peopleLimits, setPeople, STEPS, stepValues, toggleDestination } from "~/components/search-bar/model";
import {
  easterSunday,
  quickPickActive,
  seasonMonths,
  seasonSaturdays,
  seasonWeeks,
  toggleQuickPick,
  weekQuickPicks,
} from "~/domain/season";
import { parseSearchQuery } from "~/domain/url-codec";
import { parseResultsParams, resultsHref } from "~/domain/results-url";
import type { SearchData } from "~/domain/search-data";
import { countsFromIndex } from "~/search/destination-counts";
import { treeFromCounts } from "~/search/destinations.server";
import type { EmbeddedIndex } from "~/search/embedded/build";
import { toDay } from "~/domain/dates";
import { MAX_PARTY_SIZE, MAX_PERSONS } from "~/domain/constants";

const base: SearchData = { searchArea: { type: "all" }, adultCount: 2, childrenCount: 0, arrival: { type: "asap" }, filters: {} };

describe("the steps", () => {
  it("are Hvor, Hvem, Hvornår, each showing its value by name: the place, the party, the arrival", () => {
    expect(STEPS).toEqual(["where", "who", "when"]);
    expect(stepValues(base, {})).toEqual({ where: "Alle destinationer", who: "2 personer", when: "Snarest muligt" });
    expect(
      stepValues(
        {
          ...base,
          searchArea: { type: "destinations", destinationSlugs: ["tirol"] },
          childrenCount: 1,
          arrival: { type: "weeks", weeks: [7, 8] },
        },
        { tirol: "Tirol" },
      ),
    ).toEqual({ where: "Tirol", who: "3 personer", when: "Uge 7–8" });
    expect(stepValues({ ...base, searchArea: { type: "geo", bbox: [45, 6, 47, 8] } }, {}).where).toBe("Området på kortet");
  });
});

describe("Hvem: people limits", () => {
  it("allows adults 1–12, children 0–11 and at most 12 persons in all", () => {
    expect(peopleLimits(2, 0)).toEqual({ adults: [1, 12], children: [0, 10] });
    expect(peopleLimits(1, 0)).toEqual({ adults: [1, 12], children: [0, 11] });
    expect(peopleLimits(4, 8)).toEqual({ adults: [1, 4], children: [0, 8] });
  });
  it("clamps every change to the limits", () => {
    expect(setPeople(base, "adults", 0).adultCount).toBe(1);
    expect(setPeople(base, "adults", 13).adultCount).toBe(12);
    expect(setPeople(base, "children", -1).childrenCount).toBe(0);
    expect(setPeople(base, "children", 11).childrenCount).toBe(10); // 2 adults + 10 = 12
    expect(setPeople({ ...base, adultCount: 1 }, "children", 11).childrenCount).toBe(11);
    expect(setPeople({ ...base, childrenCount: 5 }, "adults", 12).adultCount).toBe(7);
    expect(setPeople(base, "adults", Number.NaN)).toBe(base);
  });
});

describe("Hvornår: the season and the school-holiday quick picks", () => {
  it("computes Easter Sunday", () => {
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2025)).toBe("2025-04-20");
  });
  it("offers vinterferie uge 7 + 8, juleferie and påske of the coming season", () => {
    const picks = weekQuickPicks("2026-11-22");
    expect(picks.map((p) => [p.id, p.label, p.weeks])).toEqual([
      ["vinterferie", "Vinterferie", [7, 8]],
      ["juleferie", "Juleferie", [52, 53]], // 2026 has an ISO week 53
      ["paaske", "Påske", [11, 12]], // Easter 28 March 2027 is in week 12
    ]);
    expect(weekQuickPicks("2027-09-01").find((p) => p.id === "juleferie")!.weeks).toEqual([51, 52]);
    expect(weekQuickPicks("2027-09-01").find((p) => p.id === "paaske")!.weeks).toEqual([14, 15]); // Easter 16 April 2028
  });
  it("toggles a quick pick's weeks on and off, keeping other weeks", () => {
    const [winter] = weekQuickPicks("2026-11-22");
    expect(toggleQuickPick([3], winter)).toEqual([3, 7, 8]);
    expect(toggleQuickPick([7, 3], winter)).toEqual([7, 3, 8]);
    expect(toggleQuickPick([7, 3, 8], winter)).toEqual([3]);
    expect(quickPickActive([8, 7], winter)).toBe(true);
    expect(quickPickActive([7], winter)).toBe(false);
  });
  it("lists the season's weeks, months and Saturdays from today to the end of April", () => {
    const weeks = seasonWeeks("2026-11-22");
    expect(weeks[0]).toMatchObject({ week: 47, from: "2026-11-16", to: "2026-11-22" });
    expect(weeks.at(-1)).toMatchObject({ week: 17, from: "2027-04-26" });
    expect(new Set(weeks.map((w) => w.week)).size).toBe(weeks.length);
    expect(seasonMonths("2026-11-22")).toEqual(["2026-11", "2026-12", "2027-01", "2027-02", "2027-03", "2027-04"]);
    expect(seasonMonths("2027-02-10")).toEqual(["2027-02", "2027-03", "2027-04"]);
    const saturdays = seasonSaturdays("2026-11-22");
    expect(saturdays[0]).toBe("2026-11-28");
    expect(saturdays.at(-1)).toBe("2027-04-24");
    expect(saturdays.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6)).toBe(true);
    // off-season: the next winter, from November
    expect(seasonMonths("2027-06-01")[0]).toBe("2027-11");
  });
  it("an empty choice of a kind is Snarest muligt / all destinations", () => {
    expect(arrivalOf("weeks", { weeks: [], months: [], dates: [] })).toEqual({ type: "asap" });
    expect(arrivalOf("months", { weeks: [7], months: ["2027-02"], dates: [] })).toEqual({ type: "months", months: ["2027-02"] });
    expect(areaOf("destinations", { destinationSlugs: [], tags: ["x"] })).toEqual({ type: "all" });
    expect(areaOf("tags", { destinationSlugs: [], tags: ["x"] })).toEqual({ type: "tags", tags: ["x"] });
  });
});

const TREE: CountryNode[] = [
  {
    slug: "oestrig",
    name: "Østrig",
    count: 30,
    regions: [
      {
        slug: "tirol",
        name: "Tirol",
        count: 20,
        resorts: [
          { slug: "soelden", name: "Sölden", count: 12 },
          { slug: "ischgl", name: "Ischgl", count: 8 },
        ],
      },
      { slug: "salzburgerland", name: "Salzburgerland", count: 10, resorts: [{ slug: "saalbach", name: "Saalbach", count: 10 }] },
    ],
  },
  {
    slug: "frankrig",
    name: "Frankrig",
    count: 5,
    regions: [
      { slug: "les-3-vallees", name: "Les 3 Vallées", count: 5, resorts: [{ slug: "val-thorens", name: "Val Thorens", count: 5 }] },
    ],
  },
];

describe("Hvor: the destination tree", () => {
  it("normalizes Danish letters and accents", () => {
    expect(normalize("Østrig")).toBe("oestrig");
    expect(normalize("Sölden")).toBe("solden");
    expect(normalize("Les 3 Vallées")).toBe("les 3 vallees");
    // A name stored or typed decomposed (a + combining ring) is the same name.
    expect(normalize("A\u030Are")).toBe(normalize("Åre"));
    expect(normalize("å")).toBe("aa");
  });
  it("keeps a matching country or region whole, and only the path to a matching resort", () => {
    expect(filterTree(TREE, "")).toBe(TREE);
    expect(filterTree(TREE, "øst")).toEqual([TREE[0]]);
    expect(filterTree(TREE, "TIROL")).toEqual([{ ...TREE[0], regions: [TREE[0].regions[0]] }]);
    expect(filterTree(TREE, "sol")).toEqual([
      { ...TREE[0], regions: [{ ...TREE[0].regions[0], resorts: [TREE[0].regions[0].resorts[0]] }] },
    ]);
    expect(filterTree(TREE, "vallees")).toEqual([TREE[1]]);
    expect(filterTree(TREE, "val thorens")[0].regions[0].resorts.map((r) => r.slug)).toEqual(["val-thorens"]);
    expect(filterTree(TREE, "zzz")).toEqual([]);
  });
  it("choosing a country or region replaces its chosen resorts", () => {
    const nodes = indexTree(TREE);
    const descendants = (slug: string) => [...nodes].filter(([, v]) => v.ancestors.includes(slug)).map(([s]) => s);
    expect(toggleDestination(["soelden", "val-thorens"], "oestrig", descendants)).toEqual(["val-thorens", "oestrig"]);
    expect(toggleDestination(["ischgl"], "tirol", descendants)).toEqual(["tirol"]);
    expect(toggleDestination(["tirol"], "tirol", descendants)).toEqual([]);
  });
});

describe("the plain form's area and arrival radios", () => {
  const q = (s: string) => parseSearchQuery(new URLSearchParams(s)).searchData;
  it("ignore lists left ticked under another kind", () => {
    expect(q("area=all&destinationSlugs=tirol&arrival=asap&weeks=7").searchArea).toEqual({ type: "all" });
    expect(q("area=all&destinationSlugs=tirol&arrival=asap&weeks=7").arrival).toEqual({ type: "asap" });
    expect(q("area=tags&destinationSlugs=tirol&tags=luksus").searchArea).toEqual({ type: "tags", tags: ["luksus"] });
    expect(q("arrival=dates&weeks=7&dates=2027-02-13").arrival).toEqual({ type: "dates", dates: ["2027-02-13"] });
    // without the radios the old precedence holds, and an unknown kind is ignored
    expect(q("destinationSlugs=tirol&tags=luksus").searchArea).toEqual({ type: "destinations", destinationSlugs: ["tirol"] });
    expect(q("arrival=bogus&months=2027-02").arrival).toEqual({ type: "months", months: ["2027-02"] });
  });
  it("give the same canonical URL as the JavaScript search bar", () => {
    const form = new URLSearchParams();
    for (const [k, v] of [
      ["area", "destinations"],
      ["destinationSlugs", "tirol"],
      ["destinationSlugs", "val-thorens"],
      ["tags", "luksus"],
      ["adultCount", "3"],
      ["childrenCount", "1"],
      ["arrival", "weeks"],
      ["weeks", "7,8"],
      ["weeks", "7"],
      ["weeks", "8"],
      ["months", "2027-02"],
    ])
      form.append(k, v);
    expect(resultsHref(parseResultsParams(form))).toBe(
      "/skirejser?destinationSlugs=tirol,val-thorens&adultCount=3&childrenCount=1&weeks=7,8",
    );
  });
});

/** A synthetic embedded index of `n` trips over 200 accommodations, enough for the counting pass. */
function syntheticIndex(n: number): EmbeddedIndex {
  const accs = 200;
  const resorts = Array.from({ length: 50 }, (_, i) => ({ slug: `r${i}`, name: `Resort ${i}`, region: i % 10, country: i % 5 }));
  const personsStart = new Int32Array(14);
  const per = Math.floor(n / 12);
  for (let p = 1; p <= 13; p++) personsStart[p] = Math.min(n, (p - 1) * per);
  personsStart[13] = n;
  const day = new Int32Array(n);
  const acc = new Int32Array(n);
  const start = toDay("2026-11-01");
  for (let p = 1; p <= 12; p++)
    for (let i = personsStart[p], k = 0; i < personsStart[p + 1]; i++, k++) {
      day[i] = start + Math.floor((k / (personsStart[p + 1] - personsStart[p])) * 180);
      acc[i] = (i * 7919) % accs;
    }
  return {
    generation: 1,
    personsStart,
    day,
    acc,
    accommodations: Array.from({ length: accs }, (_, a) => ({ tags: a % 3 === 0 ? [0] : [1] })),
    accResort: Int32Array.from({ length: accs }, (_, a) => a % 50),
    resorts,
    regions: Array.from({ length: 10 }, (_, i) => ({ slug: `g${i}`, name: `Region ${i}` })),
    countries: Array.from({ length: 5 }, (_, i) => ({ slug: `c${i}`, name: `Land ${i}` })),
    tags: ["familievenlig", "luksus"],
  } as unknown as EmbeddedIndex;
}

describe("destination counts", () => {
  it("count upcoming trips per party size and roll them up resort → region → country, tags by count", () => {
    const ix = syntheticIndex(12_000);
    const counts = countsFromIndex(ix, "2026-11-01");
    const all = treeFromCounts(counts, 0);
    const total = all.countries.reduce((s, c) => s + c.count, 0);
    expect(total).toBe(12_000);
    for (const c of all.countries) expect(c.regions.reduce((s, r) => s + r.count, 0)).toBe(c.count);
    expect(treeFromCounts(counts, 2).countries.reduce((s, c) => s + c.count, 0)).toBe(1000);
    expect(all.tags.reduce((s, t) => s + t.count, 0)).toBe(12_000);
    expect(all.tags[0].count).toBeGreaterThanOrEqual(all.tags[1].count);
    // departed trips are not counted
    const later = treeFromCounts(countsFromIndex(ix, "2027-02-15"), 0);
    expect(later.countries.reduce((s, c) => s + c.count, 0)).toBeLessThan(total / 2);
  });

  it("give a party beyond the data (13 to 23 persons) the same tree with every count 0", () => {
    const counts = countsFromIndex(syntheticIndex(12_000), "2026-11-01");
    const all = treeFromCounts(counts, 0);
    for (const persons of [MAX_PERSONS + 1, MAX_PARTY_SIZE]) {
      const tree = treeFromCounts(counts, persons);
      expect(tree.countries.map((c) => c.slug)).toEqual(all.countries.map((c) => c.slug));
      expect(tree.countries.flatMap((c) => [c.count, ...c.regions.flatMap((r) => [r.count, ...r.resorts.map((x) => x.count)])])).toSatisfy(
        (n: number[]) => n.every((x) => x === 0),
      );
      expect(tree.tags.map((t) => t.count)).toEqual([0, 0]);
    }
  });
});
