import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { RESULTS_PATH } from "./app/domain/constants";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const TEXTS = path.resolve(import.meta.dirname, "app/domain/texts.ts");
/** The operators' dashboard and the partner page: pages away from the search, with texts of their own. */
const APART = /\/app\/(routes\/(drift[./]|partner\.)|components\/ops\/)/;

/**
 * The pages away from the search get their own copy of app/domain/texts.ts in the browser's bundle.
 * Rollup keeps one copy of a module per build, holding every text any page uses, so the search's
 * pages would otherwise carry the dashboard's texts too. Still one module in the source.
 */
function textsApart(): Plugin {
  return {
    name: "texts-apart",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options.ssr || !importer || !APART.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === TEXTS ? `${TEXTS}?apart` : null;
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [
    textsApart(),
    tailwindcss(),
    remix({
      // The results page's path comes from this one route configuration (DESIGN.md "URLs"); its
      // module lives with the other routes, but outside the file-name convention.
      ignoredRouteFiles: ["**/routes/results.tsx"],
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          route(RESULTS_PATH, "routes/results.tsx", { id: "results" });
        }),
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
