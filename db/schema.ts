import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AGENT_FREQUENCIES } from "../app/domain/constants";

// The store of everything Pistepris keeps. Trips come from the operators' feeds (cli/import);
// the rest is written by the web app.

export const countries = sqliteTable("countries", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
});

export const regions = sqliteTable("regions", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  countrySlug: text("country_slug")
    .notNull()
    .references(() => countries.slug),
});

export const resorts = sqliteTable("resorts", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  regionSlug: text("region_slug")
    .notNull()
    .references(() => regions.slug),
  /** Centre of the resort's accommodations, recomputed at each import. */
  lat: real("lat").notNull(),
  lng: real("lng").notNull(),
});

/**
 * A resort's facts for its destination page (docs/feed.md "Resort facts"), set only by operators
 * (`indexer catalogue set resort …`, `catalogue import`, /drift/destinationer), never by a feed.
 * Every fact may be missing (null): a page shows only the facts the catalogue has.
 */
export const resortFacts = sqliteTable("resort_facts", {
  resortSlug: text("resort_slug")
    .primaryKey()
    .references(() => resorts.slug),
  /** Metres above sea level. */
  topAltitude: integer("top_altitude"),
  bottomAltitude: integer("bottom_altitude"),
  /** Kilometres of piste by difficulty (the European colours). */
  pisteKmGreen: real("piste_km_green"),
  pisteKmBlue: real("piste_km_blue"),
  pisteKmRed: real("piste_km_red"),
  pisteKmBlack: real("piste_km_black"),
  lifts: integer("lifts"),
  /** The season's first and last month, 1–12 (the first may come after the last: december–april). */
  seasonFirstMonth: integer("season_first_month"),
  seasonLastMonth: integer("season_last_month"),
  /** The usual travel time from Copenhagen, in minutes. */
  busMinutes: integer("bus_minutes"),
  flightMinutes: integer("flight_minutes"),
  /** When a fact last changed (the sitemap's lastmod of the resort's page). */
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const tags = sqliteTable("tags", {
  slug: text("slug").primaryKey(),
});

export const features = sqliteTable("features", {
  value: text("value").primaryKey(),
  name: text("name").notNull(),
});

export const mealPlans = sqliteTable("meal_plans", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  short: text("short").notNull(),
});

export const travelCompanies = sqliteTable("travel_companies", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
});

export const accommodations = sqliteTable(
  "accommodations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    rating: integer("rating").notNull(),
    lat: real("lat").notNull(),
    lng: real("lng").notNull(),
    imageUrl: text("image_url"),
    /** The feed's `images` list (JSON array of http/https URLs), null when it gave none; the first definition stands. */
    images: text("images", { mode: "json" }).$type<string[]>(),
    resortSlug: text("resort_slug")
      .notNull()
      .references(() => resorts.slug),
  },
  (t) => [index("accommodations_resort").on(t.resortSlug)],
);

export const accommodationFeatures = sqliteTable(
  "accommodation_features",
  {
    accommodationId: text("accommodation_id")
      .notNull()
      .references(() => accommodations.id),
    featureValue: text("feature_value")
      .notNull()
      .references(() => features.value),
  },
  (t) => [primaryKey({ columns: [t.accommodationId, t.featureValue] }), index("accommodation_features_feature").on(t.featureValue)],
);

export const accommodationTags = sqliteTable(
  "accommodation_tags",
  {
    accommodationId: text("accommodation_id")
      .notNull()
      .references(() => accommodations.id),
    tagSlug: text("tag_slug")
      .notNull()
      .references(() => tags.slug),
  },
  (t) => [primaryKey({ columns: [t.accommodationId, t.tagSlug] }), index("accommodation_tags_tag").on(t.tagSlug)],
);

/** The columns of an offer (one company's trip offer), the same in both sides and the `trips` view. */
const offerColumns = () => ({
  /** The public trip id (links, saved trips, clicks): the feed's id, or `<company>:<id>` when another offer had it first. */
  id: text("id").primaryKey(),
  companySlug: text("company_slug").notNull(),
  /** The company's own id for the offer: an offer is (companySlug, feedId). */
  feedId: text("feed_id").notNull(),
  accommodationId: text("accommodation_id").notNull(),
  departureDate: text("departure_date").notNull(),
  nights: integer("nights").notNull(),
  transport: text("transport", { enum: ["bus", "fly", "egen-transport"] }).notNull(),
  persons: integer("persons").notNull(),
  price: real("price").notNull(),
  pricePerPerson: real("price_per_person").notNull(),
  originalPrice: real("original_price"),
  mealPlanSlug: text("meal_plan_slug").notNull(),
  skiPassIncluded: integer("ski_pass_included", { mode: "boolean" }).notNull(),
  skiPassDays: integer("ski_pass_days").notNull(),
  url: text("url").notNull(),
  /** Derived at import: round((originalPrice − price) / originalPrice × 100), 0 without originalPrice. */
  discountPercentage: integer("discount_percentage").notNull(),
  /** Derived at import: the recommendation score (cli/score.ts), from the offer and its accommodation's catalogue facts. */
  skiScore: integer("ski_score").notNull(),
  available: integer("available", { mode: "boolean" }).notNull(),
  /** Hash of the feed line as imported, to tell updated from unchanged offers. */
  contentHash: text("content_hash").notNull(),
  firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
  /** The offers version (meta `offers_version`) that last wrote the row: what the other side must copy to catch up. */
  changedVersion: integer("changed_version").notNull(),
});

/**
 * The offers live in two tables of the same shape, and the `trips` view shows one of them (meta
 * `offers_live`). An import writes the other side in short transactions, then switches the view in
 * one: readers never see half an import, a killed import leaves the live side untouched, and a web
 * request's write never waits for more than one short transaction (cli/apply/sides.ts). Only
 * the indexer writes them, and it keeps their references to the catalogue whole (no foreign keys:
 * the side being written may name catalogue entries that arrive with the switch).
 */
function offerSide<N extends string>(name: N) {
  return sqliteTable(name, offerColumns(), (t) => [
    uniqueIndex(`${name}_offer`).on(t.companySlug, t.feedId),
    index(`${name}_accommodation`).on(t.accommodationId),
    index(`${name}_first_seen`).on(t.firstSeenAt),
    index(`${name}_search`).on(t.available, t.persons, t.departureDate),
    index(`${name}_changed`).on(t.changedVersion),
  ]);
}

export const offersA = offerSide("offers_a");
export const offersB = offerSide("offers_b");

/** The live offers: a view of the live side (created and switched by the indexer, not by drizzle-kit). */
export const trips = sqliteView("trips", offerColumns()).existing();

/**
 * Each offer's price whenever an import put it on sale or changed it, and a null price when it left
 * the sale (cli/apply/price-history.ts). Written with the offers' spare side at the version
 * that change will have when it goes live; a row whose version is above the live `offers_version`
 * belongs to a change not (yet) live and is never read (a killed import's rows are dropped before
 * the next change).
 */
export const priceHistory = sqliteTable(
  "price_history",
  {
    tripId: text("trip_id").notNull(),
    /** The offers version (meta `offers_version`) the change went live as. */
    version: integer("version").notNull(),
    accommodationId: text("accommodation_id").notNull(),
    persons: integer("persons").notNull(),
    /** Whole-party price; null: the offer left the sale. */
    price: real("price"),
    pricePerPerson: real("price_per_person"),
    /** The import's time. */
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.version] }),
    index("price_history_accommodation").on(t.accommodationId, t.persons, t.version),
    index("price_history_version").on(t.version),
  ],
);

/** Key-value facts about the store, e.g. the index generation bumped by every import. */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** May use the operators' dashboard (/drift); set with `indexer operators add`. */
  isOperator: integer("is_operator", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
  /** When the address was last confirmed by a link e-mailed to it (sign-up, a new address); null: at `createdAt`. */
  emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
});

export const searchAgents = sqliteTable(
  "search_agents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The search as its canonical query string (app/domain/url-codec.ts). */
    query: text("query").notNull(),
    frequency: text("frequency", { enum: AGENT_FREQUENCIES }).notNull().default("instant"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    lastNotifiedAt: integer("last_notified_at", { mode: "timestamp_ms" }),
    /** The e-mails also list matching trips whose price fell ("Giv besked ved prisfald"). */
    priceDrops: integer("price_drops", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("search_agents_user_query").on(t.userId, t.query)],
);

/** One row per agent and trip e-mailed: what makes notifications exactly-once. */
export const agentNotifications = sqliteTable(
  "agent_notifications",
  {
    agentId: integer("agent_id")
      .notNull()
      .references(() => searchAgents.id, { onDelete: "cascade" }),
    tripId: text("trip_id").notNull(),
    /** When the row was claimed ('pending'), then when its e-mail was handed over ('sent'). */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    /** 'pending': claimed by a notifier run, e-mail not yet confirmed sent (app/services/agents/notify.server.ts). */
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("sent"),
    /** The batch (one e-mail) the row was claimed in; a resent batch keeps its Message-ID. */
    batch: text("batch"),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.tripId] }),
    index("agent_notifications_pending").on(t.status, t.agentId),
    // Retention's delete of the old e-mail log (app/services/retention/retention.server.ts).
    index("agent_notifications_sent").on(t.status, t.sentAt),
  ],
);

/** One row per agent, trip and lowered price e-mailed: a price drop is mailed once per (agent, trip, price), like agent_notifications. */
export const agentPriceDrops = sqliteTable(
  "agent_price_drops",
  {
    agentId: integer("agent_id")
      .notNull()
      .references(() => searchAgents.id, { onDelete: "cascade" }),
    tripId: text("trip_id").notNull(),
    /** The lowered whole-party price. */
    price: real("price").notNull(),
    /** The price before it. */
    previousPrice: real("previous_price").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ["pending", "sent"] })
      .notNull()
      .default("sent"),
    batch: text("batch").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.tripId, t.price] }),
    index("agent_price_drops_pending").on(t.status, t.agentId),
    index("agent_price_drops_sent").on(t.status, t.sentAt),
  ],
);

export const savedTrips = sqliteTable(
  "saved_trips",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tripId: text("trip_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tripId] })],
);

/**
 * Trips saved by a visitor who is not logged in (app/services/saved-trips/guest-saves.server.ts),
 * under the digest of the random id in their `__pistepris_gemte` cookie; carried to the account at
 * log-in, deleted GUEST_SAVES_DAYS after they were saved (the retention run).
 */
export const guestSavedTrips = sqliteTable(
  "guest_saved_trips",
  {
    guestIdHash: text("guest_id_hash").notNull(),
    tripId: text("trip_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.guestIdHash, t.tripId] }), index("guest_saved_trips_created").on(t.createdAt)],
);

export const banners = sqliteTable("banners", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  provider: text("provider").notNull(),
  url: text("url").notNull(),
  image: text("image").notNull(),
  /** 1-based slot in the result list; beyond the list means at its end. */
  position: integer("position").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /** First and last day shown (YYYY-MM-DD, Danish time), both optional. */
  startsOn: text("starts_on"),
  endsOn: text("ends_on"),
});

/**
 * The rows of offer_clicks and banner_events not yet summed up by the retention (those keep a hash):
 * its `at` indexes hold only these, so each run reads only what it has left to sum up. The retention
 * repeats this condition word for word in its queries, as SQLite needs to use a partial index.
 */
export const NOT_SUMMED_UP_SQL = "visitor IS NOT NULL OR address IS NOT NULL";
const NOT_SUMMED_UP = sql.raw(`(${NOT_SUMMED_UP_SQL})`);

/**
 * Who a counted view or click came from (app/services/visitors/visitors.server.ts), so it counts once
 * per visitor, item and kind within the window: salted hashes whose salt is replaced every day and
 * never stored, so no row can be traced back to an address. Null on rows from before.
 */
const countedVisitor = {
  /** The client's address and user agent. */
  visitor: text("visitor"),
  /** The client's address alone (an IPv6 address's /64): how many visitors one address may count as. */
  address: text("address"),
  /**
   * How many views or clicks the row stands for: 1, or the sum of an hour's rows once they are older
   * than the retention period (app/services/retention/retention.server.ts), which drops their hashes.
   */
  counted: integer("counted").notNull().default(1),
};

export const bannerEvents = sqliteTable(
  "banner_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["view", "click"] }).notNull(),
    affiliateId: text("affiliate_id"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    ...countedVisitor,
  },
  (t) => [
    index("banner_events_banner").on(t.bannerId, t.kind),
    index("banner_events_visitor").on(t.bannerId, t.kind, t.visitor, t.at),
    index("banner_events_address").on(t.bannerId, t.kind, t.address, t.at),
    index("banner_events_at").on(t.at).where(NOT_SUMMED_UP),
  ],
);

export const landingBoxes = sqliteTable("landing_boxes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  borderColor: text("border_color").notNull(),
  backgroundColor: text("background_color").notNull(),
  textColor: text("text_color").notNull(),
  iconColor: text("icon_color").notNull(),
  /** The ready-made search it opens, as a results-page query string. */
  query: text("query").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** One row per click on an outbound offer link (the /ud/:tripId redirect), for reporting traffic per company and affiliate. */
export const offerClicks = sqliteTable(
  "offer_clicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tripId: text("trip_id").notNull(),
    companySlug: text("company_slug").notNull(),
    affiliateId: text("affiliate_id"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    ...countedVisitor,
  },
  (t) => [
    index("offer_clicks_company").on(t.companySlug),
    index("offer_clicks_affiliate").on(t.affiliateId),
    index("offer_clicks_visitor").on(t.tripId, t.visitor, t.at),
    index("offer_clicks_address").on(t.tripId, t.address, t.at),
    index("offer_clicks_at").on(t.at).where(NOT_SUMMED_UP),
  ],
);

/** Throttled attempts (failed log-ins, sign-ups), per account (`…email:…`) and per address (`…ip:…`) (app/services/accounts/throttle.server.ts). */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("login_attempts_key_at").on(t.key, t.at)],
);

/**
 * Logged-in sessions (app/services/accounts/session.server.ts). The cookie carries the session id; the row is
 * what makes it valid, so logging out (deleting the row) also ends any copy of the cookie. Only a
 * SHA-256 of the id is stored: a leaked database holds no usable session.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/**
 * Sign-ups waiting for their e-mail to be confirmed (app/services/accounts/sign-up.server.ts). The account is
 * created only when the link in the e-mail is used, with the password chosen there, so nobody can
 * hold an e-mail they do not own or plant a password on it, and the sign-up form answers the same
 * whether or not the e-mail already has an account.
 */
export const pendingSignUps = sqliteTable(
  "pending_sign_ups",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    /** Where the new user goes after confirming (a same-site path, checked when stored). */
    redirectTo: text("redirect_to").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("pending_sign_ups_email").on(t.email), index("pending_sign_ups_expires").on(t.expiresAt)],
);

/**
 * Single-use links e-mailed to an account (app/services/accounts/account-tokens.server.ts): a new
 * password ('password', 60 minutes) or a new e-mail address ('email', to that address). Only a
 * SHA-256 of the token is stored; a newer link of the same purpose replaces the older ones.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ["password", "email"] }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address an 'email' link confirms. */
    newEmail: text("new_email"),
    /** Where the user goes once the link is used (a same-site path, checked when stored). */
    redirectTo: text("redirect_to"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("account_tokens_user").on(t.userId, t.purpose), index("account_tokens_created").on(t.createdAt)],
);

/** What operators changed (app/services/audit/audit.server.ts): who, when, what, and the thing before and after, as JSON. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The operator's e-mail, or "CLI" for the command line. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    before: text("before"),
    after: text("after"),
  },
  (t) => [index("audit_log_at").on(t.at)],
);

/** One row per feed import (app/services/imports/imports.server.ts). */
export const imports = sqliteTable(
  "imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    source: text("source").notNull(),
    lines: integer("lines").notNull(),
    added: integer("added").notNull(),
    updated: integer("updated").notNull(),
    unchanged: integer("unchanged").notNull(),
    vanished: integer("vanished").notNull(),
    rejected: integer("rejected").notNull(),
    warnings: integer("warnings").notNull(),
    durationMs: integer("duration_ms").notNull(),
    generation: integer("generation").notNull(),
    /** Why nothing was imported (the CLI's exit 2); null when it ran. */
    error: text("error"),
  },
  (t) => [index("imports_at").on(t.at)],
);

/** An import's counts per travel company; company "" holds rejected lines that name none. */
export const importCompanies = sqliteTable(
  "import_companies",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    companySlug: text("company_slug").notNull(),
    lines: integer("lines").notNull(),
    added: integer("added").notNull(),
    updated: integer("updated").notNull(),
    unchanged: integer("unchanged").notNull(),
    vanished: integer("vanished").notNull(),
    stopped: integer("stopped", { mode: "boolean" }).notNull(),
    rejected: integer("rejected").notNull().default(0),
    warnings: integer("warnings").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.importId, t.companySlug] }), index("import_companies_company").on(t.companySlug)],
);

/** An import's rejected lines and warnings, to read page by page. */
export const importIssues = sqliteTable(
  "import_issues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["rejected", "warning"] }).notNull(),
    lineNo: integer("line_no").notNull(),
    message: text("message").notNull(),
  },
  (t) => [index("import_issues_import").on(t.importId, t.kind, t.lineNo)],
);

/** One row per `notify` run: its outcome for the operators' dashboard. */
export const notifyRuns = sqliteTable("notify_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
  agents: integer("agents").notNull(),
  trips: integer("trips").notNull(),
  /** (agent, trip, price) price drops e-mailed. */
  drops: integer("drops").notNull().default(0),
  messages: integer("messages").notNull(),
  failed: integer("failed").notNull(),
  locked: integer("locked", { mode: "boolean" }).notNull(),
  /** Why it stopped, when it threw. */
  error: text("error"),
});
