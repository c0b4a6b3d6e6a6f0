// Business constants, in one place (docs/screens.md and the other docs/ files say where each applies).

export const RESULTS_PATH = "/skirejser";
/** The search form as a page of its own: the search bar without JavaScript links to it. */
export const SEARCH_PATH = "/soeg";
export const PAGE_SIZE = 20;

export const DEFAULT_ADULT_COUNT = 2;
export const DEFAULT_CHILDREN_COUNT = 0;
export const MAX_ADULT_COUNT = 12;
export const MAX_CHILDREN_COUNT = 11;
/** The feed's party size `persons` is 1 to 12. */
export const MAX_PERSONS = 12;
/** The largest party a URL can hold (adults + children): beyond MAX_PERSONS it finds no trips. */
export const MAX_PARTY_SIZE = MAX_ADULT_COUNT + MAX_CHILDREN_COUNT;

export const SORTING_METHODS = ["skiScore:desc", "discountPercentage:desc", "price:asc"] as const;
export type SortingMethod = (typeof SORTING_METHODS)[number];
export const DEFAULT_SORTING_METHOD: SortingMethod = "skiScore:desc";

/** Slider bounds (docs/screens.md "Price filter"). */
export const FULL_PRICE_MAX = 180_000;
export const PER_PERSON_PRICE_MAX = 33_000;
export const SKI_PASS_DAYS_MAX = 12;
/** The minimum price input's upper bound is the current maximum minus this. */
export const MIN_PRICE_GAP = 100;

/** Price-range buckets (docs/search.md "Price buckets"): bands with an open-ended last bucket. */
export const FULL_PRICE_BAND = 3_000;
export const PER_PERSON_PRICE_BAND = 750;
export const UNKNOWN_BUCKET = "unknown";

export const RATINGS = [5, 4, 3, 2, 1] as const;

export const PRICE_DEBOUNCE_MS = 1_000;
/** Typing in the destination picker asks the server once the typing pauses this long. */
export const DESTINATION_QUERY_DEBOUNCE_MS = 120;
export const SCROLL_TO_TOP_THRESHOLD_PX = 1_000;
export const EMBED_MOBILE_SCROLL_DELAY_MS = 1_000;
export const BANNER_VISIBILITY_THRESHOLD = 0.5;

export const TRANSPORTS = ["bus", "fly", "egen-transport"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** Price types of the results page ('Pr. person' / 'Samlet pris', docs/screens.md "Price filter"). */
export const PRICE_MODES = ["perPerson", "total"] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** Histogram bar heights in px (docs/screens.md "Price histogram"). */
export const HISTOGRAM_BAR_MIN_PX = 8;
export const HISTOGRAM_BAR_ZERO_PX = 3;
export const HISTOGRAM_BAR_MAX_PX = 67;

/** Pagination link count per screen size: extra-small/small, mobile, otherwise. */
export const PAGINATION_LINKS = { small: 2, mobile: 3, large: 5 } as const;

/** The session cookie (app/services/accounts/session.server.ts). */
export const SESSION_COOKIE = "__pistepris";
/** The cookie that holds the random id of a guest's saved trips (app/services/saved-trips/guest-saves.server.ts). */
export const GUEST_SAVES_COOKIE = "__pistepris_gemte";
/** A guest's saved trip is kept this many days after it was saved, unless they log in first (the cookie lives as long from the last save). */
export const GUEST_SAVES_DAYS = 30;
/** The sessionStorage key where Remix's ScrollRestoration keeps each page's scroll position. */
export const SCROLL_POSITIONS_KEY = "positions";
/** localStorage key remembering that the save-trip hint was dismissed. */
export const SAVE_TRIP_HINT_KEY = "pistepris.saveTripHintDismissed";

/** An affiliate id (`aff` in the URL): what an embedding partner site is credited with. */
export const AFFILIATE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * A public trip id (links, saved trips): a company's own offer id (FEED_LIMITS.idLength), or
 * `<company>:<id>[:n]` when another offer had that id first; never longer than 200 characters.
 */
export const TRIP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** Per-line limits of the trip feed (docs/feed.md "Limits"), enforced by cli/feed-schema.ts. */
export const FEED_LIMITS = {
  /** `id` and `accommodation.id`: with a slug and two separators a public trip id stays within TRIP_ID_PATTERN. */
  idLength: 120,
  slugLength: 60,
  /** Company, accommodation, resort, region and country names. */
  nameLength: 100,
  /** Feature names and meal-plan titles. */
  labelLength: 60,
  mealPlanShortLength: 10,
  urlLength: 2_000,
  featuresPerAccommodation: 20,
  tagsPerAccommodation: 10,
  /** `accommodation.images`: photo URLs besides `imageUrl` (each at most urlLength). */
  imagesPerAccommodation: 12,
  nights: 30,
  /** A departure at most this many days before the import day … */
  departurePastDays: 365,
  /** … and at most this many after it. */
  departureFutureDays: 730,
  /** `price` may differ from `pricePerPerson` × `persons` by this share of `price` … */
  priceTolerance: 0.01,
  /** … or by this many kroner per person, whichever is more (per-person prices rounded to whole kroner). */
  priceTolerancePerPerson: 1,
  moneyMax: 10_000_000,
  /** Non-blank lines in one file; a longer feed is refused as a whole. */
  linesPerFeed: 1_000_000,
} as const;

/**
 * Store-wide limits, counted over the offers for sale after an import: a feed that would pass one
 * is refused as a whole (cli/import/plan.ts). They keep every vocabulary within what the
 * embedded index holds (app/search/embedded/build.ts) and the pages small.
 */
export const STORE_LIMITS = {
  offers: 1_000_000,
  companies: 200,
  mealPlans: 20,
  features: 100,
  tags: 50,
  accommodations: 20_000,
  resorts: 2_000,
  regions: 500,
  countries: 100,
} as const;
/** The outbound offer redirect (app/routes/offer-redirect.ts): records the click, then sends the visitor on. */
export const OFFER_REDIRECT_PATH = "/ud";
/** The latest a page starts hydrating after the visitor's first interaction, where frames are held back (app/entry.client.tsx). */
export const HYDRATION_DEADLINE_MS = 100;

/**
 * What counts as the visitor's first interaction with a page: it asks for the page's scripts
 * (app/utils/script-loader.ts), and the page hydrates and loads the parts that wait for it.
 */
export const INTERACTIONS = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

/**
 * The attribute, and its selector, of an element whose content needs the page's scripts at once (a
 * partner's frame sizes itself with them; the results map is drawn by them): such a page asks for
 * them and hydrates without waiting for an interaction (app/utils/script-loader.ts).
 */
export const SCRIPTS_AT_ONCE_ATTRIBUTE = { "data-scripts": "at-once" } as const;
export const SCRIPTS_AT_ONCE = '[data-scripts="at-once"]';

/** The media query of the desktop layout (Tailwind's `lg`, 64rem); below it the page is the mobile layout. */
export const DESKTOP_MEDIA_QUERY = "(min-width: 64rem)";

/**
 * How near the screen a part below the fold comes before its code loads (app/components/ui/page-parts.tsx):
 * half a phone's screen ahead of a scrolling visitor. Until then its markup works as without JavaScript.
 */
export const NEAR_SCREEN_MARGIN = "400px 0px";
/**
 * Messages between the embedded results page and the partner page (public/embed.js): the page
 * posts `scroll` and `height`; the partner page posts `viewport`, the part of the iframe its window shows.
 */
export const EMBED_MESSAGE = { scroll: "pistepris:scroll", height: "pistepris:height", viewport: "pistepris:viewport" } as const;
/** The saved-trips page. */
export const SAVED_TRIPS_PATH = "/gemte-rejser";
/** The signed-in visitor's search agents; also where logging in lands by default. */
export const AGENTS_PATH = "/soegeagenter";
/** The account pages: log in, sign up, log out, and the sign-up e-mail's confirmation link (+ /<token>). */
export const LOGIN_PATH = "/konto/log-ind";
export const SIGN_UP_PATH = "/konto/opret";
export const LOGOUT_PATH = "/konto/log-ud";
export const CONFIRM_SIGN_UP_PATH = "/konto/bekraeft";
/** The account page, its data download, the page after deleting it, and the link that confirms a new e-mail (+ /<token>). */
export const ACCOUNT_PATH = "/konto";
export const DATA_DOWNLOAD_PATH = "/konto/mine-data";
export const ACCOUNT_DELETED_PATH = "/konto/slettet";
export const CONFIRM_EMAIL_PATH = "/konto/ny-email";
/** "Glemt adgangskode?": the form that e-mails a link for a new password (+ /<token>: the link's page). */
export const FORGOT_PASSWORD_PATH = "/konto/glemt-adgangskode";
export const RESET_PASSWORD_PATH = "/konto/ny-adgangskode";
/** The search agents' unsubscribe link (+ /<token>): also the e-mails' RFC 8058 one-click unsubscribe. */
export const UNSUBSCRIBE_PATH = "/soegeagenter/afmeld";
/** The price histogram's call (POST, JSON): the only write-method path a server may call without Origin or Referer. */
export const FACET_NUMBERS_PATH = "/api/facet-numbers";
/** The most facet keys one facet-numbers call may ask for (docs/api.md). */
export const MAX_FACET_FIELDS = 100;
/** The landing boxes' icons (app/components/search-bar/icons.tsx draws them). */
export const LANDING_ICONS = ["snowflake", "family", "tag", "mountain", "pine", "gift", "bus", "sun", "star"] as const;

/** Rejected lines and warnings kept per import and kind: enough to see what is wrong with a feed, bounded for a broken one. */
export const IMPORT_ISSUES_KEPT = 10_000;

/** What the site stores about people, for how long, and the cookies: linked from every page's footer. */
export const PRIVACY_PATH = "/privatliv";
/** The operators' dashboard, and its pages (+ /<id> or /ny for one banner, landing box, import or resort). */
export const OPS_PATH = "/drift";
export const OPS_PATHS = {
  imports: `${OPS_PATH}/importer`,
  clicks: `${OPS_PATH}/klik`,
  clicksCsv: `${OPS_PATH}/klik/csv`,
  banners: `${OPS_PATH}/bannere`,
  landingBoxes: `${OPS_PATH}/forsidebokse`,
  agents: `${OPS_PATH}/soegeagenter`,
  resorts: `${OPS_PATH}/destinationer`,
  log: `${OPS_PATH}/log`,
} as const;
/** The partner page: how a partner embeds the results page (public/embed.js). */
export const PARTNER_PATH = "/partner";
/** The JSON API (docs/api.md), called by the pages' scripts and by partners. */
export const SEARCH_API_PATH = "/api/search";
export const MAP_API_PATH = "/api/map";
export const DESTINATIONS_API_PATH = "/api/destinations";
export const BANNER_EVENTS_PATH = "/api/banner-events";
export const AGENT_EXISTS_PATH = "/api/search-agents/exists";
/** A banner's click (+ /<banner id>): records it, then sends the visitor to the banner's link. */
export const BANNER_REDIRECT_PATH = "/banner";
/** Rows per page of the dashboard's long lists (audit log, an import's rejected lines). */
export const OPS_PAGE_SIZE = 50;
/** The largest request body any route reads: our forms and JSON calls are a few fields. */
export const MAX_BODY_BYTES = 64 * 1024;
/** How often a search agent e-mails: at once after an import, at most daily, at most weekly. */
export const AGENT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AgentFrequency = (typeof AGENT_FREQUENCIES)[number];
/** The shortest password a new account accepts. */
export const MIN_PASSWORD_LENGTH = 8;
/** How long the confirmation link e-mailed at sign-up works. */
export const SIGN_UP_LINK_HOURS = 24;
/** Retention (app/services/retention/retention.server.ts): sign-ups never confirmed and links never used are deleted after this many days. */
export const UNUSED_LINK_DAYS = 7;
/** The throttles' rows (an e-mail and an address) are deleted this many hours after the attempt (every window is shorter). */
export const THROTTLE_ROWS_HOURS = 24;
/** The e-mail log and the counted views and clicks are kept this many months unless RETENTION_MONTHS says otherwise. */
export const DEFAULT_RETENTION_MONTHS = 13;
/** How long a log-in lasts (the session cookie and its row). */
export const SESSION_DAYS = 30;
/** How long the link that confirms a new e-mail for an account works. */
export const EMAIL_LINK_HOURS = 24;
/** How long the link for a new password works (a newer one replaces it, and it works once). */
export const PASSWORD_LINK_MINUTES = 60;
/** Per-user limits: an account is a person's, not a store (each agent is searched at every notify run). */
export const MAX_AGENTS_PER_USER = 50;
/** The longest name of a search agent (its form fields, and the name a new agent gets from its search). */
export const AGENT_NAME_MAX_LENGTH = 100;
export const MAX_SAVED_TRIPS_PER_USER = 500;
/** How many visitors one address (an IPv6 address's /64) may count as, per banner or offer and kind, within the counting window. */
export const COUNTED_VISITORS_PER_ADDRESS = 20;
/** The destination pages: every country (this path), and a country's, region's or resort's page (+ /<slug>, docs/urls.md). */
export const DESTINATIONS_PATH = "/skiferie";
/** The best accommodations (by our recommendation) a destination page shows as result cards. */
export const DESTINATION_CARDS = 6;
/** An accommodation's page (+ /<accommodation id>): its offers for the search in the query string. */
export const ACCOMMODATION_PATH = "/ophold";
/** The id of the accommodation page's offers: a card's offer count, the phone's price bar and a chosen date lead there (docs/urls.md). */
export const OFFERS_ANCHOR = "tilbud";
/**
 * Offers shown per departure date on the accommodation page when it shows several dates; each
 * date links to the page narrowed to it for all of them (a popular place has hundreds of offers).
 */
export const OFFERS_PER_DEPARTURE = 5;

/** The range filters' default bounds (0 and the sliders' maxima): a bound at its default means unset (docs/screens.md "Price filter"). */
export const DEFAULT_BOUNDS = {
  minPrice: 0,
  maxPrice: PER_PERSON_PRICE_MAX,
  minFullPrice: 0,
  maxFullPrice: FULL_PRICE_MAX,
  minSkiPassDaysCount: 0,
  maxSkiPassDaysCount: SKI_PASS_DAYS_MAX,
} as const;
