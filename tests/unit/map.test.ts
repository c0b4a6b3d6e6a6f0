import { describe, expect, it } from "vitest";
import { gridClusters, lowestPrice } from "~/domain/map-clusters";
import { isCanonical, parseResultsParams, resultsHref } from "~/domain/results-url";

describe("gridClusters", () => {
  const at = (x: number, y: number, price = 0) => ({ x, y, price });

  it("groups points that share a grid cell and leaves lone points alone", () => {
    const points = [at(1, 1), at(10, 20), at(63, 63), at(64, 0), at(200, 200)];
    const clusters = gridClusters(points, (p) => p, 64);
    const sizes = clusters.map((c) => c.items.length).sort();
    expect(sizes).toEqual([1, 1, 3]);
    const crowd = clusters.find((c) => c.items.length === 3)!;
    expect(crowd.x).toBeCloseTo((1 + 10 + 63) / 3);
    expect(crowd.y).toBeCloseTo((1 + 20 + 63) / 3);
  });

  it("keeps every point exactly once, and a smaller cell splits clusters", () => {
    const points = Array.from({ length: 5000 }, (_, i) => at((i * 7919) % 1000, (i * 104729) % 1000));
    const big = gridClusters(points, (p) => p, 100);
    const small = gridClusters(points, (p) => p, 10);
    expect(big.reduce((n, c) => n + c.items.length, 0)).toBe(5000);
    expect(small.reduce((n, c) => n + c.items.length, 0)).toBe(5000);
    expect(big.length).toBeLessThanOrEqual(100);
    expect(small.length).toBeGreaterThan(big.length);
  });

  it("labels a cluster with its lowest price", () => {
    expect(lowestPrice([at(0, 0, 900), at(0, 0, 450), at(0, 0, 700)], (p) => p.price)).toBe(450);
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
