import type { ServerBuild } from "@remix-run/node";

// The route pattern a request matched (`/ophold/:id`), for the log and the metrics: a label with
// as many values as the app has routes, never a path with its ids, tokens or search terms in it.

interface Pattern {
  pattern: string;
  regex: RegExp;
  /** Static segments count first, a splat last (as Remix ranks them). */
  rank: number;
}

function patternsOf(routes: ServerBuild["routes"]): Pattern[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const patterns = new Map<string, Pattern>();
  for (const id of Object.keys(routes)) {
    const pattern = `/${fullPath(id)}`;
    const segments = pattern.split("/").filter(Boolean);
    const source = segments
      .map((s) => (s === "*" ? "(?:/.*)?" : s.startsWith(":") ? "/[^/]+" : `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))
      .join("");
    const rank = segments.reduce((sum, s) => sum + (s === "*" ? -100 : s.startsWith(":") ? 1 : 10), 0);
    patterns.set(pattern, { pattern, regex: new RegExp(`^${source}/?$`), rank });
  }
  return [...patterns.values()].sort((a, b) => b.rank - a.rank);
}

/** A function from a request's path (no query) to its route's pattern; `/assets/*` for the built files, `*` when no route matches. */
export function routePatterns(routes: ServerBuild["routes"]): (pathname: string) => string {
  const patterns = patternsOf(routes);
  return (pathname) => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    return patterns.find((p) => p.regex.test(path))?.pattern ?? "*";
  };
}
