import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { texts } from "~/domain/texts";
import { RESULTS_PATH } from "~/domain/constants";
import { FakeTypesense } from "../support/fake-typesense";
import { useServer } from "./support/suite";

// The built server on Typesense (the in-process fake server): when Typesense stops answering,
// the results page is the Danish 503 page and the API answers a JSON 503, never a 500; neither
// is cached, and both recover when Typesense answers again.

let fake: FakeTypesense;
beforeAll(async () => {
  fake = await new FakeTypesense("e2e-key").start();
});
afterAll(async () => {
  await fake?.stop();
});

const suite = useServer(() => ({
  demoTrips: 400,
  env: { SEARCH_ENGINE: "typesense", TYPESENSE_URL: fake.url, TYPESENSE_API_KEY: fake.apiKey, TYPESENSE_SEARCH_TIMEOUT_MS: "500" },
}));

describe("Typesense unavailable at request time", () => {
  it("serves the results from Typesense while it answers", async () => {
    const res = await fetch(`${suite.server.url}${RESULTS_PATH}?sort=price:asc`);
    expect(res.status).toBe(200);
    expect(fake.aliases.get("trips")).toMatch(/^trips_v2_g\d+$/);
  });

  it("answers the page with the Danish 503 page and the API with a JSON 503, uncached, until Typesense answers again", async () => {
    fake.inject({ path: /^\/multi_search$/, kind: "503", times: 1000 });
    const page = `${suite.server.url}${RESULTS_PATH}?sort=discountPercentage:desc`;
    try {
      for (let n = 0; n < 2; n++) {
        const res = await fetch(page);
        expect(res.status).toBe(503);
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        expect(res.headers.get("retry-after")).toBe("30");
        expect(res.headers.get("x-page-cache")).toBe("miss");
        expect(await res.text()).toContain(texts.errors.searchUnavailable);
      }
      const api = await fetch(`${suite.server.url}/api/search?sort=price:asc`);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ error: texts.errors.searchUnavailable });
      const map = await fetch(`${suite.server.url}/api/map`);
      expect(map.status).toBe(503);
      expect(await map.json()).toEqual({ error: texts.errors.searchUnavailable });
    } finally {
      fake.clearFaults();
    }
    const again = await fetch(page);
    expect(again.status).toBe(200);
  });
});
