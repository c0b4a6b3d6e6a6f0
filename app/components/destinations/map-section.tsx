import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { DestinationMapData } from "~/domain/destination-page";
import { texts } from "~/domain/texts";
import { useHydrated } from "../ui/use-hydrated";

// The map's code (with Leaflet and the base layer's country borders) loads when its box nears the screen.
const DestinationMap = /* @__PURE__ */ lazy(() => import("../map/destination-map").then((m) => ({ default: m.DestinationMap })));

/**
 * The place's accommodations on a map. The box is the server's (nothing moves when the map comes);
 * without JavaScript a line says the map needs it and links to the results page's map view,
 * whose list of places works without.
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
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: "300px",
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const placeholder = <div className="h-72 w-full rounded-lg bg-slate-100 lg:h-80" />;
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
