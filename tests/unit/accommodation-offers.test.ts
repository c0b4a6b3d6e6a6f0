import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OffersTable } from "~/components/accommodation/offers-table";
import { calendarHeights, groupByDeparture, offerSummary, priceCalendar, shownRows } from "~/domain/accommodation-offers";
import {
  accommodationCanonical,
  accommodationHref,
  accommodationLinks,
  accommodationState,
  savedTripHref,
} from "~/domain/accommodation-url";
import { lodgingJsonLd, scriptJson } from "~/domain/json-ld";
import { parseResultsParams } from "~/domain/results-url";
import type { ResultAccommodation, ResultTrip } from "~/domain/search-result";
import { readableQuery } from "~/domain/url-codec";

function offer(id: string, departureDate: string, price: number, pricePerPerson = price / 2): ResultTrip {
  return {
    id,
    travelCompany: { slug: "alpetours", name: "Alpetours" },
    departureDate,
    nights: 7,
    transport: "bus",
    persons: 2,
    price,
    pricePerPerson,
    originalPrice: null,
    discountPercentage: 0,
    skiScore: 50,
    mealPlan: { slug: "halvpension", title: "Halvpension", short: "HP" },
    skiPass: { included: true, days: 6 },
    url: "https://example.dk/1",
  };
}

const trips = [
  offer("c", "2027-02-13", 12000),
  offer("a", "2027-01-09", 9000),
  offer("b", "2027-02-13", 11000),
  offer("d", "2027-02-13", 11000),
  // Per person the dearest of its date, in total the cheapest: the price type decides.
  offer("e", "2027-01-09", 8000, 6000),
];

describe("the offers grouped by departure", () => {
  it("orders the dates, puts the cheapest first and marks every offer at the lowest price of all", () => {
    const groups = groupByDeparture(trips, "total");
    expect(groups.map((g) => g.departureDate)).toEqual(["2027-01-09", "2027-02-13"]);
    expect(groups[0].rows.map((r) => [r.trip.id, r.cheapest])).toEqual([
      ["e", true],
      ["a", false],
    ]);
    // Equal prices keep trip-id order; a date's cheapest is not the cheapest of all.
    expect(groups[1].rows.map((r) => [r.trip.id, r.cheapest])).toEqual([
      ["b", false],
      ["d", false],
      ["c", false],
    ]);
    const tied = groupByDeparture([...trips, offer("f", "2027-02-13", 8000)], "total");
    expect(tied.flatMap((g) => g.rows.filter((r) => r.cheapest).map((r) => r.trip.id))).toEqual(["e", "f"]);
  });

  it("compares in the chosen price type", () => {
    expect(groupByDeparture(trips, "perPerson")[0].rows.map((r) => [r.trip.id, r.cheapest])).toEqual([
      ["a", true],
      ["e", false],
    ]);
    // Per person the second date's 5,500 kr. is not the lowest (4,500 kr.).
    expect(groupByDeparture(trips, "perPerson")[1].rows.some((r) => r.cheapest)).toBe(false);
  });

  it("counts every offer of a date", () => {
    expect(groupByDeparture(trips, "total").map((g) => g.offerCount)).toEqual([2, 3]);
  });

  it("keeps each date's cheapest few when there are several dates, and all of one date", () => {
    const shown = shownRows(groupByDeparture(trips, "total"), 2);
    expect(shown.map((g) => [g.rows.map((r) => r.trip.id), g.offerCount])).toEqual([
      [["e", "a"], 2],
      [["b", "d"], 3],
    ]);
    const oneDate = groupByDeparture(
      trips.filter((t) => t.departureDate === "2027-02-13"),
      "total",
    );
    expect(shownRows(oneDate, 2)[0].rows).toHaveLength(3);
  });

  it("is empty without offers", () => {
    expect(groupByDeparture([], "total")).toEqual([]);
    expect(priceCalendar([], "total")).toEqual([]);
    expect(offerSummary([])).toBeNull();
  });
});

describe("the price calendar", () => {
  it("gives the cheapest offer of each departure date, in date order", () => {
    expect(priceCalendar(trips, "total")).toEqual([
      { departureDate: "2027-01-09", price: 8000, tripId: "e", offerCount: 2 },
      { departureDate: "2027-02-13", price: 11000, tripId: "b", offerCount: 3 },
    ]);
    expect(priceCalendar(trips, "perPerson").map((d) => d.price)).toEqual([4500, 5500]);
  });

  it("draws bars relative to the dearest day, never thinner than the floor", () => {
    const days = priceCalendar([offer("x", "2027-01-02", 100), offer("y", "2027-01-09", 10000)], "total");
    expect(calendarHeights(days)).toEqual([8, 100]);
  });

  it("sums the offers up for schema.org: lowest and highest whole-party price, and how many", () => {
    expect(offerSummary(trips)).toEqual({ lowPrice: 8000, highPrice: 12000, offerCount: 5 });
  });
});

describe("the accommodation page's URLs", () => {
  const state = parseResultsParams(
    new URLSearchParams("destinationSlugs=tirol,val-thorens&weeks=7&sort=price:asc&page=2&aff=p7&map=1&embed=1&dialog=login"),
  );

  it("carries the results page's search and affiliate id, without the results page's own views", () => {
    expect(accommodationHref("hotel:1", state)).toBe(
      "/ophold/hotel%3A1?destinationSlugs=tirol,val-thorens&weeks=7&sort=price:asc&page=2&aff=p7",
    );
    expect(accommodationState(new URLSearchParams("map=1&embed=1&dialog=login&aff=p7"))).toEqual(
      parseResultsParams(new URLSearchParams("aff=p7")),
    );
  });

  it("has a canonical link of the search only", () => {
    expect(accommodationCanonical("hotel-1", state)).toBe("/ophold/hotel-1?destinationSlugs=tirol,val-thorens&weeks=7");
  });

  it("links back, to every offer for the party, to the resort and to each date", () => {
    const links = accommodationLinks(
      "hotel-1",
      accommodationState(new URLSearchParams("adultCount=3&weeks=7&travelCompanies=alpetours&sort=price:asc&aff=p7")),
      "ischgl",
      ["2027-02-13"],
    );
    expect(links.back).toBe("/skirejser?adultCount=3&weeks=7&travelCompanies=alpetours&sort=price:asc&aff=p7");
    expect(links.allOffers).toBe("/ophold/hotel-1?adultCount=3&sort=price:asc&aff=p7#tilbud");
    expect(links.resort).toBe("/skirejser?destinationSlugs=ischgl&adultCount=3&weeks=7&travelCompanies=alpetours&sort=price:asc&aff=p7");
    expect(links.resortMap).toBe(`${links.resort}&map=1`);
    // At the offers: narrowed, the page shows them, not its top.
    expect(links.onDate).toEqual(["/ophold/hotel-1?adultCount=3&dates=2027-02-13&travelCompanies=alpetours&sort=price:asc&aff=p7#tilbud"]);
  });

  it("writes , and : readable; the encoded spelling parses the same", () => {
    expect(readableQuery(new URLSearchParams({ tags: "a,b", sort: "price:asc", x: "a&b c" }))).toBe("tags=a,b&sort=price:asc&x=a%26b+c");
    expect(parseResultsParams(new URLSearchParams("tags=a%2Cb&sort=price%3Aasc"))).toEqual(
      parseResultsParams(new URLSearchParams("tags=a,b&sort=price:asc")),
    );
  });
});

describe("JSON-LD", () => {
  const hostile: ResultAccommodation = {
    id: "h",
    name: "Hotel </script><script>alert(1)</script> & <!-- \u2028",
    rating: 4,
    lat: 45.3,
    lng: 6.58,
    imageUrl: null,
    destination: { slug: "val-thorens", name: "Val Thorens" },
    region: { slug: "les-3-vallees", name: "Les 3 Vallées" },
    country: { slug: "frankrig", name: "Frankrig" },
    features: [{ value: "pool", name: "Pool" }],
    tags: [],
  };

  it("cannot end its script element, and reads back as the same data", () => {
    const json = scriptJson(
      lodgingJsonLd(hostile, "https://pistepris.dk/ophold/h", offerSummary(trips), "https://img.example.dk/</script>.jpg"),
    );
    expect(json).not.toMatch(/[<>&\u2028]/);
    const data = JSON.parse(json);
    expect(data.name).toBe(hostile.name);
    expect(data.image).toBe("https://img.example.dk/</script>.jpg");
    expect(data["@type"]).toBe("LodgingBusiness");
    expect(data.makesOffer).toEqual({ "@type": "AggregateOffer", priceCurrency: "DKK", lowPrice: 8000, highPrice: 12000, offerCount: 5 });
  });

  it("has no offer without offers, and no image without a photo", () => {
    const data = lodgingJsonLd(hostile, "https://pistepris.dk/ophold/h", null, undefined);
    expect(data).not.toHaveProperty("makesOffer");
    expect(data).not.toHaveProperty("image");
  });
});

const dateHref = (date: string) => `/ophold/x?dates=${date}`;

describe("the offers table's drops", () => {
  const groups = groupByDeparture([offer("a", "2027-01-09", 9000), offer("b", "2027-01-09", 9500)], "total");
  const drops = { b: { price: 9500, previousPrice: 10700, previousPricePerPerson: 5350, since: "2026-12-03" } };
  const cells = (priceMode: "total" | "perPerson") => {
    const html = renderToStaticMarkup(createElement(OffersTable, { offers: { groups, drops }, priceMode, dateHref }));
    const rows = html.split('data-testid="offer-row"').slice(1);
    return rows.map((row) => [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]));
  };

  it("tells the drop and the price before in the price cell, of the offer that fell only", () => {
    const [a, b] = cells("total");
    expect(b[4]).toContain("Prisen er faldet 1.200 kr. siden 3. dec.");
    expect(b[4]).toContain("Før <s>10.700 kr.</s>");
    expect(a.join("")).not.toContain("Prisen er faldet");
  });

  it("per person in the per-person price type, as the result card tells it", () => {
    const [, b] = cells("perPerson");
    expect(b[4]).toContain("Prisen er faldet 600 kr. pr. person siden 3. dec.");
    expect(b[4]).toContain("Før <s>5.350 kr.</s>");
  });

  it("tells nothing of a rise", () => {
    const rise = renderToStaticMarkup(
      createElement(OffersTable, {
        offers: { groups, drops: { b: { price: 9500, previousPrice: 9000, previousPricePerPerson: 4500, since: "2026-12-03" } } },
        priceMode: "total",
        dateHref,
      }),
    );
    expect(rise).not.toContain("offer-drop");
  });
});

describe("savedTripHref", () => {
  it("leads to the accommodation's offers for the trip's party and departure date", () => {
    expect(savedTripHref("alpe hus/1", 4, "2027-02-13")).toBe("/ophold/alpe%20hus%2F1?adultCount=4&dates=2027-02-13#tilbud");
    const href = savedTripHref("a1", 2, "2027-02-13");
    const state = accommodationState(new URL(href, "http://x").searchParams);
    expect(state.query.searchData).toMatchObject({ adultCount: 2, childrenCount: 0, arrival: { type: "dates", dates: ["2027-02-13"] } });
  });

  it("reads a party beyond 12 as 12 adults and the rest children, as the URL allows", () => {
    const state = accommodationState(new URL(savedTripHref("a1", 15, "2027-02-13"), "http://x").searchParams);
    expect(state.query.searchData).toMatchObject({ adultCount: 12, childrenCount: 3 });
  });
});
