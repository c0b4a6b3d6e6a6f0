import { asc, eq } from "drizzle-orm";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import { bannerEvents, banners, offerClicks } from "../../db/schema";
import { tempDb, importLines } from "../support/db";
import { trip } from "../support/feed";
import { testContext } from "../support/context";
import { loader } from "../../app/routes/offer-redirect";
import { readSides } from "../../cli/apply/sides";
import { loader as bannerLoader } from "../../app/routes/banner-redirect";
import * as stats from "../../app/services/offers/offers.server";

// The outbound offer redirect (app/routes/offer-redirect.ts): records the click (trip,
// company, affiliate) and sends the visitor to the stored offer URL only.

let db: Db;
let dir: string;

const T1 = trip({ id: "alpetours-t1", url: "https://alpetours.example.dk/rejser/123?ref=feed" });
const T2 = trip({
  id: "snowtravel-t2",
  travelCompany: { slug: "snowtravel", name: "Snowtravel" },
  url: "https://snowtravel.example.dk/t2",
});

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importLines(db, [T1, T2], new Date("2027-01-01T12:00:00Z"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function get(path: string, tripId: string): Promise<Response> {
  const args = { request: new Request(`http://localhost${path}`), params: { tripId }, context: testContext(db) };
  try {
    return (await loader(args)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const clicks = () => db.select().from(offerClicks).orderBy(asc(offerClicks.id)).all();

describe("GET /ud/:tripId", () => {
  it("records the click and redirects to the stored offer URL with the affiliate id", async () => {
    const res = await get("/ud/alpetours-t1?aff=partner-123", "alpetours-t1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://alpetours.example.dk/rejser/123?ref=feed&aff=partner-123");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const rows = clicks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tripId: "alpetours-t1", companySlug: "alpetours", affiliateId: "partner-123" });
    expect(rows[0].at).toBeInstanceOf(Date);
  });

  it("without an affiliate id: the stored URL unchanged, the click recorded without one", async () => {
    const res = await get("/ud/snowtravel-t2", "snowtravel-t2");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://snowtravel.example.dk/t2");
    expect(clicks().at(-1)).toMatchObject({ tripId: "snowtravel-t2", companySlug: "snowtravel", affiliateId: null });
  });

  it("answers 404 for unknown or malformed trip ids, and records nothing", async () => {
    const before = clicks().length;
    for (const id of ["nope", "../alpetours-t1", "", "x".repeat(300), "https://evil.example/"]) {
      const res = await get(`/ud/${encodeURIComponent(id)}`, id);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("location")).toBeNull();
    }
    expect(clicks()).toHaveLength(before);
  });

  it("never takes the target from the request (no open redirect)", async () => {
    const hostile = [
      "?url=https://evil.example/&next=//evil.example&to=https://evil.example",
      "?aff=https://evil.example/",
      "?aff=//evil.example",
      "?aff=x%0D%0ALocation:%20https://evil.example",
      "?aff=a&aff=https://evil.example",
    ];
    for (const qs of hostile) {
      const res = await get(`/ud/alpetours-t1${qs}`, "alpetours-t1");
      expect(res.status, qs).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(location.origin, qs).toBe("https://alpetours.example.dk");
      expect(location.pathname, qs).toBe("/rejser/123");
      expect(res.headers.get("location"), qs).not.toContain("evil");
    }
    // A malformed affiliate id is dropped, not recorded.
    const recorded = clicks()
      .slice(-hostile.length)
      .map((r) => r.affiliateId);
    expect(recorded).toEqual([null, null, null, null, "a"]);
  });

  it("reports clicks per company and per affiliate (npm run indexer -- stats)", async () => {
    const bannerId = db
      .insert(banners)
      .values({ provider: "P", url: "https://example.com/p", image: "/p.svg", position: 3 })
      .returning()
      .get().id;
    db.insert(bannerEvents)
      .values([
        { bannerId, kind: "click", affiliateId: "partner-123", at: new Date() },
        { bannerId, kind: "view", affiliateId: "partner-123", at: new Date() },
        { bannerId, kind: "click", affiliateId: null, at: new Date() },
      ])
      .run();
    expect(stats.offerClicksPerCompany(db)).toEqual([
      { key: "alpetours", name: "Alpetours", clicks: 6 },
      { key: "snowtravel", name: "Snowtravel", clicks: 1 },
    ]);
    expect(stats.offerClicksPerAffiliate(db)).toEqual([
      { key: "a", name: "a", clicks: 1 },
      { key: "partner-123", name: "partner-123", clicks: 1 },
    ]);
    expect(stats.bannerClicksPerAffiliate(db)).toEqual([{ key: "partner-123", name: "partner-123", clicks: 1 }]);

    const { runStats } = await import("../../cli/commands/stats");
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      expect(await runStats(db)).toBe(0);
    } finally {
      log.mockRestore();
    }
    const out = lines.join("\n");
    expect(out).toMatch(/Klik på tilbud pr\. rejseselskab\n\s+Alpetours\s+6 klik\n\s+Snowtravel\s+1 klik/);
    expect(out).toMatch(/Klik på tilbud pr\. partner \(aff\)\n\s+a\s+1 klik\n\s+partner-123\s+1 klik/);
    expect(out).toMatch(/Klik på bannere pr\. partner \(aff\)\n\s+partner-123\s+1 klik/);
  });
});

describe("GET /ud/:tripId with whatever URL is stored", () => {
  it("a stored URL with characters outside Latin-1, a NUL or another scheme never makes the redirect fail", async () => {
    // Stored directly: whatever the import lets through, the redirect must answer it.
    const stored: Array<[string, string | null]> = [
      [
        "https://alpetours.example.dk/rejser/kø→€/日本?sted=Åre#top",
        "https://alpetours.example.dk/rejser/k%C3%B8%E2%86%92%E2%82%AC/%E6%97%A5%E6%9C%AC?sted=%C3%85re#top",
      ],
      ["https://alpetours.example.dk/a\u0000b?c=\u0000d", "https://alpetours.example.dk/a%00b?c=%00d"],
      ["https://bücher.example/tur", "https://xn--bcher-kva.example/tur"],
      ["https://alpetours.example.dk/x\r\nSet-Cookie: a=b", "https://alpetours.example.dk/xSet-Cookie:%20a=b"],
      ["javascript:alert(1)", null],
      ["data:text/html,<script>alert(1)</script>", null],
      ["https://exa\u0000mple.dk/", null],
      ["ikke en adresse", null],
    ];
    // The stored offer is changed in place, on the live side the `trips` view shows.
    const setUrl = db.$client.prepare(`UPDATE ${readSides(db.$client).live} SET url = ? WHERE id = 'alpetours-t1'`);
    for (const [url, expected] of stored) {
      setUrl.run(url);
      for (const aff of ["", "?aff=partner-1"]) {
        const res = await get(`/ud/alpetours-t1${aff}`, "alpetours-t1");
        if (expected === null) {
          expect(res.status, url).toBe(404);
          continue;
        }
        expect(res.status, url).toBe(302);
        const location = res.headers.get("location")!;
        // A header value: printable ASCII only.
        expect(location, url).toMatch(/^[\x21-\x7e]+$/);
        const want = new URL(expected);
        if (aff) want.searchParams.set("aff", "partner-1");
        expect(location, url).toBe(aff ? want.href : expected);
      }
    }
    setUrl.run(T1.url);
  });

  it("so does a banner's stored URL", () => {
    const open = (id: number): Response => {
      try {
        return bannerLoader({
          request: new Request(`http://localhost/banner/${id}`),
          params: { id: String(id) },
          context: testContext(db),
        });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const id = db
      .insert(banners)
      .values({ provider: "P", url: "https://example.com/kø→\u0000", image: "/p.svg", position: 1 })
      .returning()
      .get().id;
    const res = open(id);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/k%C3%B8%E2%86%92");
    db.update(banners).set({ url: "javascript:alert(1)" }).where(eq(banners.id, id)).run();
    expect(open(id).status).toBe(404);
  });
});
