import { isStopping, running, stopBegun } from "./server/stop";
import "./app/utils/node-version.server";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import type { AddressInfo } from "node:net";
import { DESTINATIONS_PATH, MAX_BODY_BYTES, RESULTS_PATH } from "./app/domain/constants";
import { texts } from "./app/domain/texts";
import { todayInDenmark } from "./app/domain/dates";
import { openDb, PAGE_CACHE_MB } from "./db/client";
import { readContentVersion } from "./db/content-version";
import { StoreFile, storeFailureMessage } from "./db/store-file";
import { registerStoreUser } from "./db/store-users";
import { ConfigError, publicUrlOf, readConfig } from "./app/utils/config.server";
import { isSearchUnavailable } from "./app/search/unavailable.server";
import { allowedMethodsOnly } from "./server/allowed-methods";
import { createAppContext, loadContextFor, type SharedContext } from "./server/app-context";
import { limitBodies } from "./server/body-limit";
import { expressErrors } from "./server/express-errors";
import { pageCache } from "./server/page-cache";
import { answerParserErrors } from "./server/parser-errors";
import { compressResponses } from "./server/compression";
import { precompressedAssets } from "./server/precompressed";
import { drainable } from "./server/drain";
import { healthRoutes, siteChecks } from "./server/readiness";
import { remixHandler } from "./server/remix-handler";
import { guardStoreWrites } from "./server/store-writes";
import { requestLog } from "./server/request-log";
import { createMetrics, metricsRoute, type Metrics } from "./server/metrics";
import { routePatterns } from "./server/route-patterns";
import { timedEngine } from "./server/search-timing";
import { createLog } from "./app/utils/log.server";
import { refuseCrossSiteWrites } from "./server/same-origin";
import { refuseUnreadableForms } from "./server/form-bodies";
import { noStoreForPersonal, securityHeaders } from "./server/security-headers";

// The web server: Remix behind Express. Its first import installs the handlers of a clean stop
// (server/stop.ts). It reads its configuration, takes its port (a taken port ends the process at
// once) and answers /healthz and /readyz from then on; then it opens the store (a store that
// cannot take writes is served read-only, with one line saying so), on first run loads the demo
// data, and builds the search engine; other requests that arrive meanwhile wait for it. A search
// engine that cannot be used (Typesense unreachable, a wrong key) ends the process with one line
// saying why.

const BUILD_PATH = "./build/server/index.js";

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
running.graceMs = config.stopGraceMs;

const app = express();
app.disable("x-powered-by");
/** The store and engine, for /readyz, once the start has made them. */
const made: { context?: SharedContext } = {};
let serving = false;
app.use(
  healthRoutes(
    siteChecks({
      phase: () => (isStopping() ? "stopping" : serving ? "serving" : "starting"),
      parts: () => made.context,
    }),
  ),
);
// The log and the metrics (docs/operations.md): /metrics and the health routes are not logged. The
// start's and the stop's lines go to the log too, so standard output is JSON lines only in
// production; errors are plain Danish lines on standard error.
const log = createLog(config.logFormat);
running.log = log;
const observed: { metrics?: Metrics; engine?: { generation(): number }; routeOf: (pathname: string) => string } = { routeOf: () => "*" };
app.use(metricsRoute(() => observed.metrics, config.metricsToken));
app.use(
  requestLog(
    log,
    () => observed.routeOf,
    (facts) => observed.metrics?.request(facts.route, facts.status, facts.seconds, facts.pageCache),
  ),
);
let markStarted = () => {};
const started = new Promise<void>((resolve) => (markStarted = resolve));
// Until the start is done, requests wait; a stop meanwhile answers them at once.
app.use((_req, res, next) => {
  if (serving) return next();
  void Promise.race([started, stopBegun]).then(() => {
    if (serving) return next();
    res
      .status(503)
      .set({ "Cache-Control": "no-store", "Retry-After": "5" })
      .type("text/plain; charset=utf-8")
      .send(texts.errors.restarting);
  });
});
const server = config.host ? app.listen(config.port, config.host) : app.listen(config.port);
running.drain = drainable(server);
await new Promise<void>((resolve) => {
  server.once("listening", resolve);
  server.once("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${config.port} er optaget af et andet program. Stop det, eller vælg en anden port, fx PORT=${config.port + 1} npm start`
        : `Serveren kunne ikke lytte på port ${config.port}: ${error.message}`,
    );
    process.exit(1);
  });
});
server.on("clientError", answerParserErrors(config.production));
const listening = { host: config.host, port: (server.address() as AddressInfo).port };
const ownUrl = publicUrlOf({ ...config, publicUrl: undefined }, listening);
log.info(`Lytter på ${ownUrl} (/healthz, /readyz); starter …`);

const db = (() => {
  try {
    return openDb(config.databasePath, PAGE_CACHE_MB.server);
  } catch (error) {
    console.error(`Serveren kan ikke åbne databasen: ${storeFailureMessage(config.databasePath, error) ?? String(error)}.`);
    process.exit(1);
  }
})();
const store = new StoreFile(db.$client);
running.db = db;
registerStoreUser(db, "server");
observed.metrics = createMetrics(db, () => observed.engine);
running.storeIntact = () => !["replaced", "missing-wal"].includes(store.problem()?.kind ?? "");
const unwritable = store.probe();
if (unwritable) {
  console.error(
    `${unwritable.message}: serveren kører uden at kunne gemme noget (log-ind, oprettelse, gemte rejser, bannerhændelser svarer 503; klik tælles ikke), og /readyz svarer 503, til det er rettet.`,
  );
}

const shared = await createAppContext(db, store, config, publicUrlOf(config, listening), (line) => log.info(line)).catch(
  (error: unknown) => {
    // A stop during the start (the demo load, a Typesense build) ends the process itself.
    if (isStopping()) return new Promise<never>(() => {});
    if (!isSearchUnavailable(error)) throw error;
    console.error(`Søgemaskinen ${config.searchEngine} kan ikke bruges, så serveren stopper: ${error.message}`);
    process.exit(1);
  },
);
const { engine } = shared;
running.engine = engine;
observed.engine = engine;
shared.engine = timedEngine(engine, (kind, seconds) => observed.metrics?.search(engine.name, kind, seconds));
log.info(`Søgemaskine: ${engine.name}, generation ${engine.generation()}`);
const vite = config.production ? undefined : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
running.vite = vite;
const build = guardStoreWrites(
  vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(/* @vite-ignore */ BUILD_PATH)) as ServerBuild),
  store,
);

// The inline <style> blocks the pages render, which the CSP allows by hash (app/entry.server.tsx).
const loadedBuild = typeof build === "function" ? await build() : build;
const { inlineStyles } = loadedBuild.entry.module as unknown as { inlineStyles: string[] };
observed.routeOf = routePatterns(loadedBuild.routes);

app.use(securityHeaders({ production: config.production, inlineStyles }));
// Bodies first: no answer, not even a 405, leaves a body of any size to be read off the socket.
app.use(limitBodies(MAX_BODY_BYTES));
app.use(allowedMethodsOnly);
app.use(compressResponses());
if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", precompressedAssets("build/client/assets"));
  // No redirect of a directory's path to its slash (`/ophold/%2e%2e` → English "Redirecting"): Remix answers it.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", redirect: false }));
  app.use(express.static("build/client", { maxAge: "1h", redirect: false }));
}
app.use(noStoreForPersonal);
app.use(refuseCrossSiteWrites);
app.use((req, res, next) => void refuseUnreadableForms(req, res, next));
app.use(
  pageCache({
    paths: ["/", RESULTS_PATH, DESTINATIONS_PATH, `${DESTINATIONS_PATH}/*`, "/robots.txt", "/sitemap.xml", "/sitemaps/*"],
    // The banners and landing boxes the operators edit are part of what a page shows.
    version: () => `${engine.generation()} ${readContentVersion(db)} ${todayInDenmark()}`,
    nonce: (res) => String(res.locals.cspNonce),
  }),
);
app.all("*", remixHandler(build, loadContextFor(shared), config.production ? "production" : "development"));
app.use(expressErrors);

made.context = shared;
serving = true;
markStarted();
log.info(`Pistepris kører på ${ownUrl}`);
