import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResultsParams } from "~/domain/results-url";
import { loader } from "~/routes/api/map";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { ReferenceSqlEngine } from "~/search/sql/reference";
import type { MapData } from "~/domain/search-result";
import type { Db } from "../../db/client";
import { importLines, tempDb } from "../support/db";
import { trip } from "../support/feed";
import { testContext } from "../support/context";

// GET /api/map: every matching accommodation of the whole result — more than one page —
// with its best trip's price in the chosen price type, the same best trip the results list shows.

const TODAY = "2026-12-01";
const RESORTS = [
  {
    slug: "val-thorens",
    name: "Val Thorens",
    region: { slug: "les-3-vallees", name: "Les 3 Vallées" },
    country: { slug: "frankrig", name: "Frankrig" },
  },
  { slug: "soelden", name: "Sölden", region: { slug: "tirol", name: "Tirol" }, country: { slug: "oestrig", name: "Østrig" } },
];

let db: Db;
let engine: EmbeddedEngine;

beforeAll(async () => {
  db = tempDb().db;
  const lines = [];
  // 45 accommodations (three pages), each with two offers in two months at different prices.
  for (let a = 0; a < 45; a++) {
    const resort = RESORTS[a % 2];
    for (const [k, date] of ["2027-01-16", "2027-02-13"].entries()) {
      const perPerson = 4000 + ((a * 37 + k * 911) % 3000);
      lines.push(
        trip({
          id: `t-${a}-${k}`,
          accommodation: {
            id: `acc-${String(a).padStart(2, "0")}`,
            name: `Hotel ${a}`,
            lat: 45 + a / 100,
            lng: 6 + a / 50,
            destination: resort,
          },
          departureDate: date,
          price: perPerson * 2,
          pricePerPerson: perPerson,
          originalPrice: perPerson * 2 + 1000 * k,
          url: `https://example.dk/${a}/${k}`,
        }),
      );
    }
  }
  await importLines(db, lines, new Date(`${TODAY}T10:00:00Z`));
  engine = new EmbeddedEngine(db);
});
afterAll(() => {
  engine?.stop();
  db?.$client.close();
});

const state = (qs: string) => parseResultsParams(new URLSearchParams(qs));

/** All pages of the reference's list, as map data: what the map must equal. */
async function fromList(qs: string): Promise<MapData> {
  const s = state(qs);
  return new ReferenceSqlEngine(db).mapPoints({ ...s.query, page: 1 }, s.priceMode, TODAY);
}

function normalised(d: MapData) {
  return d.points
    .map((p) => [p[0], p[1], p[2], p[3], p[4], d.resorts[p[5]].slug, p[6], d.companies[p[7]], p[8], p[9], p[10]])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe("map points", () => {
  it("has every matching accommodation, beyond one page, with the list's best trip in each price type and sort", async () => {
    for (const qs of [
      "",
      "priceType=total",
      "sort=biggestDiscount",
      "sort=cheapestTrip&priceType=total",
      "months=2027-02",
      "destinationSlugs=soelden",
    ]) {
      const s = state(qs);
      const map = await engine.mapPoints({ ...s.query, page: 1 }, s.priceMode, TODAY);
      const list = await fromList(qs);
      expect(map.points.length, qs).toBe(list.points.length);
      expect(normalised(map), qs).toEqual(normalised(list));
      expect(map.totalCount).toBe(list.totalCount);
      expect(map.priceMode).toBe(s.priceMode);
      expect(map, qs).toEqual(list);
    }
    const all = await engine.mapPoints(state("").query, "perPerson", TODAY);
    expect(all.points).toHaveLength(45);
    expect(all.accommodationCount).toBe(45);
    const soelden = await engine.mapPoints(state("destinationSlugs=soelden").query, "perPerson", TODAY);
    expect(soelden.points).toHaveLength(22);
    expect(soelden.resorts).toEqual([{ slug: "soelden", name: "Sölden", country: "Østrig" }]);
  });

  it("prices a point per person, or for the party with priceType=total", async () => {
    const per = await engine.mapPoints(state("").query, "perPerson", TODAY);
    const total = await engine.mapPoints(state("priceType=total").query, "total", TODAY);
    const byId = new Map(total.points.map((p) => [p[0], p]));
    for (const p of per.points) expect(byId.get(p[0])?.[3]).toBe(p[3] * 2);
  });
});

describe("GET /api/map", () => {
  async function get(qs: string) {
    const res = await loader({ request: new Request(`http://x/api/map?${qs}`), params: {}, context: testContext(db, { engine }) });
    return { res, body: (await res.json()) as MapData };
  }

  it("answers compact points, resorts and companies, uncached, with its server time", async () => {
    const { res, body } = await get("priceType=total&months=2027-01,2027-02");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Server-Timing")).toMatch(/^map;dur=\d+(\.\d+)?$/);
    expect(Object.keys(body).sort()).toEqual(["accommodationCount", "companies", "points", "priceMode", "resorts", "totalCount"]);
    expect(body.priceMode).toBe("total");
    expect(body.points.length).toBe(45);
    const [id, lat, lng, price, name, resort, rating, company, date, nights, tripId] = body.points[0];
    expect(typeof id).toBe("string");
    expect([lat, lng, price, rating, nights].every((n) => typeof n === "number")).toBe(true);
    expect(typeof name).toBe("string");
    expect(body.resorts[resort].slug).toMatch(/^(val-thorens|soelden)$/);
    expect(body.companies[company]).toBe("Alpetours");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(tripId).toMatch(/^t-\d+-[01]$/);
  });

  it("validates the params as the results page does (bad values dropped, bbox honoured)", async () => {
    const bad = await get("adultCount=abc&sort=nonsense&bbox=1,2");
    expect(bad.res.status).toBe(200);
    const box = await get("bbox=45,6,45.1,6.2");
    expect(box.body.points.length).toBeGreaterThan(0);
    for (const p of box.body.points) {
      expect(p[1]).toBeGreaterThanOrEqual(45);
      expect(p[1]).toBeLessThanOrEqual(45.1);
      expect(p[2]).toBeLessThanOrEqual(6.2);
    }
  });
});
