import "./server/check-node";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { AddressInfo } from "node:net";
import { getDb } from "./db/client";
import { getSearchEngine } from "./app/search/engine.server";
import { seedIfEmpty } from "./indexer/seed";
import { RESULTS_PATH } from "./app/domain/constants";
import { todayInDenmark } from "./app/domain/dates";
import { pageCache } from "./server/page-cache";
import { logClientErrors } from "./server/request-log";
import { allowedMethodsOnly } from "./server/allowed-methods";
import { CLIENT_ADDRESS_HEADER } from "./app/auth/client-address";
import { sourceMatchesHost, STATE_CHANGING_METHODS } from "./app/auth/same-origin";
import { texts } from "./app/domain/texts";

// The web server: Remix behind Express. It takes its port first, so a taken port ends the
// process at once; then, on first run, it creates the database and loads the demo data, and
// builds the search engine. Requests that arrive before that is done wait for it.

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST?.trim() || undefined;
const BUILD_PATH = "./build/server/index.js";

const app = express();
app.disable("x-powered-by");
let markStarted = () => {};
const started = new Promise<void>((resolve) => (markStarted = resolve));
app.use((_req, _res, next) => void started.then(() => next()));
const server = host ? app.listen(port, host) : app.listen(port);
await new Promise<void>((resolve) => {
  server.once("listening", resolve);
  server.once("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${port} er optaget af et andet program. Stop det, eller vælg en anden port, fx PORT=${port + 1} npm start`
        : `Serveren kunne ikke lytte på port ${port}: ${error.message}`,
    );
    process.exit(1);
  });
});

const db = getDb();
await seedIfEmpty(db);
const engine = await getSearchEngine();
console.log(`Søgemaskine: ${engine.name}, generation ${engine.generation()}`);
const vite = production ? undefined : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
const build = vite
  ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(/* @vite-ignore */ BUILD_PATH)) as ServerBuild);

app.use(logClientErrors);
app.use(allowedMethodsOnly);
app.use(compression());
if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
// The client's address for the login throttle (app/auth/accounts.server.ts), always set here so a
// client cannot supply its own.
app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  next();
});
// Cross-site writes: a state-changing request whose Origin (or Referer) names another site is
// refused here with 403 before Remix sees it; every action also requires a same-origin source
// (app/auth/security.server.ts), which refuses requests without either header.
app.use((req, res, next) => {
  if (!STATE_CHANGING_METHODS.has(req.method)) return next();
  const source = req.headers.origin ?? req.headers.referer;
  if (source !== undefined && !sourceMatchesHost(source, req.headers.host ?? "")) {
    res.status(403).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(texts.account.crossOrigin);
    return;
  }
  next();
});
app.use(pageCache({ paths: ["/", RESULTS_PATH], version: () => `${engine.generation()} ${todayInDenmark()}` }));
app.all("*", createRequestHandler({ build }));
// Express's own errors, e.g. a path whose percent-escapes do not decode, answered in Danish
// instead of its English page; a client's mistake is a 4xx, only our own a 500.
app.use((err: { status?: unknown }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (res.headersSent) return next(err);
  const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
  if (status === 500) console.error(err);
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(status === 500 ? texts.errors.unexpected : texts.errors.badRequest);
});

const shownHost = host ?? "localhost";
const { port: actualPort } = server.address() as AddressInfo;
const ownUrl = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${actualPort}`;
// Links in e-mails point here unless PUBLIC_URL says otherwise (with PORT=0 only now is the port known).
process.env.PUBLIC_URL ||= ownUrl;
markStarted();
console.log(`Pistepris kører på ${ownUrl}`);

// Stop cleanly on Ctrl-C and on the SIGTERM of a process manager (or a test harness).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void vite?.close();
    process.exit(0);
  });
}
