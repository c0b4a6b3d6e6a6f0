import { Link } from "@remix-run/react";
import { GUEST_SAVES_DAYS, LOGIN_PATH, SAVED_TRIPS_PATH, SIGN_UP_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

const BACK_HERE = `?${new URLSearchParams({ redirectTo: SAVED_TRIPS_PATH })}`;

/** /gemte-rejser for a visitor who is not logged in: how long their saves are kept, and how to keep them. */
export function GuestSavesNote() {
  const link = "font-semibold text-brand-700 underline";
  return (
    <div className="mb-4 rounded-xl bg-brand-50 p-4 text-brand-900" data-testid="guest-saves-note">
      <p>{texts.savedTrips.guestNote(GUEST_SAVES_DAYS)}</p>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={`${LOGIN_PATH}${BACK_HERE}`} className={link}>
          {texts.account.login}
        </Link>
        <Link to={`${SIGN_UP_PATH}${BACK_HERE}`} className={link}>
          {texts.account.signUp}
        </Link>
      </p>
    </div>
  );
}
