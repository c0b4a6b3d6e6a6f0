import { Link } from "@remix-run/react";
import { texts } from "~/domain/texts";
import { useSearchState } from "../results/search-state";

// The reset control of the filter sidebar ('Nulstil filtre'); the sidebar shows it only when
// there is something to reset.

const className = "text-sm font-medium text-brand-700 underline";

/** On the page: a link to the applied search without filters, so it works without JavaScript. */
export function ResetFiltersLink() {
  const { applied, hrefFor } = useSearchState();
  return (
    <Link
      to={hrefFor({ searchData: { ...applied.query.searchData, filters: {} } })}
      preventScrollReset
      className={className}
      data-testid="reset-filters"
    >
      {texts.filters.reset}
    </Link>
  );
}

/** In the drawer: clears the draft's filters; the drawer's save button applies them. */
export function ResetFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={className} data-testid="reset-filters" onClick={onClick}>
      {texts.filters.reset}
    </button>
  );
}
