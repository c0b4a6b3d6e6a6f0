import { describe, expect, it } from "vitest";
import { STORE_LIMITS } from "~/domain/constants";
import { LABEL_SIZE, mapPreview, PREVIEW_SIZE } from "~/domain/map-preview";
import { mapSpots } from "~/domain/destination-page";

describe("mapPreview", () => {
  it("draws nothing for no places", () => {
    expect(mapPreview([])).toBeNull();
  });

  it("puts a lone place in the middle of a picture of the map box's shape", () => {
    const preview = mapPreview([[45.3, 6.58]])!;
    expect(preview.width).toBe(PREVIEW_SIZE);
    expect(preview.height).toBe(875);
    expect(preview.dots).toEqual([[500, 438]]);
  });

  it("keeps north up and east right, with room at the edges, for places spread either way", () => {
    // Val Thorens, Sölden, Zermatt: spread east-west.
    const wide = mapPreview([
      [45.3, 6.58],
      [46.97, 11.0],
      [46.02, 7.75],
    ])!;
    const [valThorens, soelden, zermatt] = wide.dots;
    expect(soelden[0]).toBeGreaterThan(zermatt[0]);
    expect(zermatt[0]).toBeGreaterThan(valThorens[0]);
    expect(soelden[1]).toBeLessThan(zermatt[1]);
    expect(zermatt[1]).toBeLessThan(valThorens[1]);
    for (const [x, y] of wide.dots) {
      expect(x).toBeGreaterThanOrEqual(0.09 * wide.width);
      expect(x).toBeLessThanOrEqual(0.91 * wide.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(wide.height);
    }
    // Spread north-south: the picture keeps its shape and the places still fit.
    const tall = mapPreview([
      [69.6, 18.9],
      [45.3, 6.58],
    ])!;
    expect(tall.width / tall.height).toBeCloseTo(8 / 7, 2);
    for (const [x, y] of tall.dots) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(tall.width);
      expect(y).toBeGreaterThanOrEqual(0.05 * tall.height);
      expect(y).toBeLessThanOrEqual(0.95 * tall.height);
    }
  });

  it("draws places closer than a unit of the picture as one dot, whatever their number", () => {
    // As many places as the store may have accommodations (STORE_LIMITS).
    const crowd = Array.from({ length: STORE_LIMITS.accommodations }, (_, i): [number, number] => [
      45 + (i % 7) * 1e-6,
      6 + (i % 11) * 1e-6,
    ]);
    expect(mapPreview([...crowd, [46, 7]])!.dots).toHaveLength(2);
  });
});

describe("mapPreview's labels", () => {
  const boxOf = (l: { name: string; x: number; y: number; anchor: "start" | "end" }) => {
    const length = l.name.length * 0.55 * LABEL_SIZE;
    const left = l.anchor === "start" ? l.x : l.x - length;
    return { left, right: left + length, top: l.y - LABEL_SIZE / 2, bottom: l.y + LABEL_SIZE / 2 };
  };

  it("names a place beside its dot, and on its left at the picture's right edge", () => {
    const places = [
      { name: "Val Thorens", lat: 45.3, lng: 6.58 },
      { name: "Sölden", lat: 46.97, lng: 11.0 },
    ];
    const preview = mapPreview(
      places.map((p) => [p.lat, p.lng]),
      places,
    )!;
    const [valThorens, soelden] = preview.labels;
    expect(valThorens).toMatchObject({ name: "Val Thorens", anchor: "start" });
    expect(valThorens.x).toBeGreaterThan(preview.dots[0][0]);
    expect(valThorens.y).toBe(preview.dots[0][1]);
    expect(soelden).toMatchObject({ name: "Sölden", anchor: "end" });
    expect(soelden.x).toBeLessThan(preview.dots[1][0]);
  });

  it("leaves out a name that would cover another, and keeps every name inside the picture", () => {
    const places = Array.from({ length: 40 }, (_, i) => ({
      name: `Skisportssted ${i}`,
      lat: 45 + (i % 8) * 0.05,
      lng: 6 + Math.floor(i / 8) * 0.1,
    }));
    const preview = mapPreview(
      places.map((p) => [p.lat, p.lng]),
      places,
    )!;
    expect(preview.labels.length).toBeGreaterThan(0);
    expect(preview.labels.length).toBeLessThan(places.length);
    const boxes = preview.labels.map(boxOf);
    for (const [i, a] of boxes.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.right).toBeLessThanOrEqual(preview.width);
      expect(a.top).toBeGreaterThanOrEqual(0);
      expect(a.bottom).toBeLessThanOrEqual(preview.height);
      for (const b of boxes.slice(i + 1)) expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
    }
  });
});

describe("mapSpots", () => {
  const resorts = [{ name: "Val Thorens", lat: 45.3, lng: 6.58 }];
  it("fits the map to the accommodations, and to the resorts' centres where no accommodation has trips", () => {
    expect(mapSpots({ points: [["a", 45.29, 6.57, 4200, "Chalet A"]], resorts })).toEqual([[45.29, 6.57]]);
    expect(mapSpots({ points: [], resorts })).toEqual([[45.3, 6.58]]);
    expect(mapSpots({ points: [], resorts: [] })).toEqual([]);
  });
});
