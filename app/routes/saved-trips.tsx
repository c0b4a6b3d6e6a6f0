import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin, safeRedirect } from "~/utils/request.server";
import { getUser } from "~/services/accounts/session.server";
import { MAX_SAVED_TRIPS_PER_USER, RESULTS_PATH, SAVED_TRIPS_PATH, TRIP_ID_PATTERN } from "~/domain/constants";
import { formatPrice, formatShortDate } from "~/domain/format";
import { offerRedirectHref } from "~/domain/results-url";
import { savedTripHref } from "~/domain/accommodation-url";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { Page } from "~/components/ui/page";
import { FormError } from "~/components/account/account-forms";
import { Photo } from "~/components/accommodation/photo";
import { GuestSavesNote } from "~/components/saved-trips/guest-saves-note";
import { isSaved, removeSavedTrip, saveTrips, savedTripsOf, tripExists } from "~/services/saved-trips/saved-trips.server";
import { guestOwner, guestOwnerForSave } from "~/services/saved-trips/guest-saves.server";
import { unlistedMeta } from "~/domain/share-meta";

// /gemte-rejser: the visitor's saved trips, their account's or, when they are not logged in, the
// ones they saved as a guest (guest-saves.server.ts). POST intent=save|remove with a tripId (from a
// result card, with or without JavaScript); only the owner's list is ever read or changed.

export const meta: MetaFunction = () => unlistedMeta(texts.savedTrips.title, texts.savedTrips.metaDescription);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const owner = user ? { userId: user.id } : await guestOwner(request, context);
  return data({ guest: !user, trips: owner ? savedTripsOf(context.db, owner) : [] }, { headers: NO_STORE });
}

const tripId = z.string().regex(TRIP_ID_PATTERN);
const input = z.object({ intent: z.enum(["save", "remove"]), tripId });

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), SAVED_TRIPS_PATH);
  const parsed = input.safeParse({ intent: form.get("intent"), tripId: form.get("tripId") });
  if (!parsed.success) return data({ error: texts.errors.badRequest }, { status: 400, headers: NO_STORE });
  const { intent, tripId: id } = parsed.data;
  const { db } = context;
  const user = await getUser(request, context);
  const headers = new Headers(NO_STORE);
  let owner = user ? { userId: user.id } : await guestOwner(request, context);
  let full = false;
  if (intent === "save") {
    if (!tripExists(db, id)) throw notFound();
    if (!owner) {
      // A guest's first save makes their list; every save keeps its cookie GUEST_SAVES_DAYS more.
      const made = await guestOwnerForSave(request, context);
      owner = made.owner;
      headers.append("Set-Cookie", made.setCookie);
    }
    ({ full } = saveTrips(db, owner, [id]));
  } else {
    // Only the visitor's own saved trip: anyone else's (or none) is a 404.
    if (!owner || !isSaved(db, owner, id)) throw notFound();
    removeSavedTrip(db, owner, id);
  }
  // For a fetcher: the trip's state now, so its button can show it without reloading the page.
  const trip = { tripId: id, isSaved: intent === "save" && !full };
  if (full) {
    const error = texts.savedTrips.limitReached(MAX_SAVED_TRIPS_PER_USER);
    return data({ ok: false, ...trip, error }, { status: 409, headers });
  }
  if (form.get("js") === "1") return data({ ok: true, ...trip }, { headers });
  return redirect(back, { headers });
}

export default function SavedTripsPage() {
  const { trips, guest } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const s = texts.savedTrips;
  const r = texts.results;
  return (
    <Page title={s.title}>
      <div className="mb-4 empty:hidden">
        <FormError error={failed && "error" in failed ? failed.error : undefined} />
      </div>
      {guest && <GuestSavesNote />}
      {trips.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm" data-testid="saved-empty">
          {s.empty}{" "}
          <Link to={RESULTS_PATH} className="font-semibold text-brand-700 underline">
            {texts.nav.allTrips}
          </Link>
        </p>
      ) : (
        <ul className="space-y-4" data-testid="saved-trips">
          {trips.map((t) => {
            const href = savedTripHref(t.accommodationId, t.persons, t.departureDate);
            return (
              <li key={t.tripId} className="rounded-xl bg-white p-5 shadow-sm" data-testid="saved-trip" data-trip-id={t.tripId}>
                <div className="flex flex-col gap-4 sm:flex-row">
                  {/* The photo links for the pointer only: the name's link says the same to the keyboard and screen readers. */}
                  <Link to={href} tabIndex={-1} aria-hidden="true" className="block sm:w-48 sm:shrink-0">
                    <Photo src={t.imageUrl} alt="" decorative className="aspect-[16/9] sm:aspect-[4/3]" />
                  </Link>
                  <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
                    <div className="min-w-0">
                      <h2 className="text-lg font-bold text-brand-900">
                        <Link to={href} className="hover:underline" data-testid="saved-trip-link">
                          {t.accommodation}
                        </Link>
                      </h2>
                      <p className="text-sm text-slate-600">
                        {t.resort}, {t.country}
                      </p>
                      <p className="text-amber-500" aria-label={r.stars(t.rating)} role="img">
                        {"★".repeat(t.rating)}
                      </p>
                      <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
                        <li>{t.mealPlan}</li>
                        <li>{t.skiPassIncluded ? r.skiPassIncluded(t.skiPassDays) : r.skiPassExcluded}</li>
                        <li>{r.transport[t.transport]}</li>
                        <li>{r.departure(formatShortDate(t.departureDate), t.nights)}</li>
                        <li>{r.travelCompany(t.company)}</li>
                      </ul>
                      {!t.available && <p className="mt-2 text-sm font-semibold text-red-700">{s.unavailable}</p>}
                      <Link to={href} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
                        {s.seeAccommodation}
                      </Link>
                    </div>
                    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
                      <span className="text-2xl font-extrabold">{formatPrice(t.pricePerPerson)}</span>
                      <span className="text-xs text-slate-600">{r.perPerson}</span>
                      <span className="text-sm text-slate-600">
                        {r.partyPrice(t.persons)}: <strong>{formatPrice(t.price)}</strong>
                      </span>
                      {t.available && (
                        <a
                          href={offerRedirectHref(t.tripId, undefined)}
                          target="_blank"
                          rel="noopener nofollow"
                          className="mt-2 max-w-full rounded bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:max-w-72"
                          data-testid="saved-trip-offer"
                        >
                          {r.seeOffer(t.company)}
                        </a>
                      )}
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="tripId" value={t.tripId} />
                        <button
                          type="submit"
                          className="mt-1 text-sm font-semibold text-slate-700 underline"
                          data-testid="remove-saved-trip"
                        >
                          {s.remove}
                        </button>
                      </Form>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
