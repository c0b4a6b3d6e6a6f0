import { beforeAll, describe, expect, it } from "vitest";
import { isoWeekday, isoWeekOf, toDay } from "../../app/domain/dates";
import { DEMO_ACCOMMODATION_COUNT, DEMO_COMPANIES, DEMO_FEATURES, DEMO_TAGS } from "../../cli/demo/demo-data";
import { defaultSeason, generateDemoFeed, seasonDepartures } from "../../cli/demo/generate";
import { RESORTS, slugify } from "../../cli/demo/resorts";
import { feedLineSchema, type FeedLine } from "../../cli/feed-schema";

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const SEASON = 2026;

/** The feed's rules as on an import day before the season (the departure window is relative to the import day). */
const lineSchema = feedLineSchema(`${SEASON}-11-01`);
const feed = (trips: number, seed = 1, season = SEASON) => [...generateDemoFeed({ trips, seed, season })];
const ndjson = (lines: FeedLine[]) => lines.map((l) => JSON.stringify(l)).join("\n");

/** Distance in metres between two coordinates (equirectangular; fine at a few km). */
function metres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = (((lng2 - lng1) * Math.PI) / 180) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = ((lat2 - lat1) * Math.PI) / 180;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

describe("demo resorts", () => {
  it("has at least 45 real resorts in at least 8 countries, with clean slugs", () => {
    expect(RESORTS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(RESORTS.map((r) => r.country.slug)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(RESORTS.map((r) => r.slug)).size).toBe(RESORTS.length);
    for (const r of RESORTS) {
      for (const named of [r, r.region, r.country]) {
        expect(named.slug).toMatch(SLUG);
        expect(slugify(named.name)).toBe(named.slug);
      }
      expect(r.transports.length).toBeGreaterThan(0);
      expect(r.priceLevel).toBeGreaterThan(0.4);
      expect(r.priceLevel).toBeLessThan(2);
      // Europe, from Andorra and Bulgaria to Lapland.
      expect(r.lat).toBeGreaterThan(41);
      expect(r.lat).toBeLessThan(69);
      expect(r.lng).toBeGreaterThan(0);
      expect(r.lng).toBeLessThan(26);
    }
  });

  it("slugifies Danish and Alpine letters", () => {
    expect(slugify("Østrig")).toBe("oestrig");
    expect(slugify("Les 3 Vallées")).toBe("les-3-vallees");
    expect(slugify("Åre")).toBe("aare");
    expect(slugify("Sölden")).toBe("solden");
    expect(slugify("Kärnten")).toBe("karnten");
    expect(slugify("Val d'Isère")).toBe("val-d-isere");
    expect(slugify("Beitostølen")).toBe("beitostoelen");
    expect(slugify("Graubünden")).toBe("graubunden");
  });

  it("knows where Val Thorens and Trysil are", () => {
    const vt = RESORTS.find((r) => r.slug === "val-thorens")!;
    expect(vt.country.slug).toBe("frankrig");
    expect(vt.region.slug).toBe("les-3-vallees");
    expect(metres(vt.lat, vt.lng, 45.2983, 6.58)).toBeLessThan(1500);
    const trysil = RESORTS.find((r) => r.slug === "trysil")!;
    expect(trysil.country.name).toBe("Norge");
    expect(trysil.transports).not.toContain("fly");
  });
});

describe("defaultSeason", () => {
  it.each([
    ["2026-11-22", 2026],
    ["2027-03-01", 2026],
    ["2026-12-31", 2026],
    ["2027-01-01", 2026],
    ["2027-04-18", 2026], // Sunday of ISO week 15
    ["2027-04-19", 2027], // the Monday after
    ["2026-06-15", 2026],
    ["2026-01-10", 2025],
  ])("on %s is %i", (today, season) => {
    expect(defaultSeason(today)).toBe(season);
  });
});

describe("seasonDepartures", () => {
  it("lists the Saturdays of weeks 51 (53 in a long year) through 15", () => {
    const s2026 = seasonDepartures(2026); // 2026 has 53 ISO weeks
    expect(s2026.map((d) => d.week)).toEqual([51, 52, 53, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(s2026[0].date).toBe("2026-12-19");
    expect(s2026.at(-1)!.date).toBe("2027-04-17");
    expect(seasonDepartures(2027)).toHaveLength(17);
    for (const d of s2026) expect(isoWeekday(toDay(d.date))).toBe(6);
  });
});

describe("generateDemoFeed", () => {
  it("is deterministic for the same options and differs for another seed", () => {
    const a = ndjson(feed(3000, 7));
    const b = ndjson(feed(3000, 7));
    expect(a).toBe(b);
    expect(ndjson(feed(3000, 8))).not.toBe(a);
    expect(ndjson(feed(3000, 7, 2027))).not.toBe(a);
  });

  it("yields exactly the requested number of lines, a smaller feed being the start of a larger one", () => {
    expect(feed(0)).toHaveLength(0);
    expect(feed(1)).toHaveLength(1);
    expect(feed(1234)).toHaveLength(1234);
    expect(ndjson(feed(500, 3))).toBe(ndjson(feed(2000, 3).slice(0, 500)));
  });

  it("keeps ids unique past the first pass over the offers (suffix -v2, -v3, …)", () => {
    const lines = feed(90_000, 5);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    const later = lines.filter((l) => /-v\d+$/.test(l.id));
    expect(later.length).toBeGreaterThan(0);
    for (const line of later.slice(0, 200)) expect(lineSchema.safeParse(line).success).toBe(true);
  });

  it("is a lazy generator", () => {
    const gen = generateDemoFeed({ trips: 10_000_000, seed: 1, season: SEASON });
    const first = gen.next();
    expect(first.done).toBe(false);
    gen.return(undefined);
  });

  it("rejects nonsense options", () => {
    expect(() => feed(-1)).toThrow(RangeError);
    expect(() => feed(1.5)).toThrow(RangeError);
    expect(() => feed(10, 1, Number.NaN)).toThrow(RangeError);
  });

  describe("50,000 trips", () => {
    let lines: FeedLine[];
    beforeAll(() => {
      lines = feed(50_000, 2024);
    });

    it("are all valid feed lines with unique ids", () => {
      const bad: string[] = [];
      for (const line of lines) {
        const parsed = lineSchema.safeParse(JSON.parse(JSON.stringify(line)));
        if (!parsed.success) bad.push(`${line.id}: ${parsed.error.message}`);
      }
      expect(bad.slice(0, 3)).toEqual([]);
      expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    });

    it("cover the resorts, ~600 accommodations and the dozen companies", () => {
      expect(new Set(lines.map((l) => l.accommodation.destination.slug)).size).toBeGreaterThanOrEqual(45);
      expect(new Set(lines.map((l) => l.accommodation.destination.country.slug)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(lines.map((l) => l.accommodation.destination.region.slug)).size).toBeGreaterThanOrEqual(20);
      const accommodations = new Map(lines.map((l) => [l.accommodation.id, l.accommodation]));
      expect(accommodations.size).toBeGreaterThanOrEqual(DEMO_ACCOMMODATION_COUNT - 10);
      expect(accommodations.size).toBeLessThanOrEqual(DEMO_ACCOMMODATION_COUNT);
      const companies = new Set(lines.map((l) => l.travelCompany.slug));
      expect(companies.size).toBe(DEMO_COMPANIES.length);
      expect(companies.size).toBeGreaterThanOrEqual(10);
      expect(companies.size).toBeLessThanOrEqual(14);
    });

    it("invent plausible accommodations near their resort", () => {
      const accommodations = new Map(lines.map((l) => [l.accommodation.id, l.accommodation]));
      const ratings = [0, 0, 0, 0, 0, 0];
      const featureValues = new Set<string>(DEMO_FEATURES.map((f) => f.value));
      for (const acc of accommodations.values()) {
        ratings[acc.rating]++;
        expect(acc.features.length).toBeGreaterThanOrEqual(2);
        expect(acc.features.length).toBeLessThanOrEqual(8);
        for (const f of acc.features) expect(featureValues.has(f.value)).toBe(true);
        for (const tag of acc.tags) expect(DEMO_TAGS).toContain(tag);
        expect(acc.imageUrl).toBeNull();
        const resort = RESORTS.find((r) => r.slug === acc.destination.slug)!;
        expect(metres(acc.lat, acc.lng, resort.lat, resort.lng)).toBeLessThanOrEqual(2100);
      }
      // Mostly 3 and 4 stars.
      expect((ratings[3] + ratings[4]) / accommodations.size).toBeGreaterThan(0.6);
      expect(new Set(DEMO_FEATURES.map((f) => f.value)).size).toBeGreaterThanOrEqual(15);
    });

    it("depart on the season's Saturdays, weeks 51 through 15", () => {
      for (const date of new Set(lines.map((l) => l.departureDate))) {
        const day = toDay(date);
        expect(isoWeekday(day)).toBe(6);
        const { year, week } = isoWeekOf(day);
        expect((year === SEASON && week >= 51) || (year === SEASON + 1 && week <= 15)).toBe(true);
      }
    });

    it("are busiest and priciest in the winter holidays (weeks 7 and 8)", () => {
      const byWeek = new Map<number, { count: number; sum: number }>();
      for (const l of lines) {
        const { week } = isoWeekOf(toDay(l.departureDate));
        const w = byWeek.get(week) ?? { count: 0, sum: 0 };
        w.count++;
        w.sum += l.pricePerPerson;
        byWeek.set(week, w);
      }
      const mean = (week: number) => byWeek.get(week)!.sum / byWeek.get(week)!.count;
      for (const holiday of [7, 8]) {
        for (const quiet of [3, 12]) {
          expect(byWeek.get(holiday)!.count).toBeGreaterThan(byWeek.get(quiet)!.count * 1.5);
          expect(mean(holiday)).toBeGreaterThan(mean(quiet) * 1.15);
        }
      }
    });

    it("have consistent, realistic prices and offer details", () => {
      let discounted = 0;
      let withSkiPass = 0;
      const persons = new Map<number, number>();
      const transports = new Map<string, number>();
      const perPerson: number[] = [];
      const problems: string[] = [];
      const check = (ok: boolean, l: FeedLine, what: string) => {
        if (!ok) problems.push(`${l.id}: ${what}`);
      };
      const resortBySlug = new Map(RESORTS.map((r) => [r.slug, r]));
      for (const l of lines) {
        check(Number.isInteger(l.pricePerPerson), l, "pricePerPerson is not an integer");
        check(l.price === l.pricePerPerson * l.persons, l, "price is not pricePerPerson × persons");
        if (l.originalPrice != null) {
          discounted++;
          const pct = (l.originalPrice - l.price) / l.price;
          check(pct >= 0.04 && pct <= 0.36, l, `before-price ${Math.round(pct * 100)}% above`);
        }
        if (l.skiPass.included) {
          withSkiPass++;
          check(l.skiPass.days >= 5 && l.skiPass.days <= l.nights, l, `${l.skiPass.days} ski days`);
        } else {
          check(l.skiPass.days === 0, l, "ski days without a ski pass");
        }
        check(l.persons >= 1 && l.persons <= 8, l, `${l.persons} persons`);
        check([6, 7, 8].includes(l.nights), l, `${l.nights} nights`);
        check(l.nights !== 6 || l.transport === "bus", l, "6 nights without the bus");
        check(resortBySlug.get(l.accommodation.destination.slug)!.transports.includes(l.transport), l, "transport");
        check(l.url === `https://${l.travelCompany.slug}.example.dk/rejser/${l.id}`, l, "url");
        check(l.id.startsWith(`${l.travelCompany.slug}-${l.accommodation.id}-${l.departureDate}-${l.transport}-${l.persons}p`), l, "id");
        persons.set(l.persons, (persons.get(l.persons) ?? 0) + 1);
        transports.set(l.transport, (transports.get(l.transport) ?? 0) + 1);
        perPerson.push(l.pricePerPerson);
      }
      expect(problems.slice(0, 5)).toEqual([]);
      expect(discounted / lines.length).toBeGreaterThan(0.28);
      expect(discounted / lines.length).toBeLessThan(0.42);
      expect(withSkiPass / lines.length).toBeGreaterThan(0.52);
      expect(withSkiPass / lines.length).toBeLessThan(0.68);
      // Parties of 2 and 4 are the most common.
      const ranked = [...persons].sort((a, b) => b[1] - a[1]).map(([p]) => p);
      expect(ranked.slice(0, 2).sort()).toEqual([2, 4]);
      expect(transports.size).toBe(3);
      expect(lines.filter((l) => l.nights === 7).length / lines.length).toBeGreaterThan(0.75);
      // Roughly 2,500 to 15,000 kr. per person for the bulk of the offers.
      perPerson.sort((a, b) => a - b);
      expect(perPerson[Math.floor(perPerson.length * 0.05)]).toBeGreaterThan(2000);
      expect(perPerson[Math.floor(perPerson.length * 0.95)]).toBeLessThan(16_000);
      expect(perPerson.at(-1)!).toBeLessThan(45_000);
    });

    it("price a bus trip above driving yourself, and flying above the bus", () => {
      const mean = (transport: string) => {
        const xs = lines.filter((l) => l.transport === transport && l.accommodation.destination.country.slug === "oestrig");
        return xs.reduce((s, l) => s + l.pricePerPerson, 0) / xs.length;
      };
      expect(mean("bus")).toBeGreaterThan(mean("egen-transport"));
      expect(mean("fly")).toBeGreaterThan(mean("bus"));
    });
  });
});
