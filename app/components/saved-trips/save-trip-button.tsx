import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useHydrated } from "../ui/use-hydrated";
import { useLocalSaves, writeLocalSaves } from "./local-saves";

interface AccountData {
  account?: { loggedIn: boolean; savedTripIds: string[] };
}

/** The two forms every card's save button submits without JavaScript (HTML's `form` attribute). */
const FORM_ID = { save: "save-trip", remove: "remove-trip" } as const;

/**
 * The page's save and remove forms, once for all its cards: they say what to do and where to come
 * back to, and each card's button adds its trip.
 */
export function SaveTripForms() {
  const { pathname, search } = useLocation();
  return (["save", "remove"] as const).map((intent) => (
    <form key={intent} id={FORM_ID[intent]} method="post" action={SAVED_TRIPS_PATH} hidden>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
    </form>
  ));
}

/**
 * 'Gem rejse' on a result card: a plain POST to /gemte-rejser through the page's SaveTripForms
 * (without JavaScript; an anonymous visitor is sent to log in), a fetcher with JavaScript, and for
 * an anonymous visitor with JavaScript a save in this browser that is offered to their account
 * after log-in.
 */
export function SaveTripButton({ tripId }: { tripId: string }) {
  const data = useRouteLoaderData("results") as AccountData | undefined;
  const loggedIn = data?.account?.loggedIn ?? false;
  const savedOnServer = data?.account?.savedTripIds.includes(tripId) ?? false;
  const fetcher = useFetcher<{ tripId?: string; isSaved?: boolean; error?: string }>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const localSaves = useLocalSaves();
  const savedLocally = !loggedIn && localSaves.includes(tripId);

  // The page does not reload after a save (the results route's shouldRevalidate): the button shows
  // the save under way, then the action's answer, then what the page was loaded with.
  const pending = fetcher.formData?.get("tripId") === tripId ? fetcher.formData.get("intent") === "save" : undefined;
  const answered = fetcher.data?.tripId === tripId ? fetcher.data.isSaved : undefined;
  // A refused save (the account's limit) says why.
  const refused = fetcher.data?.tripId === tripId ? fetcher.data.error : undefined;
  const saved = loggedIn ? (pending ?? answered ?? savedOnServer) : savedLocally;
  const label = saved ? texts.savedTrips.saved : texts.savedTrips.save;
  // `.save-trip` in app/tailwind.css (twenty on a page); aria-pressed marks a saved trip.
  const cls = "save-trip";

  if (hydrated && !loggedIn) {
    return (
      <button
        type="button"
        className={cls}
        aria-pressed={saved}
        title={saved ? texts.savedTrips.savedLocally : undefined}
        onClick={() => writeLocalSaves(saved ? localSaves.filter((id) => id !== tripId) : [...localSaves, tripId])}
      >
        {label}
      </button>
    );
  }
  const intent = saved ? "remove" : "save";
  return (
    <>
      <button
        type="submit"
        form={FORM_ID[intent]}
        name="tripId"
        value={tripId}
        className={cls}
        aria-pressed={saved}
        onClick={(event) => {
          if (!hydrated) return;
          // With JavaScript the action answers with data instead of redirecting back.
          event.preventDefault();
          fetcher.submit(
            { intent, tripId, redirectTo: pathname + search, js: "1" },
            { method: "post", action: SAVED_TRIPS_PATH, preventScrollReset: true },
          );
        }}
      >
        {label}
      </button>
      {refused && (
        <p role="alert" className="mt-1 max-w-xs text-xs font-semibold text-red-800">
          {refused}
        </p>
      )}
    </>
  );
}
