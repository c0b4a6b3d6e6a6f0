import { Link } from "@remix-run/react";
import { pageCount, pageLinks } from "~/domain/pagination";
import { texts } from "~/domain/texts";
import { useSearchState } from "./search-state";

// Page links: 2 on extra-small and small screens (< 640px), 3 on mobile (< 1024px), 5 otherwise;
// each link knows on which sizes it shows, so the server-rendered page is right at every width.
// Hidden for a single page. Links scroll to the top (Remix resets the scroll on a new page).

export function Pagination({ totalCount, pageSize }: { totalCount: number; pageSize: number }) {
  const { applied, hrefFor } = useSearchState();
  const page = applied.query.page;
  const pages = pageCount(totalCount, pageSize);
  const links = pageLinks(page, pages);
  if (!links.length) return null;
  return (
    <nav aria-label={texts.pagination.label} className="mt-6" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 && (
          <li>
            <Link
              to={hrefFor({ page: page - 1 })}
              rel="prev"
              aria-label={texts.pagination.previous}
              className="page-link"
              data-testid="page-prev"
            >
              ‹
            </Link>
          </li>
        )}
        {links.map((l) => {
          // Only the widths where the link's display changes.
          const visibility = [
            l.small ? "inline-flex" : "hidden",
            l.mobile !== l.small && (l.mobile ? "sm:inline-flex" : "sm:hidden"),
            l.large !== l.mobile && (l.large ? "lg:inline-flex" : "lg:hidden"),
          ]
            .filter(Boolean)
            .join(" ");
          const current = l.page === page;
          return (
            <li key={l.page} className={visibility}>
              <Link
                to={hrefFor({ page: l.page })}
                aria-label={texts.pagination.page(l.page)}
                aria-current={current ? "page" : undefined}
                className="page-link"
                data-testid="page-link"
              >
                {l.page}
              </Link>
            </li>
          );
        })}
        {page < pages && (
          <li>
            <Link
              to={hrefFor({ page: page + 1 })}
              rel="next"
              aria-label={texts.pagination.next}
              className="page-link"
              data-testid="page-next"
            >
              ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
