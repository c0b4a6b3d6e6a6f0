import { Form, Link, useLocation } from "@remix-run/react";
import { ACCOUNT_PATH, AGENTS_PATH, LOGIN_PATH, LOGOUT_PATH, SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

/** The site header's account links: 'Log ind', or 'Mine søgeagenter', 'Gemte rejser', 'Konto' and 'Log ud'. */
export function AccountNav({ loggedIn }: { loggedIn: boolean }) {
  const { pathname, search } = useLocation();
  const link = "text-sm font-semibold underline-offset-4 hover:underline";
  if (!loggedIn) {
    const here = pathname.startsWith("/konto/") ? "" : `?${new URLSearchParams({ redirectTo: pathname + search })}`;
    return (
      <Link to={`${LOGIN_PATH}${here}`} className={link} data-testid="nav-login">
        {texts.account.login}
      </Link>
    );
  }
  return (
    <>
      <Link to={AGENTS_PATH} className={link} data-testid="nav-agents">
        {texts.account.myAgents}
      </Link>
      <Link to={SAVED_TRIPS_PATH} className={link} data-testid="nav-saved">
        {texts.account.savedTrips}
      </Link>
      <Link to={ACCOUNT_PATH} className={link} data-testid="nav-account">
        {texts.accountPage.navLink}
      </Link>
      <Form method="post" action={LOGOUT_PATH} className="inline">
        <button type="submit" className={link} data-testid="nav-logout">
          {texts.account.logout}
        </button>
      </Form>
    </>
  );
}
