import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/domain/robots";

// GET /robots.txt (docs/urls.md "For search engines"): what crawlers may not fetch, and where the sitemap is.

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
