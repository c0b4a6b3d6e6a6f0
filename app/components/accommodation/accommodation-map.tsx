import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { escapeHtml } from "~/domain/escape-html";
import type { ResultAccommodation } from "~/domain/search-result";
import { texts } from "~/domain/texts";
import type { MapTiles } from "../map/map-parts";
import { TilesFailedNote } from "../map/tiles-failed-note";
import { useHydrated } from "../ui/use-hydrated";

/**
 * A small Leaflet map with the accommodation's marker (over the maps' own base layer, for when the
 * tiles fail), drawn in the browser only (Leaflet is
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
  const [failed, setFailed] = useState(false);
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
        // The base layer (the world's borders) and the maps' parts load with Leaflet, not with the page.
        void Promise.all([
          import("leaflet"),
          import("leaflet/dist/leaflet.css"),
          import("../map/base-layer"),
          import("../map/map-parts"),
        ]).then(([mod, , base, parts]) => {
          if (cancelled) return;
          const { addBaseLayer, drawResorts, NAMED_FROM_ZOOM } = base;
          const { addTiles, ZOOMS } = parts;
          const L = ((mod as unknown as { default?: typeof Leaflet }).default ?? mod) as typeof Leaflet;
          const m = L.map(node, { center: [a.lat, a.lng], zoom: 12, scrollWheelZoom: false, ...ZOOMS });
          map = m;
          // Where the tile server cannot be reached, the map's own base layer (as the other maps')
          // shows the place in its country, named, instead of a grey box with a dot.
          const resort = addBaseLayer(L, m);
          addTiles(L, m, { url: tiles.url, attribution: tiles.attribution }, () => {
            setFailed(true);
            m.setView([a.lat, a.lng], NAMED_FROM_ZOOM);
            drawResorts(L, resort, [{ name: a.destination.name, lat: a.lat, lng: a.lng }], true);
          });
          L.circleMarker([a.lat, a.lng], { radius: 9, color: "#0b3d91", fillOpacity: 0.8 }).addTo(m).bindTooltip(escapeHtml(a.name));
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
  }, [a.lat, a.lng, a.name, a.destination.name, tiles.url, tiles.attribution]);
  return (
    <div className="relative mt-2">
      <div
        ref={el}
        role="region"
        aria-label={texts.accommodation.mapLabel(a.name)}
        className="pp-map h-56 w-full rounded-lg bg-slate-100"
        data-testid="accommodation-leaflet"
        data-ready={ready ? "true" : undefined}
      />
      {failed && <TilesFailedNote />}
    </div>
  );
}
