import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { DestinationMapData } from "~/domain/destination-page";
import { LABEL_SIZE, mapPreview } from "~/domain/map-preview";
import { texts } from "~/domain/texts";
import { firstInteraction } from "../ui/page-parts";
import { useHydrated } from "../ui/use-hydrated";

// The map's code (with Leaflet and the base layer's country borders) loads when its box nears the
// screen, and not before the visitor's first interaction: on a desktop the box is in the first
// screen, and Leaflet would double the JavaScript a page loads before it is used (README,
// "Performance"). Until then the box shows the server's picture of where the places lie.
const DestinationMap = /* @__PURE__ */ lazy(() => import("../map/destination-map").then((m) => ({ default: m.DestinationMap })));

/**
 * The place's accommodations on a map. The box is the server's (nothing moves when the map comes),
 * with a picture of the places as dots until then; without JavaScript it stays, and a line says
 * the map needs JavaScript and links to the results page's map view, whose list of places works
 * without.
 */
export function MapSection({
  name,
  data,
  tiles,
  resultsMapHref,
}: {
  /** The place's name; null on the page of every destination. */
  name: string | null;
  data: DestinationMapData;
  tiles: { url: string; attribution: string };
  resultsMapHref: string;
}) {
  const t = texts.destinations;
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    let stopped = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void firstInteraction().then(() => !stopped && setNear(true));
      },
      { rootMargin: "300px" },
    );
    observer.observe(node);
    return () => {
      stopped = true;
      observer.disconnect();
    };
  }, []);
  const placeholder = <MapPicture data={data} />;
  return (
    <section aria-labelledby="map-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="destination-map">
      <h2 id="map-heading" className="mb-2 text-lg font-bold text-brand-900">
        {t.mapHeading(name)}
      </h2>
      <div ref={box}>
        {hydrated && near ? (
          <Suspense fallback={placeholder}>
            <DestinationMap name={name} data={data} tiles={tiles} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <noscript>{t.mapNoScript} </noscript>
        <Link to={resultsMapHref} className="font-semibold text-brand-700 underline" data-testid="results-map-link">
          {t.mapOnResults}
        </Link>
      </p>
    </section>
  );
}

/** The server's picture of the places as dots, its resorts named (app/domain/map-preview.ts), in the map's box. */
function MapPicture({ data }: { data: DestinationMapData }) {
  const spots = data.points.length
    ? data.points.map((p): [number, number] => [p[1], p[2]])
    : data.resorts.map((r): [number, number] => [r.lat, r.lng]);
  const preview = mapPreview(spots, data.resorts);
  return (
    <div className="h-72 w-full rounded-lg bg-slate-100 lg:h-80" data-testid="map-preview">
      {preview && (
        <svg viewBox={`0 0 ${preview.width} ${preview.height}`} className="h-full w-full" aria-hidden="true">
          {preview.dots.map(([x, y]) => (
            <circle key={`${x},${y}`} cx={x} cy={y} r={14} className="fill-brand-700 stroke-white" strokeWidth={5} />
          ))}
          {preview.labels.map((l) => (
            <text
              key={`${l.x},${l.y},${l.name}`}
              x={l.x}
              y={l.y}
              textAnchor={l.anchor}
              dominantBaseline="central"
              fontSize={LABEL_SIZE}
              className="fill-slate-900 stroke-white font-semibold"
              strokeWidth={8}
              paintOrder="stroke"
            >
              {l.name}
            </text>
          ))}
        </svg>
      )}
    </div>
  );
}
