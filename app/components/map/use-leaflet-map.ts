import { useEffect, useRef, useState, type RefObject } from "react";
import type * as Leaflet from "leaflet";
import { addBaseLayer } from "./base-layer";
import { addTiles, ZOOMS, type MapTiles } from "./map-parts";

// The results map's Leaflet lifecycle: Leaflet is imported only here, inside an effect, so it never
// runs on the server and stays out of the page's main bundle. The map is created once per tile
// server, on the map's own base layer (base-layer.ts) under the tiles, and removed on unmount.

export type L = typeof Leaflet;

/** A created map and the layers the results map draws on. */
export interface LiveMap {
  L: L;
  map: Leaflet.Map;
  markers: Leaflet.LayerGroup;
  hover: Leaflet.LayerGroup;
  resorts: Leaflet.LayerGroup;
}

const CENTRE_OF_THE_ALPS: [number, number] = [46.5, 9];

/**
 * Creates the map in `el` once Leaflet has loaded. `live` holds it (null before and after), `ready`
 * turns true with it, and `failed` once the tiles could not load (the base layer stays).
 */
export function useLeafletMap(el: RefObject<HTMLDivElement>, tiles: MapTiles) {
  const live = useRef<LiveMap | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    let zooming = false;
    void import("leaflet").then((mod) => {
      if (cancelled || !el.current) return;
      const L = ((mod as unknown as { default?: L }).default ?? mod) as L;
      map = L.map(el.current, { center: CENTRE_OF_THE_ALPS, zoom: 5, ...ZOOMS });
      // A zoom animation ends in a timer that needs the map: the map is removed only after it.
      const container = el.current;
      map
        .on("zoomstart", () => (zooming = true))
        .on("zoomend", () => {
          zooming = false;
          container.dataset.zoom = String(map?.getZoom());
        });
      const resorts = addBaseLayer(L, map);
      addTiles(L, map, { url: tiles.url, attribution: tiles.attribution }, () => setFailed(true));
      live.current = { L, map, markers: L.layerGroup().addTo(map), hover: L.layerGroup().addTo(map), resorts };
      setReady(true);
    });
    return () => {
      cancelled = true;
      live.current = null;
      const m = map;
      if (!m) return;
      m.stop();
      if (zooming) m.once("zoomend", () => setTimeout(() => m.remove()));
      else m.remove();
    };
  }, [el, tiles.url, tiles.attribution]);
  return { live, ready, failed };
}
