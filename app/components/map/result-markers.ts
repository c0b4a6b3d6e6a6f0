import type * as Leaflet from "leaflet";
import { gridClusters } from "~/domain/map-clusters";
import { escapeHtml } from "~/domain/escape-html";
import { formatPrice } from "~/domain/format";
import type { MapData, MapPoint } from "~/domain/search-result";
import { clusterMarker } from "./map-parts";
import { popupHtml } from "./map-popup";
import type { LiveMap } from "./use-leaflet-map";

// The results map's markers: the points near the view, crowded ones grouped by
// app/domain/map-clusters.ts each time the zoom or the view changes, so thousands of points stay smooth.

/** Draws the markers and clusters of the points near the map's view, in place of the last ones. */
export function drawMarkers(m: LiveMap, data: MapData, aff: string | undefined) {
  const { map, L } = m;
  const zoom = map.getZoom();
  const near = map.getBounds().pad(0.25);
  const visible = data.points.filter((p) => near.contains([p[1], p[2]]));
  const clusters = gridClusters(visible, (p) => map.project([p[1], p[2]], zoom));
  m.markers.clearLayers();
  for (const c of clusters) {
    if (c.items.length === 1) {
      m.markers.addLayer(pointMarker(m, data, c.items[0], aff, false));
      continue;
    }
    m.markers.addLayer(clusterMarker(L, map, c, zoom));
  }
}

/** One accommodation's price pin, which opens its popup; `hovered` when its result card is. */
export function pointMarker(m: LiveMap, data: MapData, p: MapPoint, aff: string | undefined, hovered: boolean): Leaflet.Marker {
  const price = formatPrice(p[3]);
  const marker = m.L.marker([p[1], p[2]], {
    icon: m.L.divIcon({
      className: `pp-marker${hovered ? " is-hovered" : ""}`,
      iconSize: [0, 0],
      html: `<span data-testid="${hovered ? "map-marker-hovered" : "map-marker"}" data-accommodation-id="${escapeHtml(p[0])}">${escapeHtml(price)}</span>`,
    }),
    title: p[4],
    alt: `${p[4]}: ${price}`,
    zIndexOffset: hovered ? 1000 : 0,
  });
  // A popup of the map, not of the marker: markers are redrawn on every move (the popup's own autopan too).
  marker.on("click", () => {
    m.L.popup({ minWidth: 220, offset: [0, -24] })
      .setLatLng([p[1], p[2]])
      .setContent(popupHtml(data, p, aff))
      .openOn(m.map);
  });
  return marker;
}
