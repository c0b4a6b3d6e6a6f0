import { describe, expect, it } from "vitest";
import {
  ACCOMMODATION_PATH,
  FACET_NUMBERS_PATH,
  MAX_ADULT_COUNT,
  MAX_CHILDREN_COUNT,
  MAX_PERSONS,
  RESULTS_PATH,
  SEARCH_PATH,
} from "~/domain/constants";
import { texts } from "~/domain/texts";
import { seededRandom } from "../support/random";
import { useServer } from "./support/suite";

// Thousands of random and hostile query strings against the page and the API: no 5xx ever,
// nothing from the URL comes back unescaped, and every page is whole text.

const HOSTILE = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "%00",
  "%ff%fe",
  "%E2%80%AE",
  "'; DROP TABLE trips; --",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "99999999999999999999999",
  "0x1F",
  "1.5",
  "",
  ",,,",
  "a".repeat(5000),
  "😀",
  "[object Object]",
  "true",
  "__proto__",
  "constructor",
];
const PARAMS = [
  "destinationSlugs",
  "tags",
  "bbox",
  "adultCount",
  "childrenCount",
  "weeks",
  "months",
  "dates",
  "minPrice",
  "maxPrice",
  "minFullPrice",
  "maxFullPrice",
  "minSkiPassDaysCount",
  "maxSkiPassDaysCount",
  "skiPassIncluded",
  "minRating",
  "mealPlanTypes",
  "accommodationFeatures",
  "travelCompanies",
  "sort",
  "page",
  "aff",
  "unknown",
  "page[]",
  "__proto__",
];
const MARKER = "<script>alert(1)</script>";

function randomQuery(rng: ReturnType<typeof seededRandom>): string {
  const parts: string[] = [];
  const n = rng.int(1, 8);
  for (let k = 0; k < n; k++) {
    const name = rng.pick(PARAMS);
    const raw = rng.chance(0.5)
      ? encodeURIComponent(rng.pick(HOSTILE))
      : rng.chance(0.5)
        ? String(rng.int(-100, 400000))
        : rng.pick(["val-thorens", "frankrig", "7,8", "2027-02", "2027-02-13", "true", "price:asc", "pool", "45,5,47,8", "2"]);
    // Some raw, unencoded garbage too: repeated params and broken escapes.
    parts.push(rng.chance(0.1) ? `${name}=${rng.pick(["%", "%G1", "&&", "=", "%E0%A4%A"])}` : `${name}=${raw}`);
  }
  return parts.join("&");
}

const suite = useServer({ demoTrips: 3000 });

describe("fuzzing the results page and the API", () => {
  // Ten batches of 500, each a test with its own timeout: a loaded machine slows them down
  // without pushing one past its limit.
  const rng = seededRandom(5000);
  const queries = Array.from({ length: 5000 }, (_, k) => (k % 2 === 0 ? RESULTS_PATH : "/api/search") + "?" + randomQuery(rng));
  for (let from = 0; from < queries.length; from += 500) {
    it(`answers hostile query strings ${from + 1}–${from + 500} of 5,000 without a 5xx or unescaped text`, async () => {
      const failures: string[] = [];
      const queue = queries.slice(from, from + 500);
      const worker = async () => {
        for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
          const res = await fetch(suite.server.url + path);
          const body = await res.text();
          if (res.status >= 500) failures.push(`${res.status} ${path}`);
          if (body.includes(MARKER) || body.includes("onerror=alert")) failures.push(`unescaped ${path}`);
          // A page is text: a NUL byte means the renderer cut a character (æ, ø, å, ★) between chunks.
          if (body.includes("\u0000")) failures.push(`NUL byte in ${path}`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(failures.slice(0, 10)).toEqual([]);
    });
  }

  it("answers hostile posts to the account, agent and saved-trip forms, and undecodable paths, without a 5xx", async () => {
    const rng = seededRandom(77);
    const origin = suite.server.url;
    const paths = [
      "/konto/opret",
      "/konto/log-ind",
      "/konto/log-ud",
      "/konto/bekraeft/abc",
      "/soegeagenter",
      "/gemte-rejser",
      "/soegeagenter/afmeld/x",
    ];
    const fields = [
      "email",
      "password",
      "passwordRepeat",
      "redirectTo",
      "intent",
      "agentId",
      "tripId",
      "tripIds",
      "name",
      "frequency",
      "search",
      "js",
    ];
    const types = [
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "text/plain",
      "application/json",
    ];
    const failures: string[] = [];
    for (let k = 0; k < 600; k++) {
      const path = rng.pick(paths);
      const form = new URLSearchParams();
      for (let f = rng.int(0, 5); f > 0; f--) form.append(rng.pick(fields), rng.pick(HOSTILE));
      const type = rng.pick(types);
      const res = await fetch(origin + path, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": type },
        body: rng.chance(0.8) ? form.toString() : "%%%{",
        redirect: "manual",
      });
      const body = await res.text();
      if (res.status >= 500) failures.push(`${res.status} POST ${path} (${type})`);
      if (body.includes(MARKER) || body.includes("onerror=alert")) failures.push(`unescaped POST ${path}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    // Paths Express cannot decode are a Danish 400, not its English error page.
    for (const path of ["/konto/bekraeft/%00%ff", `${RESULTS_PATH}/%E0%A4%A`, "/ud/%ff"]) {
      const res = await fetch(origin + path);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toBe("Forespørgslen er ugyldig.");
    }
  });

  it("answers malformed facet-number bodies with 400 and a Danish error", async () => {
    const bodies = [
      "not json",
      "[]",
      "{}",
      JSON.stringify({ searchData: {}, requiredFacetFields: [] }),
      JSON.stringify({ searchData: "x", requiredFacetFields: ["priceRange"] }),
      JSON.stringify({ searchData: {}, requiredFacetFields: ["<script>"] }),
      JSON.stringify({ searchData: { adultCount: { $gt: 1 } }, requiredFacetFields: ["priceRange"] }),
    ];
    for (const body of bodies) {
      const res = await fetch(`${suite.server.url}/api/facet-numbers`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, body).toBe(400);
      const json = (await res.json()) as { error: string };
      expect(json.error).toMatch(/Forespørgsle/);
    }
    const ok = await fetch(`${suite.server.url}/api/facet-numbers`, {
      method: "POST",
      body: JSON.stringify({
        searchData: { adultCount: 2, filters: { maxPrice: "abc" } },
        sortingMethod: "price:asc",
        requiredFacetFields: ["priceRange"],
      }),
      headers: { "Content-Type": "application/json" },
    });
    expect(ok.status).toBe(200);
    const json = (await ok.json()) as { facetNumbers: { priceRange: { value: Record<string, number> } } };
    expect(Object.keys(json.facetNumbers.priceRange.value).length).toBeGreaterThan(0);
  });
});

// Every party the URL holds (1–12 adults, 0–11 children: the form's own limits are narrower),
// on every page and endpoint that reads it: a valid page, never a 500; beyond 12 persons (the
// largest party a trip is for, docs/urls.md) an empty one. The results page's map and embed
// views and the landing page read only the party size: one party of each size visits them.
describe("every party size on every page and endpoint", () => {
  interface Tree {
    countries: Array<{ count: number; regions: Array<{ count: number; resorts: Array<{ count: number }> }> }>;
    tags: Array<{ count: number }>;
  }
  const treeTotal = (t: Tree) =>
    t.countries.reduce((s, c) => s + c.count + c.regions.reduce((r, g) => r + g.count + g.resorts.reduce((x, z) => x + z.count, 0), 0), 0) +
    t.tags.reduce((s, g) => s + g.count, 0);

  /** One party's failures: the status, the page being whole, and the emptiness beyond the data. */
  async function checkParty(origin: string, accommodationId: string, adults: number, children: number): Promise<string[]> {
    const failures: string[] = [];
    const persons = adults + children;
    const empty = persons > MAX_PERSONS;
    const party = `adultCount=${adults}&childrenCount=${children}`;
    const page = async (path: string, emptyText?: string) => {
      const res = await fetch(origin + path);
      const body = await res.text();
      if (res.status !== 200) return void failures.push(`${res.status} ${path}`);
      if (!res.headers.get("content-type")?.startsWith("text/html")) failures.push(`not HTML: ${path}`);
      // Whole: the document and Remix's data stream, closed.
      if (!body.includes("</html>") || !body.includes("streamController.close()")) failures.push(`cut short: ${path}`);
      if (body.includes(texts.errors.unexpected)) failures.push(`error page: ${path}`);
      if (empty && emptyText && !body.includes(emptyText)) failures.push(`not empty: ${path}`);
    };
    const json = async <T>(path: string, init?: RequestInit): Promise<T | undefined> => {
      const res = await fetch(origin + path, init);
      const body = await res.text();
      if (res.status !== 200) return void failures.push(`${res.status} ${init?.method ?? "GET"} ${path}`);
      try {
        return JSON.parse(body) as T;
      } catch {
        return void failures.push(`not JSON: ${path}`);
      }
    };

    await page(`${SEARCH_PATH}?${party}`);
    await page(`${RESULTS_PATH}?${party}`, texts.results.noResultsTitle);
    await page(`${ACCOMMODATION_PATH}/${encodeURIComponent(accommodationId)}?${party}`, texts.accommodation.noOffersTitle);
    if (adults === Math.min(MAX_ADULT_COUNT, persons)) {
      await page(`/?${party}`);
      await page(`${RESULTS_PATH}?${party}&map=1`, texts.results.noResultsTitle);
      await page(`${RESULTS_PATH}?${party}&embed=1`, texts.results.noResultsTitle);
    }
    const search = await json<{ items: unknown[]; totalCount: number }>(`/api/search?${party}`);
    if (search && (!Array.isArray(search.items) || (empty && (search.totalCount !== 0 || search.items.length))))
      failures.push(`/api/search ${party}: ${search.totalCount} trips`);
    const map = await json<{ points: unknown[]; totalCount: number }>(`/api/map?${party}`);
    if (map && (!Array.isArray(map.points) || (empty && (map.totalCount !== 0 || map.points.length))))
      failures.push(`/api/map ${party}: ${map.totalCount} trips`);
    const tree = await json<Tree>(`/api/destinations?persons=${persons}`);
    if (tree && (!Array.isArray(tree.countries) || (empty && treeTotal(tree) !== 0)))
      failures.push(`/api/destinations?persons=${persons}: counts ${treeTotal(tree)}`);
    const numbers = await json<{ facetNumbers: { totalCount: number } }>(FACET_NUMBERS_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ searchData: { adultCount: adults, childrenCount: children }, requiredFacetFields: ["priceRange"] }),
    });
    if (numbers && empty && numbers.facetNumbers.totalCount !== 0)
      failures.push(`facet numbers ${party}: ${numbers.facetNumbers.totalCount}`);
    return failures;
  }

  // Twelve batches, one per adult count, each a test with its own timeout.
  for (let adults = 1; adults <= MAX_ADULT_COUNT; adults++) {
    it(`answers ${adults} adult(s) with 0–${MAX_CHILDREN_COUNT} children with a valid page everywhere`, async () => {
      const origin = suite.server.url;
      const first = (await (await fetch(`${origin}/api/search`)).json()) as { items: Array<{ accommodation: { id: string } }> };
      const accommodationId = first.items[0].accommodation.id;
      const queue = Array.from({ length: MAX_CHILDREN_COUNT + 1 }, (_, children) => children);
      const failures: string[] = [];
      const worker = async () => {
        for (let children = queue.pop(); children !== undefined; children = queue.pop())
          failures.push(...(await checkParty(origin, accommodationId, adults, children)));
      };
      await Promise.all(Array.from({ length: 3 }, worker));
      expect(failures.slice(0, 10)).toEqual([]);
    });
  }
});
