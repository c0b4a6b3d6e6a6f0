import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { RESULTS_PATH } from "./app/domain/constants";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [
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
