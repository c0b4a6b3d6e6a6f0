import { describe, expect, it } from "vitest";
import { cardMarkup } from "../../app/components/results/card-markup.server";
import type { CardView } from "../../app/components/results/result-card";
import type { ResultCardItem } from "../../app/domain/search-result";

// The result cards' markup, rendered once for every page that shows the same card the same way.

const item = (name = "Hotel Alpenrose", price = 23960, cheapest = { price, pricePerPerson: price / 4 }): ResultCardItem => ({
  accommodation: {
    id: "alpenrose",
    name,
    rating: 4,
    imageUrl: null,
    destination: { name: "Sölden" },
    country: { name: "Østrig" },
    features: ["Pool"],
  },
  trip: {
    id: "t-1",
    departureDate: "2027-02-06",
    nights: 7,
    transport: "bus",
    persons: 4,
    price,
    pricePerPerson: price / 4,
    originalPrice: null,
    discountPercentage: 0,
    skiPass: { included: true, days: 6 },
    travelCompany: { name: "Skirejser A/S" },
    mealPlan: { title: "Halvpension" },
  },
  offerCount: 3,
  companyCount: 2,
  cheapest,
});
const view: CardView = { priceMode: "perPerson", sort: "skiScore:desc", pageHref: "/ophold/alpenrose?adultCount=4" };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("cardMarkup", () => {
  it("renders a card's photo, facts and offer once for equal data and view", () => {
    const first = cardMarkup(item(), view);
    expect(first.main).toContain(">Hotel Alpenrose</a>");
    expect(first.main).toContain('href="/ophold/alpenrose?adultCount=4"');
    expect(first.deal).toContain("5.990 kr.");
    expect(first.photo).toContain("photo-none");
    expect(cardMarkup(item(), { ...view })).toBe(first);
  });

  it("loads the photo of the page's first card with the page, and the others' lazily", () => {
    const photo = { ...item(), accommodation: { ...item().accommodation, imageUrl: "https://img.example.dk/1.jpg" } };
    expect(cardMarkup(photo, { ...view, eagerPhoto: true }).photo).toContain('loading="eager"');
    expect(cardMarkup(photo, view).photo).toContain('loading="lazy"');
  });

  it("renders anew when anything it shows changes: a price, the price type, the search in its links", () => {
    const first = cardMarkup(item(), view);
    expect(cardMarkup(item("Hotel Alpenrose", 19960), view).deal).toContain("4.990 kr.");
    expect(cardMarkup(item(), { ...view, priceMode: "total" }).deal).not.toBe(first.deal);
    expect(cardMarkup(item(), { ...view, pageHref: "/ophold/alpenrose?adultCount=2" }).main).toContain("adultCount=2");
    expect(cardMarkup(item(), { ...view, aff: "partner-1" }).deal).toContain("aff=partner-1");
  });

  it("shows Fra the lowest price of the chosen type, and names the sort's trip where it costs more", () => {
    const cheaper = { price: 19960, pricePerPerson: 4980 };
    const perPerson = text(cardMarkup(item("Hotel Alpenrose", 23960, cheaper), view).deal);
    expect(perPerson).toContain("Fra 4.980 kr. pr. person Samlet for 4 personer: fra 19.960 kr.");
    expect(perPerson).toContain("Vores anbefaling: 5.990 kr. pr. person");
    const total = text(
      cardMarkup(item("Hotel Alpenrose", 23960, cheaper), { ...view, priceMode: "total", sort: "discountPercentage:desc" }).deal,
    );
    expect(total).toContain("Fra 19.960 kr. Samlet for 4 personer fra 4.980 kr. pr. person");
    expect(total).toContain("Største rabat: 23.960 kr. samlet");
    // The sort's trip is the cheapest: no second price, no name.
    const same = text(cardMarkup(item(), view).deal);
    expect(same).toContain("Fra 5.990 kr.");
    expect(same).not.toContain("Vores anbefaling");
    expect(cardMarkup(item(), view).deal).toContain('href="/ophold/alpenrose?adultCount=4#tilbud"');
  });

  it("says the price before is the party's where the card leads per person", () => {
    const reduced: ResultCardItem = { ...item(), trip: { ...item().trip, originalPrice: 28000, discountPercentage: 14 } };
    expect(text(cardMarkup(reduced, view).deal)).toContain("Før 28.000 kr. samlet");
    const total = text(cardMarkup(reduced, { ...view, priceMode: "total" }).deal);
    expect(total).toContain("Før 28.000 kr.");
    expect(total).not.toContain("Før 28.000 kr. samlet");
  });

  it("escapes the feed's text", () => {
    const markup = cardMarkup(item('<img src=x onerror="alert(1)">'), view);
    expect(markup.main).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(markup.main).not.toContain("<img");
  });
});
