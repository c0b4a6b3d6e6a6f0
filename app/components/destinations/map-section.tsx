import { Link } from "@remix-run/react";
import type { DestinationMapData } from "~/domain/destination-page";
import { texts } from "~/domain/texts";
import { DestinationMap } from "../map/destination-map";
import { nearScreenPart, PagePartView } from "../ui/page-parts";

// The map does nothing until used: its code (with Leaflet and the base layer's country borders)
// loads when its box nears the screen and not before the visitor's first interaction, as the
// accommodation page's map (app/components/ui/page-parts.tsx). On a desktop the box is in the first
// screen, and Leaflet would double the JavaScript a page loads before it is used (README,
// "Performance"). Until then the box is the server's markup: its picture of where the places lie.
const mapPart = nearScreenPart(
  import.meta.env.SSR ? DestinationMap : null,
  () => import("../map/destination-map").then((m) => m.DestinationMap),
  { interactive: true },
);

/**
 * The place's accommodations on a map, with a picture of the places as dots until it is drawn;
 * without JavaScript the picture stays, and a line says the map needs JavaScript and links to the
 * results page's map view, whose list of places works without.
 */
export function MapSection({
  name,
  data,
  tiles,
  resultsMapHref,
}: {
  /** The place's name; null on the page of every destination. */
  name: string | null;
  data: DestinationMapData;
  tiles: { url: string; attribution: string };
  resultsMapHref: string;
}) {
  const t = texts.destinations;
  return (
    <section aria-labelledby="map-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="destination-map">
      <h2 id="map-heading" className="mb-2 text-lg font-bold text-brand-900">
        {t.mapHeading(name)}
      </h2>
      <PagePartView part={mapPart} props={{ name, data, tiles }} />
      <p className="mt-2 text-sm text-slate-700">
        <noscript>{t.mapNoScript} </noscript>
        <Link to={resultsMapHref} className="font-semibold text-brand-700 underline" data-testid="results-map-link">
          {t.mapOnResults}
        </Link>
      </p>
    </section>
  );
}
