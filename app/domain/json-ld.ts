import type { OfferSummary } from "./accommodation-offers";
import type { ResultAccommodation } from "./search-result";

// schema.org JSON-LD of the accommodation and destination pages, written into an inline <script> (with the CSP nonce).

/**
 * JSON safe inside an HTML <script> element: `<`, `>` and `&` as \u escapes (a feed's `</script>` or
 * `<!--` cannot end the element), and the line separators JavaScript once rejected.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A LodgingBusiness with its offers as one AggregateOffer (whole-party prices in DKK) and its first photo. */
export function lodgingJsonLd(
  a: ResultAccommodation,
  url: string,
  summary: OfferSummary | null,
  image: string | undefined,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "LodgingBusiness",
    name: a.name,
    url,
    ...(image ? { image } : {}),
    starRating: { "@type": "Rating", ratingValue: a.rating },
    address: {
      "@type": "PostalAddress",
      addressLocality: a.destination.name,
      addressRegion: a.region.name,
      addressCountry: a.country.name,
    },
    geo: { "@type": "GeoCoordinates", latitude: a.lat, longitude: a.lng },
    amenityFeature: a.features.map((f) => ({ "@type": "LocationFeatureSpecification", name: f.name, value: true })),
    ...(summary
      ? {
          makesOffer: {
            "@type": "AggregateOffer",
            priceCurrency: "DKK",
            lowPrice: summary.lowPrice,
            highPrice: summary.highPrice,
            offerCount: summary.offerCount,
          },
        }
      : {}),
  };
}

/** The destination pages' breadcrumbs as a BreadcrumbList: each crumb a ListItem with its position, name and absolute URL. */
export function breadcrumbJsonLd(crumbs: ReadonlyArray<{ name: string; href: string }>, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, k) => ({ "@type": "ListItem", position: k + 1, name: c.name, item: `${origin}${c.href}` })),
  };
}

/** A destination page's place as a TouristDestination, inside its parent place (absolute URLs). */
export function touristDestinationJsonLd(
  place: { name: string; url: string; description: string; geo: { lat: number; lng: number } | null },
  parent: { name: string; url: string } | null,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "TouristDestination",
    name: place.name,
    url: place.url,
    description: place.description,
    ...(place.geo ? { geo: { "@type": "GeoCoordinates", latitude: place.geo.lat, longitude: place.geo.lng } } : {}),
    ...(parent ? { containedInPlace: { "@type": "TouristDestination", name: parent.name, url: parent.url } } : {}),
  };
}
