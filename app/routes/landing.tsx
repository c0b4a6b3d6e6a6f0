import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { desktopSearchBar, mobileSearchSummary, PlaceNamesProvider, StandaloneSearchProvider } from "~/components/search-bar";
import { PagePartView } from "~/components/ui/page-parts";
import { LandingBoxTile } from "~/components/landing/landing-box";
import { RESULTS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { HeaderNav } from "~/components/ui/site-nav";
import { parseSearchQuery } from "~/domain/url-codec";
import { landingBoxList } from "~/services/landing/landing-boxes.server";
import { countriesForSale } from "~/services/destinations/destination-page.server";
import { PlaceChildren } from "~/components/destinations/place-children";
import { destinationNames } from "~/search/destinations.server";

// The landing page: the search bar (standalone: 'Søg' opens the results page) and the
// landing boxes from SQLite, each a link to its ready-made search.

export function loader({ request, context }: LoaderFunctionArgs) {
  const searchData = parseSearchQuery(new URL(request.url).searchParams).searchData;
  const area = searchData.searchArea;
  const placeNames = destinationNames(context.engine, area.type === "destinations" ? area.destinationSlugs : []);
  return { searchData, placeNames, boxes: landingBoxList(context.db), countries: countriesForSale(context.db, context.engine) };
}

export const meta: MetaFunction = () => [
  { title: `${texts.siteName} – ${texts.tagline}` },
  { name: "description", content: texts.landing.intro },
];

export default function Landing() {
  const { searchData, placeNames, boxes, countries } = useLoaderData<typeof loader>();
  return (
    <PlaceNamesProvider initial={placeNames}>
      <StandaloneSearchProvider initial={searchData}>
        <header className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 pb-14 pt-6 text-white">
          <div className="mx-auto max-w-5xl">
            <div className="flex items-center justify-between gap-4">
              <Link to="/" className="text-xl font-extrabold tracking-tight">
                {texts.siteName}
              </Link>
              <HeaderNav />
            </div>
            <h1 className="mt-8 text-3xl font-bold sm:text-4xl">{texts.landing.heading}</h1>
            <p className="mt-2 max-w-2xl text-brand-100">{texts.landing.intro}</p>
          </div>
        </header>
        <main className="mx-auto -mt-9 max-w-5xl px-4 pb-16">
          <PagePartView part={desktopSearchBar} props={{ className: "hidden lg:block" }} />
          <PagePartView part={mobileSearchSummary} props={{ className: "lg:hidden" }} />

          {/* No heading over nothing: a store may have no boxes (an operator's, before any is made). */}
          {boxes.length > 0 && (
            <section aria-labelledby="landing-boxes" className="mt-12">
              <h2 id="landing-boxes" className="mb-4 text-2xl font-bold text-brand-900">
                {texts.landing.boxesHeading}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="landing-boxes">
                {boxes.map((box) => (
                  <li key={box.id}>
                    <LandingBoxTile box={box} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p className="mt-8">
            <Link className="font-semibold text-brand-700 underline" to={RESULTS_PATH}>
              {texts.nav.allTrips}
            </Link>
          </p>
          {/* The countries' destination pages (docs/urls.md "Destination pages"). */}
          <div className="mt-12">
            <PlaceChildren heading={texts.destinations.landingHeading} places={countries} />
          </div>
        </main>
      </StandaloneSearchProvider>
    </PlaceNamesProvider>
  );
}
