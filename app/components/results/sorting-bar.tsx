import { Link } from "@remix-run/react";
import { SORTING_METHODS, type PriceMode } from "~/domain/constants";
import { switchPriceMode } from "~/domain/price-mode";
import { texts } from "~/domain/texts";
import { MapToggleLink } from "./map-toggle-link";
import { useSearchState } from "./search-state";

/** The price-type choice as two links ('Pr. person' / 'Samlet pris'); switching clears the other mode's bounds. */
export function PriceTypeLinks() {
  const { applied, hrefFor } = useSearchState();
  const sd = applied.query.searchData;
  const href = (mode: PriceMode) => hrefFor({ priceMode: mode, searchData: { ...sd, filters: switchPriceMode(sd.filters, mode) } });
  return (
    <nav aria-label={texts.priceType.label} className="inline-flex rounded-full border border-slate-300 bg-white p-0.5 text-sm">
      {(["perPerson", "total"] as const).map((mode) => (
        <Link
          key={mode}
          to={href(mode)}
          preventScrollReset
          aria-current={applied.priceMode === mode ? "true" : undefined}
          className="price-type-link"
        >
          {mode === "total" ? texts.priceType.total : texts.priceType.perPerson}
        </Link>
      ))}
    </nav>
  );
}

/** Desktop sorting bar: 'Vores anbefaling', 'Største rabat', 'Billigste tur' as links, and the price type. */
export function SortingBar({ className = "" }: { className?: string }) {
  const { applied, hrefFor } = useSearchState();
  return (
    <div
      className={`flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm ${className}`}
      data-testid="sorting-bar"
    >
      <nav aria-label={texts.sorting.label} className="flex flex-wrap items-center gap-1">
        <span className="mr-2 text-sm text-slate-600">{texts.sorting.label}:</span>
        {SORTING_METHODS.map((sort) => {
          const current = applied.query.sort === sort;
          return (
            <Link
              key={sort}
              to={hrefFor({ sort })}
              aria-current={current ? "true" : undefined}
              className="sort-link"
              data-testid="sort-link"
            >
              {texts.sorting.options[sort]}
            </Link>
          );
        })}
      </nav>
      <div className="flex items-center gap-3">
        <MapToggleLink />
        <PriceTypeLinks />
      </div>
    </div>
  );
}
