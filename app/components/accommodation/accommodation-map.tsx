import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { escapeHtml } from "~/domain/escape-html";
import type { ResultAccommodation } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import type { MapTiles } from "../map/map-parts";
import { useHydrated } from "../ui/use-hydrated";

/**
 * A small Leaflet map with the accommodation's marker, drawn in the browser only (Leaflet is
 * imported inside the effect, when the map nears the screen). The plain part under it (the place in words and a link to the
 * resort's places on the results map) is all a visitor without JavaScript gets, and all they need.
 */
export function AccommodationMap({
  accommodation: a,
  tiles,
  resortMapHref,
}: {
  accommodation: ResultAccommodation;
  tiles: MapTiles;
  resortMapHref: string;
}) {
  const t = texts.accommodation;
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="map-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="accommodation-map">
      <h2 id="map-heading" className="text-lg font-bold text-brand-900">
        {t.mapHeading}
      </h2>
      {hydrated && <LeafletMap accommodation={a} tiles={tiles} />}
      <p className="mt-2 text-sm text-slate-700">{t.location(a.destination.name, a.region.name, a.country.name)}</p>
      <Link to={resortMapHref} className="text-sm font-semibold text-brand-700 underline" data-testid="resort-map-link">
        {t.showOnResultsMap(a.destination.name)}
      </Link>
    </section>
  );
}

function LeafletMap({ accommodation: a, tiles }: { accommodation: ResultAccommodation; tiles: MapTiles }) {
  const el = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    // Leaflet and its stylesheet load when the map comes near the screen: on a phone it is far down
    // the page, and most visitors never scroll to it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([mod]) => {
          if (cancelled) return;
          const L = ((mod as unknown as { default?: typeof Leaflet }).default ?? mod) as typeof Leaflet;
          map = L.map(node, { center: [a.lat, a.lng], zoom: 12, scrollWheelZoom: false });
          L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
          L.circleMarker([a.lat, a.lng], { radius: 9, color: "#0b3d91", fillOpacity: 0.8 }).addTo(map).bindTooltip(escapeHtml(a.name));
          setReady(true);
        });
      },
      { rootMargin: "300px" },
    );
    observer.observe(node);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.remove();
    };
  }, [a.lat, a.lng, a.name, tiles.url, tiles.attribution]);
  return (
    <div
      ref={el}
      role="region"
      aria-label={texts.accommodation.mapLabel(a.name)}
      className="mt-2 h-56 w-full rounded-lg bg-slate-100"
      data-testid="accommodation-leaflet"
      data-ready={ready ? "true" : undefined}
    />
  );
}
