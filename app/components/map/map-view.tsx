import { lazy, Suspense, type ReactNode } from "react";
import type { MapData } from "~/domain/search-result";
import { SCRIPTS_AT_ONCE_ATTRIBUTE, type PriceMode } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PlacesByResort } from "~/domain/map-places";
import { PlacesList } from "./places-list";
import type { MapTiles } from "./map-parts";

// Leaflet and the map's code load only once the map is on the screen (pure: the module has no
// side effect, so the browser's build can leave it to its own chunk).
const ResultsMap = /* @__PURE__ */ lazy(() => import("./results-map").then((m) => ({ default: m.ResultsMap })));

/**
 * The results-map view (`map=1`): the map in place of the list, and under it the plain list of
 * places. From the xl width up the page's cards (`sideList`) stay beside the map in a list 400 px
 * wide (so hovering a card highlights its marker, and a card reads as it does on a phone); below
 * that there is no room for both at a readable width, and the map replaces the list
 * (docs/screens.md "Results map").
 */
export function MapView(props: {
  data: MapData | null;
  tiles: MapTiles | null;
  places: PlacesByResort[] | null;
  priceMode: PriceMode;
  sideList: ReactNode;
}) {
  const { data, tiles, places, priceMode, sideList } = props;
  const hydrated = useHydrated();
  const priceUnit = priceMode === "total" ? texts.map.party : texts.map.perPerson;
  // The map's box from the server's markup on, so that nothing moves when the map comes; without
  // JavaScript there is no map (js-only): a line says so, the cards take the whole width
  // (nojs-block undoes the grid) and the places list is the view.
  const placeholder = <p className="js-only grid h-[65vh] min-h-[360px] place-items-center text-sm text-slate-600">{texts.map.loading}</p>;
  return (
    <div data-testid="map-view" {...SCRIPTS_AT_ONCE_ATTRIBUTE}>
      <div className="nojs-block xl:grid xl:grid-cols-[minmax(0,1fr)_400px] xl:items-start xl:gap-4">
        <p className="nojs-block mb-4 hidden rounded-xl bg-white p-4 text-sm text-slate-700 shadow-sm" data-testid="map-no-script">
          {texts.map.noScript}
        </p>
        <div className="xl:sticky xl:top-4">
          {data &&
            tiles &&
            (hydrated ? (
              <Suspense fallback={placeholder}>
                <ResultsMap tiles={tiles} data={data} />
              </Suspense>
            ) : (
              placeholder
            ))}
        </div>
        <div className="hidden xl:block">{sideList}</div>
      </div>
      {places && <PlacesList groups={places} priceUnit={priceUnit} />}
    </div>
  );
}
