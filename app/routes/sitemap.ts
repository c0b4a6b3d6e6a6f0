import type { LoaderFunctionArgs } from "@remix-run/node";
import { texts } from "~/domain/texts";
import { sitemapsFor, XML_HEADERS } from "~/services/destinations/sitemap.server";
import { withSearch } from "~/search/unavailable.server";

// GET /sitemaps/<name>.xml: one child sitemap of /sitemap.xml (destination pages, or accommodation pages by 50,000).

export async function loader({ params, context }: LoaderFunctionArgs) {
  const sitemaps = await withSearch("page", async () => sitemapsFor(context.db, context.engine, context.publicUrl));
  const xml = sitemaps.files.get(params.file ?? "");
  if (xml === undefined)
    throw new Response(texts.errors.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, { headers: XML_HEADERS });
}
