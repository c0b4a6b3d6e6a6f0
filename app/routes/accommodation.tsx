import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { AccommodationHeader } from "~/components/accommodation/accommodation-header";
import { AccommodationMap } from "~/components/accommodation/accommodation-map";
import { NoMatchingOffers, OffersTable } from "~/components/accommodation/offers-table";
import { OffersForm } from "~/components/accommodation/offers-form";
import { PriceBar } from "~/components/accommodation/price-bar";
import { PriceCalendar } from "~/components/accommodation/price-calendar";
import { PriceHistoryChart } from "~/components/accommodation/price-history-chart";
import { useNonce } from "~/components/ui/nonce";
import { nearScreenPart, PagePartView } from "~/components/ui/page-parts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { OFFERS_ANCHOR, RESULTS_PATH, TRIP_ID_PATTERN } from "~/domain/constants";
import { todayInDenmark } from "~/domain/dates";
import { formatCount, formatPrice } from "~/domain/format";
import { priceIn } from "~/domain/accommodation-offers";
import { lodgingJsonLd, scriptJson } from "~/domain/json-ld";
import { MARKUP_ONLY, markupOnlyOf } from "~/domain/markup-only";
import { accommodationCanonical, accommodationHref, accommodationLinks, accommodationState, atOffers } from "~/domain/accommodation-url";
import { isCanonical } from "~/domain/results-url";
import { shareMeta } from "~/domain/share-meta";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { accommodationPage } from "~/services/accommodations/accommodation-page.server";
import { currentCatalogue } from "~/services/destinations/destination-page.server";
import { withSearch } from "~/search/unavailable.server";

// The accommodation page: its photos, every company's offers for the search in the query string
// (the results page's, docs/urls.md "The accommodation page"), grouped by departure, the season's
// price calendar and the price history. Works as plain links and one GET form (the gallery is CSS
// scroll-snap); the map is the only part that needs JavaScript, with a plain fallback.

const params = z.object({ id: z.string().regex(TRIP_ID_PATTERN) });

/** The page writes its own canonical link (in its meta), for the root's to leave out. */
export const handle = { canonical: "own" };

export async function loader({ params: raw, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const state = accommodationState(url.searchParams);
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response(texts.errors.notFound, { status: 404 });
  const id = parsed.data.id;
  if (!isCanonical(url.search, state)) throw redirect(accommodationHref(id, state), 302);
  const [page, options] = await withSearch("page", () =>
    Promise.all([accommodationPage(context.db, context.engine, id, state), context.engine.options()]),
  );
  if (!page) throw new Response(texts.errors.notFound, { status: 404 });
  // A page rendered here carries its offers tables as markup only, which the browser keeps; a
  // client navigation's data carries them whole.
  const { groups, drops, ...rest } = page;
  return {
    ...rest,
    offers: context.documentRequest ? null : { groups, drops },
    [MARKUP_ONLY]: context.documentRequest ? { offers: { groups, drops } } : undefined,
    shownDates: groups.map((g) => g.departureDate),
    // The cheapest shown offer, for the page's description.
    lowestPrice: groups.length ? Math.min(...groups.map((g) => priceIn(g.rows[0].trip, state.priceMode))) : null,
    options,
    state,
    links: accommodationLinks(
      id,
      state,
      page.accommodation.destination.slug,
      page.calendar.map((d) => d.departureDate),
    ),
    // Absolute links (canonical, Open Graph, JSON-LD) name PUBLIC_URL, never the request's Host: the page may be cached.
    canonical: `${context.publicUrl}${accommodationCanonical(id, state)}`,
    tiles: context.config.mapTiles,
    resortPageHref: currentCatalogue(context.db, context.engine).byLevel.resort.get(page.accommodation.destination.slug)?.href ?? null,
    // The price history's end; the page cache's key has the day too (server/page-cache.ts).
    today: todayInDenmark(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${texts.accommodation.notFoundTitle} | ${texts.siteName}` }];
  const a = data.accommodation;
  const { priceMode, query } = data.state;
  const persons = query.searchData.adultCount + query.searchData.childrenCount;
  const lowest = data.lowestPrice;
  const from = lowest === null ? null : texts.accommodation.fromPrice(formatPrice(lowest), priceMode === "perPerson", persons);
  return shareMeta({
    title: `${texts.accommodation.metaTitle(a.name, a.destination.name, a.country.name)} | ${texts.siteName}`,
    description: data.summary
      ? texts.accommodation.metaDescription(
          a.name,
          a.destination.name,
          formatCount(data.summary.offerCount),
          formatCount(data.companyCount),
          from,
        )
      : texts.accommodation.metaDescriptionNoOffers(a.name, a.destination.name),
    url: data.canonical,
    image: data.photos[0],
  });
};

// Below the offers on a phone, so their code loads as they come near the screen (app/components/ui/page-parts.tsx).
const calendarPart = nearScreenPart(import.meta.env.SSR ? PriceCalendar : null, () =>
  import("~/components/accommodation/price-calendar").then((m) => m.PriceCalendar),
);
const historyPart = nearScreenPart(import.meta.env.SSR ? PriceHistoryChart : null, () =>
  import("~/components/accommodation/price-history-chart").then((m) => m.PriceHistoryChart),
);
// The offers form and the map do nothing until used: on a desktop, where they may be near the
// screen from the start, their code waits for the visitor's first interaction too.
const offersFormPart = nearScreenPart(
  import.meta.env.SSR ? OffersForm : null,
  () => import("~/components/accommodation/offers-form").then((m) => m.OffersForm),
  { interactive: true },
);
const mapPart = nearScreenPart(
  import.meta.env.SSR ? AccommodationMap : null,
  () => import("~/components/accommodation/accommodation-map").then((m) => m.AccommodationMap),
  { interactive: true },
);

export default function AccommodationRoute() {
  const data = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const hydrated = useHydrated();
  const kept = markupOnlyOf(data).offers;
  const { accommodation: a, state, links } = data;
  const t = texts.accommodation;
  const persons = state.query.searchData.adultCount + state.query.searchData.childrenCount;
  // The calendar's days are every departure date of the season, so every shown date is among them.
  const onDate = new Map(data.calendar.map((day, k) => [day.departureDate, links.onDate[k]]));
  const lowest = data.lowestPrice;
  return (
    <main
      className="mx-auto max-w-[1100px] px-3 py-4 sm:px-4 lg:py-6"
      data-testid="accommodation-page"
      data-accommodation-id={a.id}
      // What the browser tests wait for, as on the results page: the page is live.
      data-hydrated={hydrated ? "true" : undefined}
    >
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: scriptJson(lodgingJsonLd(a, data.canonical, data.summary, data.photos[0])) }}
      />
      <Link to={links.back} className="mb-4 inline-block font-semibold text-brand-700 underline" data-testid="back-to-results">
        ← {t.backToResults}
      </Link>
      <AccommodationHeader accommodation={a} photos={data.photos} resortPageHref={data.resortPageHref} />
      {lowest !== null && (
        <PriceBar price={t.fromPrice(formatPrice(lowest), state.priceMode === "perPerson", persons)} href={`#${OFFERS_ANCHOR}`} />
      )}
      <div className="mt-6 lg:grid lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start lg:gap-6">
        <div className="min-w-0">
          <section
            id={OFFERS_ANCHOR}
            aria-labelledby="offers-heading"
            className="scroll-mt-4 rounded-xl bg-white p-4 shadow-sm"
            data-testid="offers"
          >
            <h2 id="offers-heading" className="text-xl font-bold text-brand-900">
              {t.offersHeading}
            </h2>
            {data.summary && (
              <p className="text-sm text-slate-600" data-testid="offers-summary">
                {t.offersSummary(formatCount(data.summary.offerCount), formatCount(data.companyCount), persons)}
              </p>
            )}
            {data.shownDates.length ? (
              <OffersTable
                offers={data.offers ?? kept}
                priceMode={state.priceMode}
                aff={state.aff}
                dateHref={(date) => onDate.get(date) ?? links.self}
              />
            ) : (
              <NoMatchingOffers resort={a.destination.name} resortHref={links.resort} />
            )}
            <p className="mt-4">
              <Link to={links.allOffers} className="font-semibold text-brand-700 underline" data-testid="all-offers">
                {t.allOffers(persons)}
              </Link>
            </p>
          </section>
          <PagePartView part={calendarPart} props={{ days: data.calendar, hrefs: links.onDate, priceMode: state.priceMode, state }} />
          <section aria-labelledby="history-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm">
            <h2 id="history-heading" className="mb-3 text-xl font-bold text-brand-900">
              {texts.prices.historyHeading}
            </h2>
            <PagePartView
              part={historyPart}
              props={{ points: data.history, perPerson: state.priceMode === "perPerson", today: data.today }}
            />
          </section>
        </div>
        <div className="mt-6 space-y-6 lg:mt-0">
          <PagePartView
            part={offersFormPart}
            props={{
              action: atOffers(links.path),
              state,
              options: data.options,
              calendar: data.calendar,
              shownDates: data.shownDates,
            }}
          />
          <PagePartView part={mapPart} props={{ accommodation: a, tiles: data.tiles, resortMapHref: links.resortMap }} />
        </div>
      </div>
    </main>
  );
}

/** Unknown accommodation: the Danish 404 with a way back to the search it came from. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The results page makes the query string canonical (the page's script parses no URL).
  const back = `${RESULTS_PATH}${search}`;
  const t = texts.accommodation;
  return (
    <main className="mx-auto max-w-xl p-8" data-testid="accommodation-not-found">
      <h1 className="text-2xl font-semibold">
        {status === 404 ? t.notFoundTitle : status === 503 ? texts.errors.searchUnavailable : texts.errors.unexpected}
      </h1>
      {status === 404 && <p className="mt-3 text-slate-700">{t.notFoundText}</p>}
      <p className="mt-4">
        <a className="font-semibold text-brand-700 underline" href={back} data-testid="back-to-search">
          {t.backToSearch}
        </a>
      </p>
    </main>
  );
}
