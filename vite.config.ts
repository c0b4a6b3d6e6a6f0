import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { declareRoutes } from "./app/route-table";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const TEXTS = path.resolve(import.meta.dirname, "app/domain/texts.ts");
/**
 * Modules whose texts the browser needs only after a page has loaded: the operators' dashboard and the
 * partner page (pages away from the search), and the parts of the search pages loaded on demand
 * (dialogs, drawers, the search bar's steps, the filters, the map). Not the filter chips: the results
 * page shows them from the start, and with them in `later` every page load fetched that copy too.
 */
const APART: Record<string, RegExp> = {
  ops: /\/app\/(routes\/(ops\/|partner\.)|components\/ops\/)/,
  later:
    /\/app\/components\/(filters\/(?!chips)|search-bar\/(?!index|mobile-search-summary|state)|results\/(mobile-drawers|sorting-bar)|agents\/results-dialogs|map\/results-map)/,
  stay: /\/app\/(routes\/accommodation\.|components\/accommodation\/(?!photo))/,
  account: /\/app\/(routes\/(account\/|agents\/|saved-trips\.|privacy\.)|components\/(account\/account-(forms|settings)|privacy\/))/,
};

/**
 * Each group above gets its own copy of app/domain/texts.ts in the browser's bundle. Rollup keeps
 * one copy of a module per build, holding every text any page uses, and puts it in the chunk every
 * page loads, so a page would otherwise carry the dashboard's texts and those of every dialog.
 * Still one module in the source.
 */
function textsApart(): Plugin {
  return {
    name: "texts-apart",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options.ssr || !importer) return null;
      const group = Object.keys(APART).find((g) => APART[g].test(importer));
      if (!group) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === TEXTS ? `${TEXTS}?apart=${group}` : null;
    },
  };
}

/**
 * The browser's scripts and stylesheets compressed once with Brotli's best quality, beside each
 * (`<file>.br`, served by server/precompressed.ts): smaller than what the server could afford to
 * compress on every request.
 */
function precompress(): Plugin {
  let ssr = false;
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(options, bundle) {
      if (ssr || !options.dir) return;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const source = fs.readFileSync(path.join(options.dir, file));
        const br = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        fs.writeFileSync(path.join(options.dir, `${file}.br`), br);
      }
    },
  };
}

/**
 * The browser's chunks: React and Remix in one, and in another the small modules of our own that
 * nearly every page loads (texts, constants, formats, URLs; and Vite's preload helper), which
 * Rollup would otherwise split into a dozen files of a few hundred bytes, each with its own
 * request and compression overhead.
 */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;
const CORE =
  /\/app\/(domain\/(constants|format|dates|banner-slots|search-summary|price-history|price-mode|results-url|url-codec|accommodation-url|tags)\.ts|utils\/revalidation\.ts|components\/(embed\.tsx|ui\/(nonce|page-parts|use-hydrated|browser-storage|markup-only)\.tsx?|accommodation\/photo\.tsx))$/;

/** The chunks above, in the browser's build only (the server's build is one bundle). */
function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    config: (_config, env) =>
      env.isSsrBuild
        ? undefined
        : {
            build: {
              rollupOptions: {
                output: {
                  manualChunks: (id: string) =>
                    FRAMEWORK.test(id) ? "framework" : CORE.test(id) || id.includes("vite/preload-helper") ? "core" : undefined,
                },
              },
            },
          },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [
    textsApart(),
    clientChunks(),
    precompress(),
    tailwindcss(),
    remix({
      // Every route is declared from the path constants in app/route-table.ts (docs/urls.md "Paths"),
      // not by its file's name.
      ignoredRouteFiles: ["**/*"],
      routes: (defineRoutes) => defineRoutes(declareRoutes),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
