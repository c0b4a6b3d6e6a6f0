import type { LoaderFunctionArgs } from "@remix-run/node";
import { findActiveBanner, recordBannerEvent } from "~/banners.server";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";

// GET /banner/:id[?aff=ID]: the banner link without JavaScript. Records the click and redirects to
// the banner's stored URL (never to a URL taken from the request).

const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const aff = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export function loader({ params: raw, request }: LoaderFunctionArgs) {
  const parsed = params.safeParse(raw);
  const banner = parsed.success ? findActiveBanner(parsed.data.id) : undefined;
  if (!banner) throw new Response(texts.errors.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const affiliate = aff.safeParse(new URL(request.url).searchParams.get("aff"));
  recordBannerEvent(banner.id, "click", affiliate.success ? affiliate.data : undefined);
  return new Response(null, { status: 302, headers: { Location: banner.url, "Cache-Control": "no-store", "Referrer-Policy": "origin" } });
}
