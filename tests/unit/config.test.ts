import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, publicUrlOf, readConfig } from "../../app/utils/config.server";

// The one configuration module: every environment variable read and checked once.

describe("configuration", () => {
  it("has a default for everything a first `npm start` needs", () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: undefined,
      databasePath: path.resolve("data/pistepris.db"),
      demoTrips: 50_000,
      searchEngine: "embedded",
      typesense: undefined,
      mail: { smtpUrl: undefined, outboxDir: "data/outbox", from: undefined },
      cookieSecure: false,
      publicUrl: undefined,
    });
    expect(readConfig({ TYPESENSE_URL: "http://ts:8108", TYPESENSE_API_KEY: "k" }).typesense).toEqual({
      url: "http://ts:8108",
      apiKey: "k",
      searchKey: undefined,
      prefix: "trips",
      searchTimeoutMs: 2000,
      mapTimeoutMs: 2000,
      importTimeoutMs: 60_000,
    });
    expect(config.mapTiles.url).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(config.countWindowMs).toBe(30 * 60_000);
    expect(readConfig({ COUNT_WINDOW_MINUTES: "5" }).countWindowMs).toBe(5 * 60_000);
    expect(publicUrlOf(config)).toBe("http://localhost:3000");
    expect(publicUrlOf(config, { host: "127.0.0.1", port: 41234 })).toBe("http://127.0.0.1:41234");
  });

  it("reads every variable, and an empty one counts as unset", () => {
    const config = readConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "file:/tmp/p.db",
      DEMO_TRIPS: "0",
      SEARCH_ENGINE: "typesense",
      TYPESENSE_URL: "http://ts:8108",
      TYPESENSE_API_KEY: "k",
      TYPESENSE_SEARCH_KEY: "s",
      TYPESENSE_COLLECTION_PREFIX: "trips-staging",
      TYPESENSE_SEARCH_TIMEOUT_MS: "1500",
      TYPESENSE_MAP_TIMEOUT_MS: "3000",
      SMTP_URL: "",
      MAIL_FROM: "Test <t@example.dk>",
      PUBLIC_URL: "https://pistepris.dk/",
      MAP_TILE_URL: "http://tiles/{z}/{x}/{y}.png",
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      host: "127.0.0.1",
      databasePath: "/tmp/p.db",
      demoTrips: 0,
      searchEngine: "typesense",
      typesense: {
        url: "http://ts:8108",
        apiKey: "k",
        searchKey: "s",
        prefix: "trips-staging",
        searchTimeoutMs: 1500,
        mapTimeoutMs: 3000,
        importTimeoutMs: 60_000,
      },
      mail: { smtpUrl: undefined, from: "Test <t@example.dk>" },
      publicUrl: "https://pistepris.dk",
    });
    expect(publicUrlOf(config, { port: 1 })).toBe("https://pistepris.dk");
  });

  it("makes the session cookie Secure in production unless COOKIE_SECURE says otherwise", () => {
    expect(readConfig({ NODE_ENV: "production" }).cookieSecure).toBe(true);
    expect(readConfig({ NODE_ENV: "production", COOKIE_SECURE: "false" }).cookieSecure).toBe(false);
    expect(readConfig({ NODE_ENV: "development" }).cookieSecure).toBe(false);
    expect(readConfig({ NODE_ENV: "development", COOKIE_SECURE: "1" }).cookieSecure).toBe(true);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DEMO_TRIPS: "-5" }, "DEMO_TRIPS"],
    [{ SEARCH_ENGINE: "typsense" }, "SEARCH_ENGINE: skal være embedded eller typesense"],
    [{ SEARCH_ENGINE: "typesense" }, "TYPESENSE_URL: skal sættes, når SEARCH_ENGINE=typesense"],
    [{ SEARCH_ENGINE: "typesense", TYPESENSE_URL: "http://ts:8108" }, "TYPESENSE_API_KEY: skal sættes (eller TYPESENSE_SEARCH_KEY"],
    [{ TYPESENSE_COLLECTION_PREFIX: "trips_staging" }, "TYPESENSE_COLLECTION_PREFIX: skal være små bogstaver, tal og bindestreger"],
    [{ TYPESENSE_COLLECTION_PREFIX: "Trips" }, "TYPESENSE_COLLECTION_PREFIX"],
    [{ TYPESENSE_MAP_TIMEOUT_MS: "0" }, "TYPESENSE_MAP_TIMEOUT_MS"],
    [{ TYPESENSE_SEARCH_TIMEOUT_MS: "2s" }, "TYPESENSE_SEARCH_TIMEOUT_MS: skal være et antal millisekunder"],
    [{ TYPESENSE_IMPORT_TIMEOUT_MS: "10" }, "TYPESENSE_IMPORT_TIMEOUT_MS"],
    [{ SMTP_URL: "mail.example.dk" }, "SMTP_URL"],
    [{ PUBLIC_URL: "pistepris.dk" }, "PUBLIC_URL"],
    [{ COOKIE_SECURE: "ja" }, "COOKIE_SECURE: skal være true eller false"],
    [{ SESSION_SECRET: "kort" }, "SESSION_SECRET"],
    [{ COUNT_WINDOW_MINUTES: "0" }, "COUNT_WINDOW_MINUTES"],
  ])("refuses %o with a message naming the variable", (env, named) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(named);
  });
});
