import { Link } from "@remix-run/react";
import { resultsHref } from "~/domain/results-url";
import { texts } from "~/domain/texts";
import { useSearchState } from "./search-state";

/** 'Vis på kort' / 'Vis som liste': the results-map view is the same search with `map=1`. */
export function MapToggleLink({ className = "" }: { className?: string }) {
  const { applied } = useSearchState();
  return (
    <Link
      to={resultsHref({ ...applied, dialog: undefined, map: applied.map ? undefined : true })}
      className={`rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 ${className}`}
      data-testid="map-toggle"
    >
      {applied.map ? texts.map.showList : texts.map.show}
    </Link>
  );
}
