import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, touristDestinationJsonLd } from "~/domain/json-ld";
import { isIndexableSearch, robotsTxt } from "~/domain/robots";
import { parseSearchQuery } from "~/domain/url-codec";
import { jsonLdIssues } from "../support/schema-org";

// What search engines read (docs/urls.md "For search engines"): robots.txt, which results pages
// are indexable, and the destination pages' JSON-LD against schema.org.

const ORIGIN = "https://pistepris.example";

describe("robots.txt", () => {
  const robots = robotsParser(`${ORIGIN}/robots.txt`, robotsTxt(ORIGIN));

  it("keeps crawlers out of the dashboard, the accounts, the API, the redirects and the personal pages", () => {
    for (const path of [
      "/drift",
      "/drift/destinationer",
      "/konto/log-ind",
      "/api/search",
      "/ud/abc",
      "/banner/3",
      "/soegeagenter",
      "/soegeagenter/afmeld/x",
      "/gemte-rejser",
    ]) {
      expect(robots.isDisallowed(`${ORIGIN}${path}`, "Googlebot"), path).toBe(true);
    }
  });

  it("lets them read the public pages, and points to the sitemap", () => {
    for (const path of [
      "/",
      "/skirejser",
      "/skiferie",
      "/skiferie/tirol",
      "/ophold/hotel-aiguille-vt",
      "/partner",
      "/sitemaps/ophold-1.xml",
    ]) {
      expect(robots.isAllowed(`${ORIGIN}${path}`, "Googlebot"), path).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
  });
});

describe("which results pages are indexable", () => {
  const indexable = (qs: string) => isIndexableSearch(parseSearchQuery(new URLSearchParams(qs)));

  it("indexes every trip's list and a place's, on any page", () => {
    for (const qs of ["", "destinationSlugs=tirol", "destinationSlugs=tirol,frankrig", "page=3", "destinationSlugs=solden&page=2"])
      expect(indexable(qs), qs).toBe(true);
  });

  it("does not index a search with anything beyond a place", () => {
    for (const qs of [
      "weeks=7",
      "destinationSlugs=tirol&adultCount=4",
      "destinationSlugs=tirol&childrenCount=1",
      "tags=familievenlig",
      "bbox=45,6,47,11",
      "maxPrice=9000",
      "mealPlanTypes=halvpension",
      "sort=price:asc",
      "destinationSlugs=tirol&months=2027-02",
    ])
      expect(indexable(qs), qs).toBe(false);
  });
});

describe("the destination pages' JSON-LD", () => {
  const crumbs = [
    { name: "Forside", href: "/" },
    { name: "Skiferie", href: "/skiferie" },
    { name: "Østrig", href: "/skiferie/oestrig" },
    { name: "Tirol", href: "/skiferie/tirol" },
    { name: "Sölden", href: "/skiferie/solden" },
  ];

  it("is a BreadcrumbList and a TouristDestination with schema.org's properties and the required ones", async () => {
    const breadcrumbs = breadcrumbJsonLd(crumbs, ORIGIN);
    const place = touristDestinationJsonLd(
      { name: "Sölden", url: `${ORIGIN}/skiferie/solden`, description: "Skiferie i Sölden", geo: { lat: 46.96, lng: 11.0 } },
      { name: "Tirol", url: `${ORIGIN}/skiferie/tirol` },
    );
    expect(await jsonLdIssues([breadcrumbs, place])).toEqual([]);
    expect(breadcrumbs.itemListElement).toEqual(
      crumbs.map((c, k) => ({ "@type": "ListItem", position: k + 1, name: c.name, item: `${ORIGIN}${c.href}` })),
    );
  });

  it("would be caught without a required property or with one schema.org does not know", async () => {
    const breadcrumbs = breadcrumbJsonLd(crumbs, ORIGIN) as { itemListElement: Array<Record<string, unknown>> };
    delete breadcrumbs.itemListElement[1].item;
    delete breadcrumbs.itemListElement[2].position;
    const place = { ...touristDestinationJsonLd({ name: "X", url: `${ORIGIN}/x`, description: "x", geo: null }, null), altitude: 3 };
    const issues = await jsonLdIssues([breadcrumbs, place]);
    expect(issues.some((i) => i.includes('"item"'))).toBe(true);
    expect(issues.some((i) => i.includes("position"))).toBe(true);
    expect(issues.some((i) => i.includes('"altitude"'))).toBe(true);
  });
});
