import { describe, expect, it } from "vitest";
import { RESULTS_PATH } from "~/domain/constants";
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

describe("fuzzing the results page and the API", () => {
  const suite = useServer({ demoTrips: 3000 });

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
