import { useEffect, useRef, useState } from "react";
import type * as Leaflet from "leaflet";
import "leaflet/dist/leaflet.css";
import { gridClusters } from "~/domain/map-clusters";
import { escapeHtml } from "~/domain/escape-html";
import { formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import type { MapData, MapPoint } from "~/domain/search-result";
import { useHoveredAccommodation } from "../results/hover-context";
import { addTiles, clusterMarker, TilesFailedNote, type MapTiles } from "./map-parts";
import { addBaseLayer, drawResorts, NAMED_FROM_ZOOM, resortPlaces } from "./base-layer";
import { useSearchState } from "../results/search-state";

// The results map. Leaflet is imported only here, inside an effect, so it never runs on the server
// and stays out of the page's main bundle. The markers are the loader's map data (every matching
// accommodation, not only the page); crowded ones are grouped by app/domain/map-clusters.ts
// each time the zoom or the view changes, and only those near the view are drawn, so thousands of
// points stay smooth. Under the tiles lies the map's own base layer (countries and the result's
// resorts, app/components/map/base-layer.ts), so the map draws without a tile server too; then a
// note says so, and the resorts are named on the map.

type L = typeof Leaflet;

interface Live {
  L: L;
  map: Leaflet.Map;
  markers: Leaflet.LayerGroup;
  hover: Leaflet.LayerGroup;
  resorts: Leaflet.LayerGroup;
}

const CENTRE_OF_THE_ALPS: [number, number] = [46.5, 9];

export function ResultsMap({ tiles, data }: { tiles: MapTiles; data: MapData }) {
  const { applied, runSearch } = useSearchState();
  const { hoveredAccommodationId } = useHoveredAccommodation();
  const el = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  const area = applied.query.searchData.searchArea;

  // Create the map once.
  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    let zooming = false;
    void import("leaflet").then((mod) => {
      if (cancelled || !el.current) return;
      const L = ((mod as unknown as { default?: L }).default ?? mod) as L;
      map = L.map(el.current, { center: CENTRE_OF_THE_ALPS, zoom: 5, minZoom: 3, maxZoom: 18 });
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
  }, [tiles.url, tiles.attribution]);

  // Fit the view to the result (a geo search keeps the view the visitor chose).
  const fitted = useRef(false);
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    if (area.type === "geo") {
      if (!fitted.current)
        m.map.fitBounds([
          [area.bbox[0], area.bbox[1]],
          [area.bbox[2], area.bbox[3]],
        ]);
    } else if (data.points.length) {
      m.map.fitBounds(m.L.latLngBounds(data.points.map((p) => [p[1], p[2]] as [number, number])), { padding: [30, 30], maxZoom: 12 });
    }
    fitted.current = true;
  }, [ready, data]); // eslint-disable-line react-hooks/exhaustive-deps

  // Draw the markers and clusters near the view; again after every zoom or move.
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    const draw = () => drawMarkers(m, data, applied.aff);
    draw();
    m.map.on("moveend", draw);
    return () => {
      m.map.off("moveend", draw);
    };
  }, [ready, data, applied.aff]);

  // The result's resorts on the base layer, named while the tiles are missing.
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    const draw = () => drawResorts(m.L, m.resorts, resortPlaces(data), failed && m.map.getZoom() >= NAMED_FROM_ZOOM);
    draw();
    m.map.on("zoomend", draw);
    return () => {
      m.map.off("zoomend", draw);
    };
  }, [ready, data, failed]);

  // The hovered accommodation (a hovered result card) stands out above any cluster.
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    m.hover.clearLayers();
    const p = data.points.find((x) => x[0] === hoveredAccommodationId);
    if (p) m.hover.addLayer(pointMarker(m, data, p, applied.aff, true));
  }, [ready, data, hoveredAccommodationId, applied.aff]);

  const searchThisArea = () => {
    const m = live.current;
    if (!m) return;
    const b = m.map.getBounds();
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    const bbox: [number, number, number, number] = [
      clamp(b.getSouth(), -90, 90),
      clamp(b.getWest(), -180, 180),
      clamp(b.getNorth(), -90, 90),
      clamp(b.getEast(), -180, 180),
    ];
    runSearch({ searchData: { ...applied.query.searchData, searchArea: { type: "geo", bbox } } });
  };

  return (
    <div className="relative">
      <div
        ref={el}
        role="region"
        aria-label={texts.map.label}
        className="pp-map h-[65vh] min-h-[360px] w-full overflow-hidden rounded-xl shadow-sm"
        data-testid="results-map"
        data-ready={ready ? "true" : undefined}
        data-points={data.points.length}
      />
      {!ready && <p className="absolute inset-0 grid place-items-center text-sm text-slate-600">{texts.map.loading}</p>}
      {failed && <TilesFailedNote />}
      {ready && (
        <button
          type="button"
          onClick={searchThisArea}
          className="absolute left-1/2 top-3 z-[650] -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-900 shadow-md hover:bg-brand-50"
          data-testid="search-this-area"
        >
          {texts.map.searchThisArea}
        </button>
      )}
    </div>
  );
}

function drawMarkers(m: Live, data: MapData, aff: string | undefined) {
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

function pointMarker(m: Live, data: MapData, p: MapPoint, aff: string | undefined, hovered: boolean): Leaflet.Marker {
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

function popupHtml(data: MapData, p: MapPoint, aff: string | undefined): string {
  const [, , , price, name, resortIx, rating, companyIx, departure, nights, tripId] = p;
  const resort = data.resorts[resortIx];
  const company = data.companies[companyIx] ?? "";
  const r = texts.results;
  const unit = data.priceMode === "total" ? texts.map.party : texts.map.perPerson;
  return `<div class="space-y-1 text-sm" data-testid="map-popup">
<p class="text-base font-bold text-brand-900">${escapeHtml(name)}</p>
<p class="text-slate-600">${escapeHtml(`${resort?.name ?? ""}, ${resort?.country ?? ""}`)} <span class="text-amber-500" role="img" aria-label="${escapeHtml(r.stars(rating))}">${"★".repeat(rating)}</span></p>
<p>${escapeHtml(r.departure(formatShortDate(departure), nights))}</p>
<p><strong class="text-lg">${escapeHtml(formatPrice(price))}</strong> ${escapeHtml(unit)}</p>
<p><a class="font-semibold text-brand-700 underline" href="${escapeHtml(offerRedirectHref(tripId, aff))}" target="_blank" rel="noopener nofollow">${escapeHtml(r.seeOffer(company))}</a></p>
</div>`;
}
