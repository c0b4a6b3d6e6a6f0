import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { ACCOUNT_PATH, AGENTS_PATH, LOGIN_PATH, LOGOUT_PATH, OPS_PATH, RESULTS_PATH, SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

/** An empty element after the header's links, which the first paint waits for (first-paint.tsx). */
export const SITE_NAV_END_ID = "site-nav-end";

export interface SiteNavProps {
  loggedIn: boolean;
  operator: boolean;
}

/**
 * Every page's header links, the landing page's too: all trips, saved trips (a guest's as well),
 * and 'Log ind', or for an account its agents, its page, the dashboard for an operator, and 'Log
 * ud'. One list: a row on a wide screen, a 'Menu' disclosure on a phone (`.site-menu` in
 * app/tailwind.css), so it opens without JavaScript and the header never wraps.
 */
export function SiteNav({ loggedIn, operator }: SiteNavProps) {
  const { pathname, search } = useLocation();
  const here = pathname.startsWith("/konto/") ? "" : `?${new URLSearchParams({ redirectTo: pathname + search })}`;
  const item = (to: string, label: string, testId: string) => (
    <li>
      <Link to={to} className="site-menu-link" data-testid={testId}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={texts.nav.label}>
      {/* A new element on every page: a phone's open menu closes as the visitor follows one of its links. */}
      <details key={pathname} className="site-menu">
        <summary>{texts.nav.menu}</summary>
        <ul>
          {item(RESULTS_PATH, texts.nav.allTrips, "nav-all-trips")}
          {item(SAVED_TRIPS_PATH, texts.account.savedTrips, "nav-saved")}
          {loggedIn ? (
            <>
              {item(AGENTS_PATH, texts.account.myAgents, "nav-agents")}
              {item(ACCOUNT_PATH, texts.accountPage.navLink, "nav-account")}
              {operator && item(OPS_PATH, texts.ops.navLabel, "nav-ops")}
              <li>
                <Form method="post" action={LOGOUT_PATH}>
                  <button type="submit" className="site-menu-link" data-testid="nav-logout">
                    {texts.account.logout}
                  </button>
                </Form>
              </li>
            </>
          ) : (
            item(`${LOGIN_PATH}${here}`, texts.account.login, "nav-login")
          )}
        </ul>
      </details>
      <span id={SITE_NAV_END_ID} hidden />
    </nav>
  );
}

/** The header's links for the visitor as the root loader knows them (app/root.tsx; the landing page's hero shows them too). */
export function HeaderNav() {
  const root = useRouteLoaderData("root") as Partial<SiteNavProps> | undefined;
  return <SiteNav loggedIn={root?.loggedIn ?? false} operator={root?.operator ?? false} />;
}
