import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { ACCOUNT_PATH, AGENTS_PATH, LOGIN_PATH, LOGOUT_PATH, OPS_PATH, RESULTS_PATH, SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

/**
 * The last element in the header's `<nav>`, which the first paint waits for (SiteNavBeforePaint).
 * Chromium resumes painting once the target's start tag is parsed, so the target follows the links.
 */
const SITE_NAV_END_ID = "site-nav-end";

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

/**
 * For the page's `<head>`: the browser paints nothing before it has parsed the header's links.
 * The server streams the page in pieces; a paint between one that ends just inside `<details>` and
 * the next showed the browser's own "Details" summary where the links belong, and the next frame
 * moved it (a layout shift). `rel=expect` is Chromium's (124+); other browsers ignore it and paint
 * as before. Not on a page without the nav (embed mode), whose first paint would wait for the end.
 */
export function SiteNavBeforePaint() {
  // React 18's types do not know `blocking` yet; the DOM attribute passes through as written.
  return <link rel="expect" href={`#${SITE_NAV_END_ID}`} {...{ blocking: "render" }} />;
}

/** The header's links for the visitor as the root loader knows them (app/root.tsx; the landing page's hero shows them too). */
export function HeaderNav() {
  const root = useRouteLoaderData("root") as Partial<SiteNavProps> | undefined;
  return <SiteNav loggedIn={root?.loggedIn ?? false} operator={root?.operator ?? false} />;
}
