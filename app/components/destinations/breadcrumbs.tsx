import { Link } from "@remix-run/react";
import type { PlaceLink } from "~/domain/destination-page";
import { texts } from "~/domain/texts";

/** Forside › Skiferie › country › region › resort: each a link but the last, the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: PlaceLink[] }) {
  return (
    <nav aria-label={texts.destinations.breadcrumbsLabel} className="mb-3 text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-600">
        {crumbs.map((crumb, k) => (
          <li key={crumb.href} className="flex items-center gap-1.5">
            {k > 0 && <span aria-hidden="true">›</span>}
            {k === crumbs.length - 1 ? (
              <span aria-current="page" className="font-semibold text-slate-900">
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.href} className="text-brand-700 underline underline-offset-2">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
