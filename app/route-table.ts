import type { UNSAFE_DefineRoutesFunction as DefineRoutes } from "@remix-run/dev";
import {
  ACCOMMODATION_PATH,
  ACCOUNT_DELETED_PATH,
  ACCOUNT_PATH,
  AGENT_EXISTS_PATH,
  AGENTS_PATH,
  BANNER_EVENTS_PATH,
  BANNER_REDIRECT_PATH,
  CONFIRM_EMAIL_PATH,
  CONFIRM_SIGN_UP_PATH,
  DATA_DOWNLOAD_PATH,
  DESTINATIONS_API_PATH,
  DESTINATIONS_PATH,
  FACET_NUMBERS_PATH,
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  MAP_API_PATH,
  OFFER_REDIRECT_PATH,
  OPS_PATH,
  OPS_PATHS,
  PARTNER_PATH,
  PRIVACY_PATH,
  RESET_PASSWORD_PATH,
  RESULTS_PATH,
  SAVED_TRIPS_PATH,
  SEARCH_API_PATH,
  SEARCH_PATH,
  SIGN_UP_PATH,
  UNSUBSCRIBE_PATH,
} from "./domain/constants";
import { DEMO_PHOTO_PATH } from "./domain/demo-photo";
import { ROBOTS_PATH, SITEMAP_PATH, SITEMAPS_PATH } from "./domain/robots";

// Every URL the site answers and the module that answers it (vite.config.ts hands this to Remix;
// docs/urls.md "Paths"). The paths are the constants the pages link with, so each URL is written
// once; the modules are named for what they do, not for their URL.

type Route = Parameters<Parameters<DefineRoutes>[0]>[0];

/** A path without its leading slash, as Remix's route config has it; with `parent`, relative to that. */
export function relative(path: string, parent = ""): string {
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} ligger ikke under ${parent || "/"}`);
  return path.slice(parent.length + 1);
}

export function declareRoutes(route: Route): void {
  const page = (path: string, file: string) => route(relative(path), file);
  route(undefined, "routes/landing.tsx", { index: true });
  route(relative(RESULTS_PATH), "routes/results.tsx", { id: "results" });
  page(SEARCH_PATH, "routes/search-form.tsx");
  page(`${ACCOMMODATION_PATH}/:id`, "routes/accommodation.tsx");
  page(`${DESTINATIONS_PATH}/*`, "routes/destination.tsx");
  page(SAVED_TRIPS_PATH, "routes/saved-trips.tsx");
  page(PRIVACY_PATH, "routes/privacy.tsx");
  page(PARTNER_PATH, "routes/partner.tsx");
  page(`${OFFER_REDIRECT_PATH}/:tripId`, "routes/offer-redirect.ts");
  page(`${BANNER_REDIRECT_PATH}/:id`, "routes/banner-redirect.ts");
  page(`${DEMO_PHOTO_PATH}/:file`, "routes/demo-photo.ts");
  page(ROBOTS_PATH, "routes/robots-txt.ts");
  page(SITEMAP_PATH, "routes/sitemap-index.ts");
  page(`${SITEMAPS_PATH}/:file`, "routes/sitemap.ts");

  route(relative(AGENTS_PATH), "routes/agents/list.tsx", { index: true });
  page(`${UNSUBSCRIBE_PATH}/:token`, "routes/agents/unsubscribe.ts");

  route(relative(ACCOUNT_PATH), "routes/account/my-account.tsx", { index: true });
  page(LOGIN_PATH, "routes/account/login.tsx");
  page(LOGOUT_PATH, "routes/account/logout.ts");
  page(SIGN_UP_PATH, "routes/account/sign-up.tsx");
  page(`${CONFIRM_SIGN_UP_PATH}/:token`, "routes/account/confirm-sign-up.tsx");
  page(FORGOT_PASSWORD_PATH, "routes/account/forgot-password.tsx");
  page(`${RESET_PASSWORD_PATH}/:token`, "routes/account/reset-password.tsx");
  page(`${CONFIRM_EMAIL_PATH}/:token`, "routes/account/confirm-email.tsx");
  page(DATA_DOWNLOAD_PATH, "routes/account/data-download.ts");
  page(ACCOUNT_DELETED_PATH, "routes/account/deleted.tsx");

  page(SEARCH_API_PATH, "routes/api/search.ts");
  page(MAP_API_PATH, "routes/api/map.ts");
  page(DESTINATIONS_API_PATH, "routes/api/destinations.ts");
  page(FACET_NUMBERS_PATH, "routes/api/facet-numbers.ts");
  page(BANNER_EVENTS_PATH, "routes/api/banner-events.ts");
  page(AGENT_EXISTS_PATH, "routes/api/agent-exists.ts");

  // The dashboard: one layout (its access check and navigation) around its pages.
  route(relative(OPS_PATH), "routes/ops/layout.tsx", () => {
    const ops = (path: string, file: string, index = false) => route(relative(path, OPS_PATH), file, { index });
    route(undefined, "routes/ops/overview.tsx", { index: true });
    ops(OPS_PATHS.imports, "routes/ops/imports.tsx", true);
    ops(`${OPS_PATHS.imports}/:id`, "routes/ops/import.tsx");
    route(relative(OPS_PATHS.clicks, OPS_PATH), "routes/ops/clicks.tsx", () => {
      route(relative(OPS_PATHS.clicksCsv, OPS_PATHS.clicks), "routes/ops/clicks-csv.tsx");
    });
    ops(OPS_PATHS.banners, "routes/ops/banners.tsx", true);
    ops(`${OPS_PATHS.banners}/:id`, "routes/ops/banner.tsx");
    ops(OPS_PATHS.landingBoxes, "routes/ops/landing-boxes.tsx", true);
    ops(`${OPS_PATHS.landingBoxes}/:id`, "routes/ops/landing-box.tsx");
    ops(OPS_PATHS.agents, "routes/ops/agents.tsx");
    ops(OPS_PATHS.resorts, "routes/ops/resorts.tsx", true);
    ops(`${OPS_PATHS.resorts}/:slug`, "routes/ops/resort.tsx");
    ops(OPS_PATHS.log, "routes/ops/log.tsx");
  });
}
