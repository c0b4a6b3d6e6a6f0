import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import { accommodationPath } from "~/domain/accommodation-url";
import type { DestinationMapData, DestinationMapPoint } from "~/domain/destination-page";
import { escapeHtml } from "~/domain/escape-html";
import { formatPrice } from "~/domain/format";
import { gridClusters, lowestPrice } from "~/domain/map-clusters";
import { texts } from "~/domain/texts";
import { addBaseLayer, drawResorts, NAMED_FROM_ZOOM } from "./base-layer";

// A destination page's map: the place's accommodations with their lowest price per person, crowded
// ones grouped (app/domain/map-clusters.ts), each linking to its page. Under the tiles lies the
// map's own base layer (countries and resorts, base-layer.ts): where the tile server cannot be
// reached it still shows where the place is, with its resorts named. This module (with Leaflet)
// loads only when the map's box nears the screen (app/components/destinations/map-section.tsx).

type L = typeof Leaflet;

interface Tiles {
  url: string;
  attribution: string;
}

/** Tile errors before any tile has loaded that count as "the tile server is unreachable" (as on the results map). */
const FAILED_TILES = 3;

export function DestinationMap({ name, data, tiles }: { name: string; data: DestinationMapData; tiles: Tiles }) {
  const el = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([mod]) => {
      if (cancelled) return;
      const L = ((mod as unknown as { default?: L }).default ?? mod) as L;
      map = L.map(node, { scrollWheelZoom: false, minZoom: 3, maxZoom: 18 });
      const m = map;
      const resorts = addBaseLayer(L, m);
      const markers = L.layerGroup().addTo(m);
      let loaded = 0;
      let errors = 0;
      let tilesMissing = false;
      const drawPlaces = () => drawResorts(L, resorts, data.resorts, tilesMissing && m.getZoom() >= NAMED_FROM_ZOOM);
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 })
        .on("tileload", () => loaded++)
        .on("tileerror", () => {
          errors++;
          if (loaded === 0 && errors >= FAILED_TILES && !tilesMissing) {
            tilesMissing = true;
            setFailed(true);
            drawPlaces();
          }
        })
        .addTo(m);
      const spots = data.points.length ? data.points.map((p) => [p[1], p[2]]) : data.resorts.map((r) => [r.lat, r.lng]);
      if (spots.length) m.fitBounds(L.latLngBounds(spots as Array<[number, number]>), { padding: [30, 30], maxZoom: 12 });
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
  }, [data, tiles.url, tiles.attribution]);
  return (
    <div className="relative">
      <div
        ref={el}
        role="region"
        aria-label={texts.destinations.mapLabel(name)}
        className="pp-map h-72 w-full overflow-hidden rounded-lg bg-slate-100 lg:h-80"
        data-testid="destination-leaflet"
        data-ready={ready ? "true" : undefined}
        data-points={data.points.length}
      />
      {failed && (
        <p
          role="status"
          className="absolute bottom-6 left-3 z-[650] max-w-[80%] rounded bg-amber-50 px-3 py-1.5 text-xs text-amber-900 shadow"
          data-testid="map-tiles-failed"
        >
          {texts.map.tilesFailed}
        </p>
      )}
    </div>
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
    const low = formatPrice(lowestPrice(c.items, (p) => p[3]));
    const marker = L.marker(map.unproject([c.x, c.y], zoom), {
      icon: L.divIcon({
        className: "pp-marker is-cluster",
        iconSize: [0, 0],
        html: `<span data-testid="map-cluster" data-count="${c.items.length}">${c.items.length}</span>`,
      }),
      title: texts.map.clusterLabel(c.items.length, low),
      alt: texts.map.clusterLabel(c.items.length, low),
    });
    marker.on("click", () => {
      const bounds = L.latLngBounds(c.items.map((p) => [p[1], p[2]] as [number, number]));
      if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), Math.min(zoom + 3, map.getMaxZoom()));
      else map.fitBounds(bounds, { padding: [40, 40] });
    });
    layer.addLayer(marker);
  }
}
