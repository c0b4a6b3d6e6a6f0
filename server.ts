import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { getDb } from "./db/client";
import { getSearchEngine } from "./app/search/engine.server";
import { seedIfEmpty } from "./indexer/seed";
import { RESULTS_PATH } from "./app/domain/constants";
import { todayInDenmark } from "./app/domain/dates";
import { pageCache } from "./server/page-cache";

// The web server: Remix behind Express. On first run it creates the database and loads the
// demo data; the search engine is built before the first request is accepted.

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const BUILD_PATH = "./build/server/index.js";

const db = getDb();
await seedIfEmpty(db);
const engine = await getSearchEngine();
console.log(`Søgemaskine: ${engine.name}, generation ${engine.generation()}`);

const vite = production
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.use(compression());
if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
app.use(pageCache({ paths: ["/", RESULTS_PATH], version: () => `${engine.generation()} ${todayInDenmark()}` }));
app.all(
  "*",
  createRequestHandler({
    build: vite
      ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
      : ((await import(/* @vite-ignore */ BUILD_PATH)) as ServerBuild),
  }),
);

app.listen(port, () => {
  console.log(`Pistepris kører på http://localhost:${port}`);
});
