import type { OfferSummary } from "./accommodation-offers";
import type { ResultAccommodation } from "./search-result";

// schema.org JSON-LD of the accommodation page, written into an inline <script> (with the CSP nonce).

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
