import { NavLink } from "@remix-run/react";
import { OPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

const LINKS = [
  ["", texts.ops.nav.overview],
  ["/importer", texts.ops.nav.imports],
  ["/klik", texts.ops.nav.clicks],
  ["/bannere", texts.ops.nav.banners],
  ["/forsidebokse", texts.ops.nav.landing],
  ["/soegeagenter", texts.ops.nav.agents],
  ["/destinationer", texts.ops.nav.resorts],
  ["/log", texts.ops.nav.log],
] as const;

/** The dashboard's sections, as plain links. */
export function OpsNav() {
  return (
    <nav aria-label={texts.ops.navLabel} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3" data-testid="ops-nav">
      {LINKS.map(([path, label]) => (
        <NavLink
          key={path}
          to={OPS_PATH + path}
          end={path === ""}
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
