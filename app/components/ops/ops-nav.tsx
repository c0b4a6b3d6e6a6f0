import { NavLink } from "@remix-run/react";
import { OPS_PATH, OPS_PATHS } from "~/domain/constants";
import { texts } from "~/domain/texts";

const LINKS = [
  [OPS_PATH, texts.ops.nav.overview],
  [OPS_PATHS.imports, texts.ops.nav.imports],
  [OPS_PATHS.clicks, texts.ops.nav.clicks],
  [OPS_PATHS.banners, texts.ops.nav.banners],
  [OPS_PATHS.landingBoxes, texts.ops.nav.landing],
  [OPS_PATHS.agents, texts.ops.nav.agents],
  [OPS_PATHS.resorts, texts.ops.nav.resorts],
  [OPS_PATHS.log, texts.ops.nav.log],
] as const;

/** The dashboard's sections, as plain links. */
export function OpsNav() {
  return (
    <nav aria-label={texts.ops.navLabel} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3" data-testid="ops-nav">
      {LINKS.map(([path, label]) => (
        <NavLink
          key={path}
          to={path}
          end={path === OPS_PATH}
          className={({ isActive }) =>
            `rounded-md px-3 py-1.5 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"}`
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A page of the dashboard: its heading over its content. */
export function OpsPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="mb-4 text-xl font-bold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

/** Previous/next links for a list read page by page (plain links: the page is in the query string). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={texts.ops.pageOf(page, pages)} className="mt-4 flex items-center gap-4 text-sm" data-testid="pager">
      {page > 1 && (
        <a href={href(page - 1)} className="font-semibold text-brand-700 underline" rel="prev">
          {texts.ops.previous}
        </a>
      )}
      <span>{texts.ops.pageOf(page, pages)}</span>
      {page < pages && (
        <a href={href(page + 1)} className="font-semibold text-brand-700 underline" rel="next">
          {texts.ops.next}
        </a>
      )}
    </nav>
  );
}
