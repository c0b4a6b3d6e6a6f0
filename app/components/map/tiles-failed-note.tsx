import { texts } from "~/domain/texts";

// Its own module, apart from map-parts.tsx: the accommodation page renders it with the page,
// and loads the map's code only when the map nears the screen.

/** The note over a map whose tiles could not be loaded (its own base layer shows where things are). */
export function TilesFailedNote() {
  return (
    <p
      role="status"
      className="absolute bottom-6 left-3 z-[650] max-w-[80%] rounded bg-amber-50 px-3 py-1.5 text-xs text-amber-900 shadow"
      data-testid="map-tiles-failed"
      data-map-note
    >
      {texts.map.tilesFailed}
    </p>
  );
}
