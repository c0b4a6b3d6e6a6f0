import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { accommodationPath } from "~/domain/accommodation-url";
import { mapSpots, type DestinationMapData, type DestinationMapPoint } from "~/domain/destination-page";
import { escapeHtml } from "~/domain/escape-html";
import { formatPrice } from "~/domain/format";
import { gridClusters } from "~/domain/map-clusters";
import { texts } from "~/domain/texts";
import { addTiles, clusterMarker, FIT_PADDING, ZOOMS, type MapTiles } from "./map-parts";
import { TilesFailedNote } from "./tiles-failed-note";
import { MapPicture } from "../destinations/map-picture";
import { useHydrated } from "../ui/use-hydrated";
import { addBaseLayer, drawResorts, NAMED_FROM_ZOOM } from "./base-layer";

// A destination page's map: the place's accommodations with their lowest price per person, crowded
// ones grouped (app/domain/map-clusters.ts), each linking to its page. Under the tiles lies the
// map's own base layer (countries and resorts, base-layer.ts): where the tile server cannot be
// reached it still shows where the place is, with its resorts named. Until the map is drawn (and
// without JavaScript) the box shows the server's picture of the places (map-picture.tsx). This
// module loads as a page part (app/components/destinations/map-section.tsx), Leaflet with its effect.

type L = typeof Leaflet;

export function DestinationMap({ name, data, tiles }: { name: string | null; data: DestinationMapData; tiles: MapTiles }) {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative h-72 w-full overflow-hidden rounded-lg bg-slate-100 lg:h-80">
      {hydrated && <LeafletMap name={name} data={data} tiles={tiles} ready={ready} setReady={setReady} setFailed={setFailed} />}
      {!ready && <MapPicture data={data} />}
      {failed && <TilesFailedNote />}
    </div>
  );
}

/** The Leaflet map itself, drawn in the browser (Leaflet is imported by its effect). */
function LeafletMap({
  name,
  data,
  tiles,
  ready,
  setReady,
  setFailed,
}: {
  name: string | null;
  data: DestinationMapData;
  tiles: MapTiles;
  ready: boolean;
  setReady: (ready: boolean) => void;
  setFailed: (failed: boolean) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([mod]) => {
      if (cancelled) return;
      const L = ((mod as unknown as { default?: L }).default ?? mod) as L;
      map = L.map(node, { scrollWheelZoom: false, ...ZOOMS });
      const m = map;
      const resorts = addBaseLayer(L, m);
      const markers = L.layerGroup().addTo(m);
      let tilesMissing = false;
      const drawPlaces = () => drawResorts(L, resorts, data.resorts, tilesMissing && m.getZoom() >= NAMED_FROM_ZOOM);
      addTiles(L, m, { url: tiles.url, attribution: tiles.attribution }, () => {
        tilesMissing = true;
        setFailed(true);
        drawPlaces();
      });
      const spots = mapSpots(data);
      if (spots.length) m.fitBounds(L.latLngBounds(spots), { padding: FIT_PADDING, maxZoom: 12 });
      else m.setView([46.5, 9], 4);
      const draw = () => drawMarkers(L, m, markers, data.points);
      m.on("moveend", draw).on("zoomend", drawPlaces);
      draw();
      drawPlaces();
      setReady(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [data, tiles.url, tiles.attribution, setReady, setFailed]);
  return (
    <div
      ref={el}
      role="region"
      aria-label={texts.destinations.mapLabel(name)}
      className="pp-map absolute inset-0"
      data-testid="destination-leaflet"
      data-ready={ready ? "true" : undefined}
      data-points={data.points.length}
    />
  );
}

function drawMarkers(L: L, map: Leaflet.Map, layer: Leaflet.LayerGroup, points: DestinationMapPoint[]) {
  const zoom = map.getZoom();
  const near = map.getBounds().pad(0.25);
  const visible = points.filter((p) => near.contains([p[1], p[2]]));
  layer.clearLayers();
  for (const c of gridClusters(visible, (p) => map.project([p[1], p[2]], zoom))) {
    if (c.items.length === 1) {
      const [id, lat, lng, lowest, name] = c.items[0];
      const price = formatPrice(lowest);
      const label = texts.destinations.mapPoint(name, price);
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: "pp-marker",
          iconSize: [0, 0],
          html: `<span data-testid="map-marker" data-accommodation-id="${escapeHtml(id)}">${escapeHtml(price)}</span>`,
        }),
        title: label,
        alt: label,
      });
      marker.bindPopup(
        `<p class="font-bold text-brand-900"><a class="underline" href="${escapeHtml(accommodationPath(id))}">${escapeHtml(name)}</a></p><p>${escapeHtml(texts.map.from(price))} ${escapeHtml(texts.map.perPerson)}</p>`,
      );
      layer.addLayer(marker);
      continue;
    }
    layer.addLayer(clusterMarker(L, map, c, zoom));
  }
}
