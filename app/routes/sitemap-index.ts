import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapsFor, XML_HEADERS } from "~/services/destinations/sitemap.server";
import { withSearch } from "~/search/unavailable.server";

// GET /sitemap.xml (docs/urls.md "For search engines"): the sitemap index of the live data's child sitemaps.

export async function loader({ context }: LoaderFunctionArgs) {
  const sitemaps = await withSearch("page", async () => sitemapsFor(context.db, context.engine, context.publicUrl));
  return new Response(sitemaps.index, { headers: XML_HEADERS });
}
