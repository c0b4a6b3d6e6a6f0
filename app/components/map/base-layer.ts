import type * as Leaflet from "leaflet";
import { feature } from "topojson-client";
import type { FeatureCollection, Geometry, Position } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";
import countries110m from "world-atlas/countries-110m.json";
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
  return L.layerGroup([], { pane: PANE }).addTo(map);
}

/** From this zoom on there is room to name the resorts. */
export const NAMED_FROM_ZOOM = 6;

/** The resorts as points, each named beside it when the tiles (which name them) are missing and there is room. */
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
    if (named) dot.bindTooltip(r.name, { permanent: true, direction: "right", offset: [6, 0], className: "pp-resort-label", pane: PANE });
    layer.addLayer(dot);
  }
}
