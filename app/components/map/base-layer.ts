import type * as Leaflet from "leaflet";
import { feature } from "topojson-client";
import type { FeatureCollection, Geometry, Position } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110m from "world-atlas/countries-110m.json";
import { MARKER_BOX } from "~/domain/map-clusters";
import type { MapData } from "~/domain/search-result";

// The map's own base layer, bundled with the map's code (world-atlas: Natural Earth's country
// borders at 1:110m): the countries and the result's resorts, drawn in a pane under the tile
// layer. Tiles cover it where they load; where the tile server cannot be reached, the map still
// shows where the trips are.

type L = typeof Leaflet;

const PANE = "pp-base";
const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;

/** Natural Earth's id of Antarctica: no trips go there, and its ring runs round the pole, which a flat map cannot close. */
const ANTARCTICA = "010";

/** A ring whose longitudes go on past ±180 where they cross the antimeridian, instead of jumping 360°. */
function unwrapped(ring: Position[]): Position[] {
  let shift = 0;
  return ring.map(([lng, lat], i) => {
    const before = i > 0 ? ring[i - 1][0] : lng;
    if (lng - before > 180) shift -= 360;
    else if (before - lng > 180) shift += 360;
    return [lng + shift, lat];
  });
}

/**
 * The countries as a flat map can draw them: Natural Earth's rings of Russia and Fiji cross the
 * antimeridian, and a jump from 180° to −180° would be drawn as a line across the whole world.
 */
export function continuousCountries(countries: FeatureCollection): FeatureCollection {
  const polygon = (rings: Position[][]) => rings.map(unwrapped);
  const geometry = (g: Geometry): Geometry =>
    g.type === "Polygon"
      ? { ...g, coordinates: polygon(g.coordinates) }
      : g.type === "MultiPolygon"
        ? { ...g, coordinates: g.coordinates.map(polygon) }
        : g;
  return {
    ...countries,
    features: countries.features.filter((f) => f.id !== ANTARCTICA).map((f) => ({ ...f, geometry: geometry(f.geometry) })),
  };
}

/** A resort's place: the mean position of the result's accommodations in it. */
export function resortPlaces(data: MapData): Array<{ name: string; lat: number; lng: number }> {
  const sums = new Map<number, { lat: number; lng: number; n: number }>();
  for (const p of data.points) {
    const s = sums.get(p[5]) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += p[1];
    s.lng += p[2];
    s.n++;
    sums.set(p[5], s);
  }
  return [...sums].map(([ix, s]) => ({ name: data.resorts[ix]?.name ?? "", lat: s.lat / s.n, lng: s.lng / s.n }));
}

/** The countries' GeoJSON, made once: every map the visitor opens draws the same. */
let countries: FeatureCollection | undefined;

/** Adds the countries under the tiles; returns the layer of resort points, redrawn for every result. */
export function addBaseLayer(L: L, map: Leaflet.Map): Leaflet.LayerGroup {
  const pane = map.createPane(PANE);
  // Under the tile pane (z-index 200), not clickable: the markers above take the clicks.
  pane.style.zIndex = "150";
  pane.style.pointerEvents = "none";
  const renderer = L.svg({ pane: PANE, padding: 0.5 });
  countries ??= continuousCountries(feature(topology, topology.objects.countries));
  L.geoJSON(countries, {
    pane: PANE,
    interactive: false,
    style: { renderer, color: "#64748b", weight: 1, fillColor: "#f8fafc", fillOpacity: 1 },
  }).addTo(map);
  const resorts = L.layerGroup([], { pane: PANE }).addTo(map);
  // The names are placed again, once a frame, as markers or names come and go (each map redraws its
  // markers after a move, its resorts with a new result or zoom), after a move, and as a note comes
  // or goes beside Leaflet's box (with React's render, apart from Leaflet's events).
  let queued = 0;
  const place = () => {
    cancelAnimationFrame(queued);
    queued = requestAnimationFrame(() => placeNames(map, resorts));
  };
  const notes = new MutationObserver(place);
  const around = map.getContainer().parentElement;
  if (around) notes.observe(around, { childList: true });
  map.on("layeradd layerremove moveend", place).on("unload", () => {
    cancelAnimationFrame(queued);
    notes.disconnect();
  });
  return resorts;
}

/** From this zoom on there is room to name the resorts. */
export const NAMED_FROM_ZOOM = 6;

/**
 * Where a resort's name may hang from its point, in this order: below, above, right and left of a
 * marker centred there (MARKER_BOX; Leaflet adds the tooltip's 6 px margin). A result's
 * accommodations in one resort are often one marker on the resort's point, and a name beside the
 * point lay under it ("ssfeld" for Nassfeld).
 */
const NAME_SPOTS: ReadonlyArray<{ direction: Leaflet.Direction; offset: [number, number] }> = [
  { direction: "bottom", offset: [0, MARKER_BOX.height / 2] },
  { direction: "top", offset: [0, -MARKER_BOX.height / 2] },
  { direction: "right", offset: [MARKER_BOX.width / 2, 0] },
  { direction: "left", offset: [-MARKER_BOX.width / 2, 0] },
];

/** What a visitor presses on a map, drawn above the base layer: markers and clusters (divIcons), circle markers, controls. */
const PRESSABLE = ".leaflet-marker-pane .leaflet-marker-icon > *, .leaflet-overlay-pane .leaflet-interactive, .leaflet-control";
/** A note laid over the map beside Leaflet's box (tiles-failed-note.tsx): a name keeps clear of it too. */
const NOTE = "[data-map-note]";

function overlap(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Hangs each resort's name at the first of NAME_SPOTS where all of it is on the map and no marker,
 * control or note covers it, or where the least of it is hidden.
 */
function placeNames(map: Leaflet.Map, layer: Leaflet.LayerGroup) {
  const named = layer.getLayers().filter((dot) => dot.getTooltip()?.getElement());
  if (!named.length) return; // the tiles name the places: nothing to measure
  const container = map.getContainer();
  const area = container.getBoundingClientRect();
  const notes = container.parentElement?.querySelectorAll(NOTE) ?? [];
  const over = [...container.querySelectorAll(PRESSABLE), ...notes].map((el) => el.getBoundingClientRect());
  for (const dot of named) {
    const tooltip = dot.getTooltip()!;
    const el = tooltip.getElement()!;
    let best = { spot: NAME_SPOTS[0], covered: Infinity };
    for (const spot of NAME_SPOTS) {
      Object.assign(tooltip.options, spot);
      tooltip.update();
      const box = el.getBoundingClientRect();
      const off = box.width * box.height - overlap(box, area);
      const covered = over.reduce((sum, r) => sum + overlap(box, r), off);
      if (covered < best.covered) best = { spot, covered };
      if (covered === 0) break;
    }
    Object.assign(tooltip.options, best.spot);
    tooltip.update();
  }
}

/** The resorts as points, each named by it (placeNames) when the tiles (which name them) are missing and there is room. */
export function drawResorts(
  L: L,
  layer: Leaflet.LayerGroup,
  places: ReadonlyArray<{ name: string; lat: number; lng: number }>,
  named: boolean,
) {
  layer.clearLayers();
  const renderer = L.svg({ pane: PANE, padding: 0.5 });
  for (const r of places) {
    const dot = L.circleMarker([r.lat, r.lng], {
      pane: PANE,
      renderer,
      interactive: false,
      radius: 4,
      color: "#174c99",
      weight: 2,
      fillColor: "#ffffff",
      fillOpacity: 1,
    });
    if (named) dot.bindTooltip(r.name, { permanent: true, ...NAME_SPOTS[0], className: "pp-resort-label", pane: PANE });
    layer.addLayer(dot);
  }
}
