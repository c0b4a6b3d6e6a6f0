import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { declareRoutes } from "./app/route-table";
import { texts } from "./app/domain/texts";
import { ownFunctionAt, unbindTextCalls } from "./scripts/vite/unbound-text-calls";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const APP = path.resolve(import.meta.dirname, "app");
const TEXTS = path.join(APP, "domain/texts.ts");

/** Modules of app/, by path: a folder (ending in "/") stands for every module in it, a file for itself. */
interface Modules {
  in: string[];
  except?: string[];
}

/** Whether a module id (an absolute path, perhaps with a query) is one of `modules`. */
function isOneOf(id: string, modules: Modules): boolean {
  const file = path.relative(APP, id.split("?")[0]);
  const named = (m: string) => (m.endsWith("/") ? file.startsWith(m) : file === m);
  return modules.in.some(named) && !(modules.except ?? []).some(named);
}

/**
 * Modules whose texts only some pages need, by group: the operators' dashboard and the partner page
 * (pages away from the search); the parts of the search pages loaded on demand (dialogs, drawers,
 * the filters, the maps); the search bar's steps (the /soeg page and the desktop search bar); the
 * destination pages; the accommodation page; the account pages. Not the filter chips: the results
 * page shows them from the start, and with them in `later` every page load fetched that copy too.
 * A text two groups use is in both copies; a page loads the copies of the groups it shows.
 */
const APART: Record<string, Modules> = {
  ops: { in: ["routes/ops/", "routes/partner.tsx", "components/ops/"] },
  later: {
    in: [
      "components/filters/",
      "components/results/mobile-drawers.tsx",
      "components/results/sorting-bar.tsx",
      "components/agents/results-dialogs.tsx",
      "components/map/",
    ],
    except: ["components/filters/chips.tsx", "components/map/destination-map.tsx"],
  },
  searchSteps: {
    in: ["components/search-bar/"],
    except: ["components/search-bar/index.ts", "components/search-bar/mobile-search-summary.tsx", "components/search-bar/state.tsx"],
  },
  places: { in: ["routes/destination.tsx", "components/destinations/", "components/map/destination-map.tsx", "domain/resort-facts.ts"] },
  stay: { in: ["routes/accommodation.tsx", "components/accommodation/"], except: ["components/accommodation/photo.tsx"] },
  account: {
    in: [
      "routes/account/",
      "routes/agents/",
      "routes/saved-trips.tsx",
      "routes/privacy.tsx",
      "components/account/account-forms.tsx",
      "components/account/account-settings.tsx",
      "components/privacy/",
    ],
  },
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
      const group = Object.keys(APART).find((g) => isOneOf(importer, APART[g]));
      if (!group) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === TEXTS ? `${TEXTS}?apart=${group}` : null;
    },
  };
}

/** Calls of the text functions unbound in the browser's modules, so that Rollup keeps only the texts read (scripts/vite/unbound-text-calls.ts). */
function unboundTextCalls(): Plugin {
  return {
    name: "unbound-text-calls",
    apply: "build",
    enforce: "post",
    async transform(code, id, options) {
      if (options?.ssr || !id.startsWith(APP) || !/\.tsx?$/.test(id.split("?")[0]) || !code.includes("texts")) return null;
      const program = this.parse(code);
      const textsSources = new Set<string>();
      for (const node of program.body)
        if (node.type === "ImportDeclaration" && typeof node.source.value === "string") {
          const resolved = await this.resolve(node.source.value, id);
          if (resolved?.id.split("?")[0] === TEXTS) textsSources.add(node.source.value);
        }
      if (!textsSources.size) return null;
      const unbound = unbindTextCalls(
        code,
        program,
        (source) => textsSources.has(source),
        (textPath) => ownFunctionAt(texts, textPath),
      );
      return unbound && { code: unbound, map: null };
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
const FRAMEWORK = ["react", "react-dom", "scheduler", "react-router", "react-router-dom", "@remix-run/", "turbo-stream"];
const CORE: Modules = {
  in: [
    "domain/constants.ts",
    "domain/format.ts",
    "domain/dates.ts",
    "domain/banner-slots.ts",
    "domain/search-summary.ts",
    "domain/price-history.ts",
    "domain/price-mode.ts",
    "domain/results-url.ts",
    "domain/url-codec.ts",
    "domain/accommodation-url.ts",
    "domain/tags.ts",
    "utils/revalidation.ts",
    "components/embed.tsx",
    "components/ui/nonce.ts",
    "components/ui/page-parts.tsx",
    "components/results/card-parts-loader.ts",
    "components/ui/use-hydrated.ts",
    "components/ui/site-nav.tsx",
    "components/ui/browser-storage.ts",
    "domain/markup-only.ts",
    "components/ui/markup-only.tsx",
    "components/accommodation/photo.tsx",
  ],
};

/** Whether a module id is in one of the npm packages named (a name ending in "/" is a scope). */
function inPackage(id: string, names: string[]): boolean {
  return names.some((n) => id.includes(`/node_modules/${n}${n.endsWith("/") ? "" : "/"}`));
}

/**
 * The chunks above, in the browser's build only (the server's build is one bundle), minified by
 * Terser: it makes the scripts a page loads about 4 % smaller gzipped than esbuild's minifier (the
 * framework chunk 85.1 → 81.4 kB), toward the budget of 100 kB before any interaction (README,
 * "Performance"). Two passes; no unsafe transforms.
 */
function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    config: (_config, env) =>
      env.isSsrBuild
        ? undefined
        : {
            build: {
              minify: "terser",
              terserOptions: { module: true, compress: { passes: 2 } },
              rollupOptions: {
                output: {
                  manualChunks: (id: string) =>
                    inPackage(id, FRAMEWORK) ? "framework" : isOneOf(id, CORE) || id.includes("vite/preload-helper") ? "core" : undefined,
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
    unboundTextCalls(),
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
