import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { EmbeddedEngine } from "~/search/embedded/engine";
import { setResortFacts } from "~/services/destinations/resort-facts.server";
import { buildSitemaps } from "~/services/destinations/sitemap.server";
import { importFeed } from "../../cli/import-feed";
import { feedStream, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";

// The sitemaps (app/services/destinations/sitemap.server.ts): the pages with something for sale,
// split by 50,000 (here by 2), each URL's lastmod the day its data last changed.

const ORIGIN = "https://pistepris.example";
const xml = new XMLParser({ isArray: (name) => name === "sitemap" || name === "url" });

const tirol = { region: { slug: "tirol", name: "Tirol" }, country: { slug: "oestrig", name: "Østrig" } };
const solden = { slug: "solden", name: "Sölden", ...tirol };
const ischgl = { slug: "ischgl", name: "Ischgl", ...tirol };
const offer = (id: string, company: string, accommodation: string, destination: typeof solden, price: number) =>
  trip({
    id,
    travelCompany: { slug: company, name: company },
    departureDate: departureInDays(60),
    price: price * 2,
    pricePerPerson: price,
    originalPrice: undefined,
    accommodation: { id: accommodation, name: accommodation, destination },
  });

let db: Db;
beforeAll(async () => {
  db = tempDb().db;
  await importFeed(
    db,
    feedStream([
      offer("a1", "alpetours", "hotel-a", solden, 5000),
      offer("b1", "alpetours", "hotel-b", solden, 6000),
      offer("c1", "alpetours", "hotel-c", ischgl, 7000),
      offer("d1", "bjergrejser", "hotel-d", ischgl, 8000),
    ]),
    { now: new Date("2026-11-01T10:00:00Z") },
  );
  // Ten days on, hotel-b's price changes, and hotel-d's only offer leaves the sale.
  await importFeed(
    db,
    feedStream([
      offer("a1", "alpetours", "hotel-a", solden, 5000),
      offer("b1", "alpetours", "hotel-b", solden, 5500),
      offer("c1", "alpetours", "hotel-c", ischgl, 7000),
      offer("x1", "bjergrejser", "hotel-a", solden, 9000),
    ]),
    { now: new Date("2026-11-11T10:00:00Z"), maxRetireShare: 1 },
  );
});
afterAll(() => db?.$client.close());

/** Each file's URLs (paths) with their lastmod. */
function read(sitemaps: ReturnType<typeof buildSitemaps>) {
  const index = xml.parse(sitemaps.index).sitemapindex.sitemap as Array<{ loc: string; lastmod: string }>;
  const files = index.map((s) => {
    const name = s.loc.slice(`${ORIGIN}/sitemaps/`.length);
    const urls = xml.parse(sitemaps.files.get(name)!).urlset.url as Array<{ loc: string; lastmod: string }>;
    return { name, lastmod: s.lastmod, urls: urls.map((u) => [u.loc.slice(ORIGIN.length), u.lastmod]) };
  });
  return files;
}

describe("the sitemaps", () => {
  it("list the pages with something for sale, each with the day its data last changed", () => {
    const files = read(buildSitemaps(db, new EmbeddedEngine(db), ORIGIN));
    expect(files).toEqual([
      {
        name: "destinationer.xml",
        lastmod: "2026-11-11",
        urls: [
          ["/skiferie", "2026-11-11"],
          ["/skiferie/ischgl", "2026-11-11"],
          ["/skiferie/oestrig", "2026-11-11"],
          ["/skiferie/solden", "2026-11-11"],
          ["/skiferie/tirol", "2026-11-11"],
        ],
      },
      {
        name: "ophold-1.xml",
        lastmod: "2026-11-11",
        urls: [
          // hotel-a got a new offer, hotel-b a new price; hotel-c is as it was; hotel-d has nothing for sale.
          ["/ophold/hotel-a", "2026-11-11"],
          ["/ophold/hotel-b", "2026-11-11"],
          ["/ophold/hotel-c", "2026-11-01"],
        ],
      },
    ]);
  });

  it("take a resort's facts as a change of its page and the places above it", () => {
    // ischgl's lastmod came from hotel-d leaving the sale (2026-11-11); a later fact moves it on.
    expect(setResortFacts(db, "ischgl", { lifts: 45 }, "CLI", new Date("2026-11-20T08:00:00Z")).ok).toBe(true);
    const [destinations] = read(buildSitemaps(db, new EmbeddedEngine(db), ORIGIN));
    expect(Object.fromEntries(destinations.urls)).toMatchObject({
      "/skiferie": "2026-11-20",
      "/skiferie/oestrig": "2026-11-20",
      "/skiferie/tirol": "2026-11-20",
      "/skiferie/ischgl": "2026-11-20",
      "/skiferie/solden": "2026-11-11",
    });
  });

  it("split a list longer than a file may hold", () => {
    const files = read(buildSitemaps(db, new EmbeddedEngine(db), ORIGIN, 2));
    expect(files.map((f) => [f.name, f.urls.length])).toEqual([
      ["destinationer-1.xml", 2],
      ["destinationer-2.xml", 2],
      ["destinationer-3.xml", 1],
      ["ophold-1.xml", 2],
      ["ophold-2.xml", 1],
    ]);
    expect(files[4]).toEqual({ name: "ophold-2.xml", lastmod: "2026-11-01", urls: [["/ophold/hotel-c", "2026-11-01"]] });
  });
});
