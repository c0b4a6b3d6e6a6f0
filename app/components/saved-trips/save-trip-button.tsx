import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useHydrated } from "../ui/use-hydrated";

interface AccountData {
  account?: { savedTripIds: string[] };
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
 * without JavaScript, a fetcher with it. Logged in or not: a guest's saves are kept on the server
 * and carried to the account at log-in (app/services/saved-trips/guest-saves.server.ts).
 */
export function SaveTripButton({ tripId }: { tripId: string }) {
  const data = useRouteLoaderData("results") as AccountData | undefined;
  const savedWhenLoaded = data?.account?.savedTripIds.includes(tripId) ?? false;
  const fetcher = useFetcher<{ tripId?: string; isSaved?: boolean; error?: string }>();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();

  // The page does not reload after a save (the results route's shouldRevalidate): the button shows
  // the save under way, then the action's answer, then what the page was loaded with.
  const pending = fetcher.formData?.get("tripId") === tripId ? fetcher.formData.get("intent") === "save" : undefined;
  const answered = fetcher.data?.tripId === tripId ? fetcher.data.isSaved : undefined;
  // A refused save (the list's limit) says why.
  const refused = fetcher.data?.tripId === tripId ? fetcher.data.error : undefined;
  const saved = pending ?? answered ?? savedWhenLoaded;
  const label = saved ? texts.savedTrips.saved : texts.savedTrips.save;
  // `.save-trip` in app/tailwind.css (twenty on a page); aria-pressed marks a saved trip.
  const cls = "save-trip";

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
