import path from "node:path";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/constants";
import { z } from "~/domain/zod";

// Every environment variable the server and the CLI read, read here once and checked: a bad
// value stops the start with a message that names the variable. Empty values count as unset.
// README.md lists them for operators.

const ENGINES = ["embedded", "typesense"] as const;

/** Typesense's timeouts unless TYPESENSE_SEARCH_TIMEOUT_MS / TYPESENSE_MAP_TIMEOUT_MS / TYPESENSE_IMPORT_TIMEOUT_MS say otherwise. */
export const TYPESENSE_TIMEOUTS = { searchTimeoutMs: 2_000, mapTimeoutMs: 2_000, importTimeoutMs: 60_000 } as const;
/** The alias and the first part of every collection name unless TYPESENSE_COLLECTION_PREFIX says otherwise. */
export const DEFAULT_COLLECTION_PREFIX = "trips";
export type EngineName = (typeof ENGINES)[number];

const optionalText = z.string().trim().optional();
const httpUrl = z.url({ protocol: /^https?$/, message: "skal være en http- eller https-adresse" });
const milliseconds = (fallback: number) =>
  z.coerce
    .number({ message: "skal være et antal millisekunder" })
    .int("skal være et helt antal millisekunder")
    .min(100)
    .max(3_600_000)
    .default(fallback);
const flag = z.enum(["true", "false", "1", "0"], { message: "skal være true eller false" }).transform((v) => v === "true" || v === "1");

const schema = z
  .object({
    NODE_ENV: optionalText,
    PORT: z.coerce.number({ message: "skal være et portnummer" }).int("skal være et portnummer").min(0).max(65535).default(3000),
    HOST: optionalText,
    DATABASE_URL: z.string().trim().default("data/pistepris.db"),
    DEMO_TRIPS: z.coerce.number({ message: "skal være et helt tal" }).int("skal være et helt tal").min(0).default(50_000),
    SEARCH_ENGINE: z.enum(ENGINES, { message: `skal være ${ENGINES.join(" eller ")}` }).default("embedded"),
    TYPESENSE_URL: httpUrl.optional(),
    TYPESENSE_API_KEY: optionalText,
    TYPESENSE_SEARCH_KEY: optionalText,
    // No underscore: `<prefix>_` then starts only this deployment's collections (generation.ts).
    TYPESENSE_COLLECTION_PREFIX: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "skal være små bogstaver, tal og bindestreger (højst 60), fx trips eller trips-staging")
      .default(DEFAULT_COLLECTION_PREFIX),
    TYPESENSE_SEARCH_TIMEOUT_MS: milliseconds(TYPESENSE_TIMEOUTS.searchTimeoutMs),
    TYPESENSE_MAP_TIMEOUT_MS: milliseconds(TYPESENSE_TIMEOUTS.mapTimeoutMs),
    TYPESENSE_IMPORT_TIMEOUT_MS: milliseconds(TYPESENSE_TIMEOUTS.importTimeoutMs),
    SMTP_URL: z.url({ protocol: /^smtps?$/, message: "skal være en smtp://- eller smtps://-adresse" }).optional(),
    OUTBOX_DIR: z.string().trim().default("data/outbox"),
    MAIL_FROM: optionalText,
    SESSION_SECRET: z.string().min(16, "skal være mindst 16 tegn").optional(),
    COOKIE_SECURE: flag.optional(),
    PUBLIC_URL: httpUrl.optional(),
    MAP_TILE_URL: optionalText,
    MAP_TILE_ATTRIBUTION: optionalText,
    SITE_OWNER_NAME: optionalText,
    SITE_OWNER_ADDRESS: optionalText,
    SITE_OWNER_EMAIL: z.email({ message: "skal være en e-mail" }).optional(),
    RETENTION_MONTHS: z.coerce
      .number({ message: "skal være et helt antal måneder" })
      .int("skal være et helt antal måneder")
      .min(1, "skal være mindst 1 måned")
      .max(120, "skal være højst 120 måneder")
      .default(DEFAULT_RETENTION_MONTHS),
    COUNT_WINDOW_MINUTES: z.coerce
      .number({ message: "skal være et helt antal minutter" })
      .int("skal være et helt antal minutter")
      .min(1)
      .max(24 * 60)
      .default(30),
    STOP_GRACE_SECONDS: z.coerce
      .number({ message: "skal være et antal sekunder" })
      .min(0, "skal være et antal sekunder")
      .max(600, "højst 600 sekunder")
      .default(10),
    LOG_FORMAT: z.enum(["json", "pretty"], { message: "skal være json eller pretty" }).optional(),
    METRICS_TOKEN: z.string().min(16, "skal være mindst 16 tegn").optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SEARCH_ENGINE === "typesense" && !env.TYPESENSE_URL)
      ctx.addIssue({ code: "custom", path: ["TYPESENSE_URL"], message: "skal sættes, når SEARCH_ENGINE=typesense" });
    if (env.SEARCH_ENGINE === "typesense" && !env.TYPESENSE_API_KEY && !env.TYPESENSE_SEARCH_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["TYPESENSE_API_KEY"],
        message: "skal sættes (eller TYPESENSE_SEARCH_KEY i en webproces, der kun søger), når SEARCH_ENGINE=typesense",
      });
  });

export interface Config {
  production: boolean;
  port: number;
  /** The address to listen on; undefined: every address. */
  host: string | undefined;
  databasePath: string;
  demoTrips: number;
  searchEngine: EngineName;
  typesense: TypesenseConfig | undefined;
  mail: {
    /** SMTP server; without one e-mails are written as .eml files to `outboxDir`. */
    smtpUrl: string | undefined;
    outboxDir: string;
    /** MAIL_FROM, else each kind of e-mail has its own sender. */
    from: string | undefined;
  };
  sessionSecret: string | undefined;
  cookieSecure: boolean;
  /** The site's public address for links in e-mails; undefined: the address the server listens on. */
  publicUrl: string | undefined;
  mapTiles: { url: string; attribution: string };
  /** A banner view or click, or an offer click, counts once per visitor, item and kind within this window. */
  countWindowMs: number;
  /** The e-mail log and the counted views and clicks are kept this many months, then deleted or summed up (indexer maintenance). */
  retentionMonths: number;
  /** Who runs the site, as the privacy page and the account e-mails name them (the data controller). */
  siteOwner: SiteOwner;
  /** How long a stop (SIGTERM, SIGINT) lets the requests in flight finish before it cuts them off. */
  stopGraceMs: number;
  /** The log's lines: JSON (production's default) or readable ones (development's). */
  logFormat: "json" | "pretty";
  /** With it, /metrics answers a request that sends it as a bearer token; without, only loopback. */
  metricsToken: string | undefined;
}

export interface SiteOwner {
  name: string;
  /** Postal address; undefined: not configured (a real deployment must set it). */
  address: string | undefined;
  email: string;
}

export interface TypesenseConfig {
  url: string;
  /** The admin key: builds collections and swaps the alias. Without it the process only searches. */
  apiKey: string | undefined;
  /** A search-only key for the searches (README "Typesense"); the admin key searches without it. */
  searchKey: string | undefined;
  /** The alias, and the first part of every collection name this deployment makes or drops. */
  prefix: string;
  /** Per request of a web request's search (tried twice), so a hung server costs a visitor seconds, not minutes. */
  searchTimeoutMs: number;
  /** Per request of the map's points and of an accommodation's offers (tried twice). */
  mapTimeoutMs: number;
  /** How long a build's request waits while Typesense answers nothing at all, neither it nor the health poll beside it. */
  importTimeoutMs: number;
}

export class ConfigError extends Error {}

/** The configuration from `env`, or a ConfigError naming every bad variable. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Ugyldig konfiguration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databasePath: databasePath(e.DATABASE_URL),
    demoTrips: e.DEMO_TRIPS,
    searchEngine: e.SEARCH_ENGINE,
    typesense: e.TYPESENSE_URL
      ? {
          url: e.TYPESENSE_URL,
          apiKey: e.TYPESENSE_API_KEY,
          searchKey: e.TYPESENSE_SEARCH_KEY,
          prefix: e.TYPESENSE_COLLECTION_PREFIX,
          searchTimeoutMs: e.TYPESENSE_SEARCH_TIMEOUT_MS,
          mapTimeoutMs: e.TYPESENSE_MAP_TIMEOUT_MS,
          importTimeoutMs: e.TYPESENSE_IMPORT_TIMEOUT_MS,
        }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, outboxDir: e.OUTBOX_DIR, from: e.MAIL_FROM },
    sessionSecret: e.SESSION_SECRET,
    cookieSecure: e.COOKIE_SECURE ?? production,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    mapTiles: {
      url: e.MAP_TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: e.MAP_TILE_ATTRIBUTION ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragydere',
    },
    countWindowMs: e.COUNT_WINDOW_MINUTES * 60_000,
    retentionMonths: e.RETENTION_MONTHS,
    siteOwner: {
      name: e.SITE_OWNER_NAME ?? "Pistepris",
      address: e.SITE_OWNER_ADDRESS,
      email: e.SITE_OWNER_EMAIL ?? "privatliv@pistepris.dk",
    },
    stopGraceMs: e.STOP_GRACE_SECONDS * 1000,
    logFormat: e.LOG_FORMAT ?? (production ? "json" : "pretty"),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** DATABASE_URL is a file path, optionally prefixed `file:`. */
function databasePath(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  return file === ":memory:" ? file : path.resolve(file);
}

/** The public address when PUBLIC_URL is not set: where the server listens, else localhost on PORT. */
export function publicUrlOf(config: Config, listening?: { host?: string; port: number }): string {
  if (config.publicUrl) return config.publicUrl;
  const host = listening?.host ?? config.host ?? "localhost";
  return `http://${host.includes(":") ? `[${host}]` : host}:${listening?.port ?? config.port}`;
}
