import { Link } from "@remix-run/react";
import { filterChips } from "~/domain/filters";
import { CHIP_TEXTS } from "~/domain/filter-names";
import { texts } from "~/domain/texts";
import type { SearchOptions } from "~/domain/search-result";
import { useSearchState } from "../results/search-state";

/** The folded sidebar: one removable chip per set filter, or 'Intet valgt'. */
export function FilterChips({ options }: { options: SearchOptions }) {
  const { applied, hrefFor } = useSearchState();
  const filters = applied.query.searchData.filters;
  const chips = filterChips(filters, options, CHIP_TEXTS);
  if (!chips.length) {
    return (
      <p className="text-sm text-slate-500" data-testid="no-chips">
        {texts.filters.nothingSelected}
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-2" data-testid="chips">
      {chips.map((chip) => (
        <li key={chip.id}>
          <Link
            to={hrefFor({ searchData: { ...applied.query.searchData, filters: chip.remove } })}
            preventScrollReset
            aria-label={texts.filters.removeChip(chip.label)}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900 ring-1 ring-brand-100 hover:bg-brand-100"
            data-testid="chip"
          >
            <span>{chip.label}</span>
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
