import type * as Leaflet from "leaflet";
import { formatPrice } from "~/domain/format";
import { lowestPrice, type Cluster } from "~/domain/map-clusters";
import { texts } from "~/domain/texts";

// What the results map and a destination page's map draw alike: the tile layer that tells when
// its server cannot be reached (tiles-failed-note.tsx says so), and a crowded cell's cluster marker
// (app/domain/map-clusters.ts) that zooms into its points when clicked.

type L = typeof Leaflet;

/** The tile server the maps draw from (MAP_TILE_URL and MAP_TILE_ATTRIBUTION, README.md). */
export interface MapTiles {
  url: string;
  attribution: string;
}

/**
 * The zooms both maps allow. Zoomed out to 0 the whole world is 256 px wide: a result with places
 * in Chile, the Alps and New Zealand (238° apart) opens with every price whole on a phone's map,
 * which zoom 1 (512 px) could not hold with FIT_PADDING.
 */
export const ZOOMS = { minZoom: 0, maxZoom: 18 } as const;

/** Room a fitted view keeps at the map's edges (x, y): half a price pill's width and height and a little, so the outermost pills are whole. */
export const FIT_PADDING: [number, number] = [48, 32];

/** Tile errors before any tile has loaded that count as "the tile server is unreachable". */
const FAILED_TILES = 3;

/**
 * How long the first tile may take before the tile server counts as unreachable all the same: one
 * that takes the connection and never answers gives no error at all, and the map would show its
 * base layer without saying why.
 */
export const FIRST_TILE_TIMEOUT_MS = 10_000;

/**
 * Adds the tile layer; `unreachable` is called once, when its server answers no tile at all: a few
 * errors, or silence for FIRST_TILE_TIMEOUT_MS, before the first tile.
 */
export function addTiles(L: L, map: Leaflet.Map, tiles: MapTiles, unreachable: () => void) {
  let loaded = 0;
  let errors = 0;
  let said = false;
  const say = () => {
    if (said || loaded > 0) return;
    said = true;
    clearTimeout(silence);
    unreachable();
  };
  const silence = setTimeout(say, FIRST_TILE_TIMEOUT_MS);
  map.once("unload", () => clearTimeout(silence));
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: ZOOMS.maxZoom })
    .on("tileload", () => {
      loaded++;
      clearTimeout(silence);
    })
    .on("tileerror", () => ++errors === FAILED_TILES && say())
    .addTo(map);
}

/** A crowded cell's marker: its count and lowest price, both also in its label; a click zooms into its points. */
export function clusterMarker<T extends readonly [unknown, number, number, number, ...unknown[]]>(
  L: L,
  map: Leaflet.Map,
  cluster: Cluster<T>,
  zoom: number,
): Leaflet.Marker {
  const count = cluster.items.length;
  const price = formatPrice(lowestPrice(cluster.items, (p) => p[3]));
  const label = texts.map.clusterLabel(count, price);
  const marker = L.marker(map.unproject([cluster.x, cluster.y], zoom), {
    icon: L.divIcon({
      className: "pp-marker is-cluster",
      iconSize: [0, 0],
      // The count, and under it the lowest price (docs/screens.md, the map view); a price is digits and "kr.", nothing to escape.
      html: `<span data-testid="map-cluster" data-count="${count}"><b>${count}</b><small data-testid="map-cluster-price">${texts.map.from(price)}</small></span>`,
    }),
    title: label,
    alt: label,
  });
  marker.on("click", () => {
    const bounds = L.latLngBounds(cluster.items.map((p) => [p[1], p[2]] as [number, number]));
    if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), Math.min(zoom + 3, map.getMaxZoom()));
    else map.fitBounds(bounds, { padding: [40, 40] });
  });
  return marker;
}
