import { useEffect, useRef } from "react";
import "leaflet/dist/leaflet.css";
import { texts } from "~/domain/texts";
import type { MapData } from "~/domain/search-result";
import { useHoveredAccommodation } from "../results/hover-context";
import { FIT_PADDING, type MapTiles } from "./map-parts";
import { TilesFailedNote } from "./tiles-failed-note";
import { drawResorts, NAMED_FROM_ZOOM, resortPlaces } from "./base-layer";
import { useSearchState } from "../results/search-state";
import { drawMarkers, pointMarker } from "./result-markers";
import { useLeafletMap } from "./use-leaflet-map";

// The results map: every matching accommodation as a price pin or a cluster (result-markers.ts),
// the hovered card's pin above them, the result's resorts on the map's own base layer (named while
// the tiles are missing, with a note saying so), and "Søg i dette område". Leaflet's lifecycle is
// use-leaflet-map.ts.

export function ResultsMap({ tiles, data }: { tiles: MapTiles; data: MapData }) {
  const { applied, runSearch } = useSearchState();
  const { hoveredAccommodationId } = useHoveredAccommodation();
  const el = useRef<HTMLDivElement>(null);
  const { live, ready, failed } = useLeafletMap(el, tiles);

  const area = applied.query.searchData.searchArea;

  // Fit the view to the result (a geo search keeps the view the visitor chose). The first fit jumps:
  // an animated one would slide the markers drawn for the starting zoom over each other.
  const fitted = useRef(false);
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    if (area.type === "geo") {
      if (!fitted.current)
        m.map.fitBounds(
          [
            [area.bbox[0], area.bbox[1]],
            [area.bbox[2], area.bbox[3]],
          ],
          { animate: false },
        );
    } else if (data.points.length) {
      m.map.fitBounds(m.L.latLngBounds(data.points.map((p) => [p[1], p[2]] as [number, number])), {
        padding: FIT_PADDING,
        maxZoom: 12,
        animate: fitted.current,
      });
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
  }, [live, ready, data, applied.aff]);

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
  }, [live, ready, data, failed]);

  // The hovered accommodation (a hovered result card) stands out above any cluster.
  useEffect(() => {
    const m = live.current;
    if (!ready || !m) return;
    m.hover.clearLayers();
    const p = data.points.find((x) => x[0] === hoveredAccommodationId);
    if (p) m.hover.addLayer(pointMarker(m, data, p, applied.aff, true));
  }, [live, ready, data, hoveredAccommodationId, applied.aff]);

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
