import { describe, expect, it } from "vitest";
import { apart, gridClusters, lowestPrice, MARKER_BOX } from "~/domain/map-clusters";
import { seededRandom } from "../support/random";
import { isCanonical, parseResultsParams, resultsHref } from "~/domain/results-url";
import { placesByResort } from "~/domain/map-places";
import type { MapData } from "~/domain/search-result";
import type { FeatureCollection } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110m from "world-atlas/countries-110m.json";
import { continuousCountries } from "~/components/map/base-layer";

describe("gridClusters", () => {
  const at = (x: number, y: number, price = 0) => ({ x, y, price });
  /** The grid alone, markers allowed to touch. */
  const GRID_ONLY = { width: 0, height: 0 };

  it("groups points that share a grid cell and leaves lone points alone", () => {
    const points = [at(1, 1), at(10, 20), at(63, 63), at(64, 0), at(200, 200)];
    const clusters = gridClusters(points, (p) => p, 64, GRID_ONLY);
    const sizes = clusters.map((c) => c.items.length).sort();
    expect(sizes).toEqual([1, 1, 3]);
    const crowd = clusters.find((c) => c.items.length === 3)!;
    expect(crowd.x).toBeCloseTo((1 + 10 + 63) / 3);
    expect(crowd.y).toBeCloseTo((1 + 20 + 63) / 3);
  });

  it("keeps every point exactly once, and a smaller cell splits clusters", () => {
    const points = Array.from({ length: 5000 }, (_, i) => at((i * 7919) % 1000, (i * 104729) % 1000));
    const big = gridClusters(points, (p) => p, 100, GRID_ONLY);
    const small = gridClusters(points, (p) => p, 10, GRID_ONLY);
    expect(big.reduce((n, c) => n + c.items.length, 0)).toBe(5000);
    expect(small.reduce((n, c) => n + c.items.length, 0)).toBe(5000);
    expect(big.length).toBeLessThanOrEqual(100);
    expect(small.length).toBeGreaterThan(big.length);
  });

  it("labels a cluster with its lowest price", () => {
    expect(lowestPrice([at(0, 0, 900), at(0, 0, 450), at(0, 0, 700)], (p) => p.price)).toBe(450);
  });
});

describe("markers never overlap", () => {
  const overlap = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(a.x - b.x) < MARKER_BOX.width && Math.abs(a.y - b.y) < MARKER_BOX.height;

  it("two lone points a few pixels apart across a cell border become one cluster", () => {
    const points = [
      { x: 79, y: 10 },
      { x: 81, y: 12 },
      { x: 400, y: 10 },
    ];
    const groups = gridClusters(points, (p) => p);
    expect(groups.map((g) => g.items.length).sort()).toEqual([1, 2]);
  });

  it("on random maps: every point kept once, and no two markers closer than a marker's footprint", () => {
    const random = seededRandom(31_8);
    for (let round = 0; round < 50; round++) {
      const n = random.int(2, 400);
      const points = Array.from({ length: n }, (_, i) => ({ i, x: random.next() * 1400, y: random.next() * 800 }));
      const groups = gridClusters(points, (p) => p);
      expect(groups.flatMap((g) => g.items.map((p) => p.i)).sort((a, b) => a - b)).toEqual(points.map((p) => p.i));
      for (let a = 0; a < groups.length; a++)
        for (let b = a + 1; b < groups.length; b++) expect(overlap(groups[a], groups[b]), `round ${round}`).toBe(false);
    }
  });

  it("a merged group that moves onto a third is merged with it too", () => {
    const groups = apart(
      [
        { items: [1], x: 0, y: 0 },
        { items: [2], x: 100, y: 0 },
        { items: [3], x: 140, y: 0 },
      ],
      MARKER_BOX,
    );
    expect(groups.map((g) => g.items.sort())).toEqual([[1, 2, 3]]);
  });
});

describe("the map=1 view flag", () => {
  it("is kept by the canonical URL, after priceType=total", () => {
    const state = parseResultsParams(new URLSearchParams("map=1&priceType=total&adultCount=2"));
    expect(state.map).toBe(true);
    expect(resultsHref(state)).toBe("/skirejser?priceType=total&map=1");
    expect(isCanonical("?priceType=total&map=1", state)).toBe(true);
    expect(isCanonical("?map=1&priceType=total", state)).toBe(false);
  });

  it("is dropped unless it is exactly 1", () => {
    expect(parseResultsParams(new URLSearchParams("map=yes")).map).toBeUndefined();
    expect(resultsHref(parseResultsParams(new URLSearchParams("map=0")))).toBe("/skirejser");
  });
});

describe("placesByResort (the map view's list of places)", () => {
  it("groups the points by resort, resorts by country then name, places by price then name, and leaves out empty resorts", () => {
    const data: MapData = {
      priceMode: "perPerson",
      totalCount: 5,
      accommodationCount: 4,
      resorts: [
        { slug: "val-thorens", name: "Val Thorens", country: "Frankrig" },
        { slug: "ischgl", name: "Ischgl", country: "Østrig" },
        { slug: "tignes", name: "Tignes", country: "Frankrig" },
        { slug: "tom", name: "Tom", country: "Andorra" },
      ],
      points: [
        ["a", 45.3, 6.6, 5000, "Ådalen", 0, 4, 0, "2027-02-13", 7, "t-a"],
        ["b", 45.3, 6.6, 4000, "Bjerghytten", 0, 4, 0, "2027-02-13", 7, "t-b"],
        ["c", 47.0, 10.3, 3000, "Chalet", 1, 4, 0, "2027-02-13", 7, "t-c"],
        ["d", 45.4, 6.9, 5000, "Alpen", 2, 4, 0, "2027-02-13", 7, "t-d"],
        ["e", 45.3, 6.6, 4000, "Alpehuset", 0, 4, 0, "2027-02-13", 7, "t-e"],
      ],
      companies: ["Skirejser A/S"],
    };
    const groups = placesByResort(data);
    expect(groups.map((g) => g.resort.slug)).toEqual(["tignes", "val-thorens", "ischgl"]);
    expect(groups[1].places.map((p) => p.id)).toEqual(["e", "b", "a"]);
    expect(groups[1].places[0]).toEqual({ id: "e", name: "Alpehuset", lat: 45.3, lng: 6.6, price: 4000 });
  });
});

describe("the map's own base layer (the countries under the tiles)", () => {
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  const natural = feature(topology, topology.objects.countries);
  /** Per country, its rings' steps of more than 180° of longitude: a line across the whole map. */
  const jumps = (countries: FeatureCollection) =>
    countries.features.flatMap((f) => {
      const g = f.geometry;
      const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
      const n = polygons
        .flat()
        .reduce((sum, ring) => sum + ring.filter((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180).length, 0);
      return n ? [`${String(f.properties?.name)} ${n}`] : [];
    });

  it("draws Russia and Fiji without a line across the world where they cross the antimeridian", () => {
    expect(jumps(natural)).toEqual(["Fiji 2", "Russia 4", "Antarctica 1"]); // the data as it comes
    const drawn = continuousCountries(natural);
    expect(jumps(drawn)).toEqual([]);
    const names = drawn.features.map((f) => f.properties?.name);
    expect(names).toContain("Russia");
    expect(names).toContain("Fiji");
    expect(names).not.toContain("Antarctica");
    expect(drawn.features).toHaveLength(natural.features.length - 1);
  });

  it("leaves every other country's points as they are", () => {
    const drawn = continuousCountries(natural);
    const norway = (c: FeatureCollection) => JSON.stringify(c.features.find((f) => f.properties?.name === "Norway")!.geometry);
    expect(norway(drawn)).toBe(norway(natural));
  });
});
