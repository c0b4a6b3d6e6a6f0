import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/destinations/breadcrumbs";
import { ResortFactsList } from "~/components/destinations/facts";
import { MapSection } from "~/components/destinations/map-section";
import { PlaceChildren } from "~/components/destinations/place-children";
import { WeekCalendar } from "~/components/destinations/week-calendar";
import { cardMarkup } from "~/components/results/card-markup.server";
import { ResultCard, type CardView } from "~/components/results/result-card";
import { SaveTripForms } from "~/components/saved-trips/save-trip-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useNonce } from "~/components/ui/nonce";
import { accommodationPath } from "~/domain/accommodation-url";
import { DEFAULT_SORTING_METHOD, DESTINATIONS_PATH, RESULTS_PATH } from "~/domain/constants";
import { formatCount, formatPrice } from "~/domain/format";
import { breadcrumbJsonLd, scriptJson, touristDestinationJsonLd } from "~/domain/json-ld";
import { resultCardItem, resultCardKey, type ResultCardItem } from "~/domain/search-result";
import { MARKUP_ONLY, markupOnlyOf } from "~/domain/markup-only";
import { shareMeta } from "~/domain/share-meta";
import { texts } from "~/domain/texts";
import { priceDrops } from "~/services/offers/price-history.server";
import { destinationPage, type DestinationPage } from "~/services/destinations/destination-page.server";
import { PAGE_PERSONS } from "~/domain/destination-page";
import { withSearch } from "~/search/unavailable.server";

// The destination pages (docs/urls.md "Destination pages"): /skiferie (every country) and
// /skiferie/<slug> (a country, region or resort; a full path for a slug several places share),
// for the default party and "Snarest muligt". Plain links all through; JavaScript adds the map.
// Cached like the results page (server/page-cache.ts): the page is the same for every visitor.

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The page writes its own canonical link (in its meta), for the root's to leave out. */
export const handle = { canonical: "own" };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  // Slugs are lower case; a path typed with capitals goes to its lower-case spelling (docs/urls.md).
  const lower = segments.map((s) => s.toLowerCase());
  if (lower.some((s, i) => s !== segments[i]) && lower.every((s) => SLUG.test(s)))
    throw redirect(`${DESTINATIONS_PATH}/${lower.join("/")}`, 301);
  if (segments.length > 3 || !segments.every((s) => SLUG.test(s))) throw new Response(texts.errors.notFound, { status: 404 });
  const answer = await withSearch("page", () => destinationPage(context.db, context.engine, segments));
  if (!answer) throw new Response(texts.errors.notFound, { status: 404 });
  if ("redirect" in answer) throw redirect(answer.redirect, 301);
  const { cards, ...page } = answer.page;
  // One spelling per page: a trailing slash or a query string goes to the canonical path.
  if (url.pathname !== page.path || url.search) throw redirect(page.path, 301);
  const items = cards.map(resultCardItem);
  const drops = Object.fromEntries(
    priceDrops(
      context.db,
      items.map((i) => i.trip.id),
    ),
  );
  const origin = context.publicUrl;
  return {
    ...page,
    cardKeys: items.map(resultCardKey),
    // A page rendered here carries its cards as markup only, which the browser keeps (as the results page's).
    items: context.documentRequest ? null : items,
    drops,
    canonical: `${origin}${page.path}`,
    jsonLd: jsonLd(page, origin),
    tiles: context.config.mapTiles,
    [MARKUP_ONLY]: context.documentRequest
      ? { resultCards: items.map((item) => cardMarkup(item, cardViewOf(item.accommodation.id, drops, item.trip.id))) }
      : undefined,
  };
}

/** A card on this page: per-person prices, the default sort's trip (placeSearch), linking to the accommodation's page for the default party. */
function cardViewOf(accommodationId: string, drops: Record<string, CardView["drop"]>, tripId: string): CardView {
  return { priceMode: "perPerson", sort: DEFAULT_SORTING_METHOD, pageHref: accommodationPath(accommodationId), drop: drops[tripId] };
}

function description(page: Omit<DestinationPage, "cards">): string {
  const t = texts.destinations;
  const from = page.lowest === null ? null : formatPrice(page.lowest);
  return page.level === "root"
    ? t.rootMetaDescription(formatCount(page.searchTotal), formatCount(page.children.length), from)
    : t.metaDescription(page.name, formatCount(page.searchTotal), from);
}

function jsonLd(page: Omit<DestinationPage, "cards">, origin: string): unknown[] {
  const crumbs = breadcrumbJsonLd(page.crumbs, origin);
  if (page.level === "root") return [crumbs];
  const parent = page.crumbs.at(-2)!;
  return [
    crumbs,
    touristDestinationJsonLd(
      { name: page.name, url: `${origin}${page.path}`, description: description(page), geo: page.geo },
      parent.href === "/" ? null : { name: parent.name, url: `${origin}${parent.href}` },
    ),
  ];
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${texts.errors.notFound} | ${texts.siteName}` }];
  const t = texts.destinations;
  const from = data.lowest === null ? null : formatPrice(data.lowest);
  const trips = formatCount(data.searchTotal);
  const title = data.level === "root" ? t.rootMetaTitle(trips, from) : t.metaTitle(data.name, trips, from);
  return shareMeta({ title: `${title} | ${texts.siteName}`, description: description(data), url: data.canonical });
};

export default function DestinationRoute() {
  const data = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const hydrated = useHydrated();
  const markup = markupOnlyOf(data).resultCards;
  const t = texts.destinations;
  const root = data.level === "root";
  const heading = root ? t.rootHeading : t.heading(data.name);
  const childrenHeading =
    data.level === "root"
      ? t.childrenHeading.root
      : data.level === "country"
        ? t.childrenHeading.country(data.name)
        : data.level === "region"
          ? t.childrenHeading.region(data.name)
          : "";
  const seeAll = (
    <Link
      to={data.allTripsHref}
      className="inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      data-testid="see-all"
    >
      {t.seeAll(formatCount(data.searchTotal))}
    </Link>
  );
  return (
    <main
      className="mx-auto max-w-[1200px] px-3 py-4 sm:px-4 lg:py-6"
      data-testid="destination-page"
      data-level={data.level}
      data-hydrated={hydrated ? "true" : undefined}
    >
      {data.jsonLd.map((ld, k) => (
        <script key={k} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(ld) }} />
      ))}
      <Breadcrumbs crumbs={data.crumbs} />
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl" data-testid="destination-name">
          {heading}
        </h1>
        <p className="mt-1 text-slate-700" data-testid="destination-intro">
          {root
            ? t.rootIntro(PAGE_PERSONS)
            : t.intro(formatCount(data.trips), PAGE_PERSONS, data.lowest === null ? null : formatPrice(data.lowest))}
        </p>
        {data.alsoNamed.map((p) => (
          <p key={p.href} className="mt-1 text-sm">
            <Link to={p.href} className="text-brand-700 underline" data-testid="also-named">
              {t.alsoNamed(p.name, t.levels[p.level], p.parent)}
            </Link>
          </p>
        ))}
        {data.searchTotal > 0 && <div className="mt-3">{seeAll}</div>}
      </header>
      {data.trips === 0 && (
        <section role="status" className="mb-5 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="no-trips">
          <h2 className="font-bold text-amber-900">{t.noTripsTitle}</h2>
          <p className="mt-1 text-sm text-amber-900">{t.noTripsText(data.name)}</p>
          <p className="mt-2">
            <Link to={RESULTS_PATH} className="font-semibold text-brand-700 underline">
              {t.allTrips}
            </Link>
          </p>
        </section>
      )}
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start lg:gap-6">
        <div className="min-w-0 space-y-6">
          <ResortFactsList name={data.name} facts={data.facts} />
          <PlaceChildren heading={childrenHeading} places={data.children} />
          <WeekCalendar weeks={data.calendar} persons={PAGE_PERSONS} />
          {data.cardKeys.length > 0 && (
            <section aria-labelledby="cards-heading" data-testid="destination-cards">
              <h2 id="cards-heading" className="text-xl font-bold text-brand-900">
                {t.cardsHeading(root ? null : data.name)}
              </h2>
              <p className="mb-3 text-sm text-slate-600">{t.cardsIntro(PAGE_PERSONS)}</p>
              <SaveTripForms />
              <ol className="card-list @container space-y-4">
                {data.cardKeys.map((key, i) => (
                  <li key={`${data.items ? "" : "kept-"}${key[0]}`}>
                    <ResultCard
                      cardKey={key}
                      data={
                        data.items ? { item: data.items[i] as ResultCardItem, view: cardViewOf(key[0], data.drops, key[1]) } : undefined
                      }
                      markup={markup?.[i]}
                    />
                  </li>
                ))}
              </ol>
              <div className="mt-4">{seeAll}</div>
            </section>
          )}
        </div>
        <div className="mt-6 lg:sticky lg:top-4 lg:mt-0">
          {data.map.points.length > 0 && (
            <MapSection name={root ? null : data.name} data={data.map} tiles={data.tiles} resultsMapHref={data.mapResultsHref} />
          )}
        </div>
      </div>
    </main>
  );
}

/** An unknown place: the Danish 404, with a way to every country. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-8" data-testid="destination-not-found">
      <h1 className="text-2xl font-semibold">
        {status === 404 ? texts.errors.notFound : status === 503 ? texts.errors.searchUnavailable : texts.errors.unexpected}
      </h1>
      <p className="mt-4">
        <Link className="font-semibold text-brand-700 underline" to={DESTINATIONS_PATH}>
          {texts.destinations.rootHeading}
        </Link>
      </p>
    </main>
  );
}
