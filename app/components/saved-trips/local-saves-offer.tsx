import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { SAVED_TRIPS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useLocalSaves, writeLocalSaves } from "./local-saves";

/** After log-in: the trips an anonymous visitor saved in this browser, offered to their account. */
export function LocalSavesOffer() {
  const ids = useLocalSaves();
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  // Once the account has them, they are no longer kept in this browser.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) writeLocalSaves([]);
  }, [fetcher.state, fetcher.data]);
  if (!ids.length) return null;
  const s = texts.savedTrips;
  return (
    <div role="region" aria-label={s.title} className="bg-brand-50 text-brand-900" data-testid="local-saves-offer">
      <div className="mx-auto flex max-w-[1400px] flex-wrap items-center gap-3 px-3 py-3 text-sm sm:px-4">
        <p className="font-semibold">{s.offerLocal(ids.length)}</p>
        {fetcher.data?.error && (
          <p role="alert" className="font-semibold text-red-800">
            {fetcher.data.error}
          </p>
        )}
        <fetcher.Form method="post" action={SAVED_TRIPS_PATH}>
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="tripIds" value={ids.join(",")} />
          <input type="hidden" name="js" value="1" />
          <button type="submit" className="rounded bg-brand-600 px-3 py-1.5 font-semibold text-white" data-testid="local-saves-accept">
            {s.offerYes}
          </button>
        </fetcher.Form>
        <button
          type="button"
          className="rounded px-3 py-1.5 font-semibold underline"
          onClick={() => writeLocalSaves([])}
          data-testid="local-saves-decline"
        >
          {s.offerNo}
        </button>
      </div>
    </div>
  );
}
