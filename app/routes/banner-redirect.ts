import type { LoaderFunctionArgs } from "@remix-run/node";
import { findActiveBanner, recordBannerEvent } from "~/services/banners/banners.server";
import { visitorOf } from "~/services/visitors/visitors.server";
import { countIfPossible } from "~/services/counting/count-if-possible.server";
import { AFFILIATE_ID_PATTERN } from "~/domain/constants";
import { notFound } from "~/utils/responses.server";
import { outboundUrl } from "~/domain/outbound-url";
import { z } from "~/domain/zod";

// GET /banner/:id[?aff=ID]: the banner link without JavaScript. Records the click (once per visitor
// in the counting window, when the store can take it) and redirects to the banner's stored URL (never to a URL taken from the request).

const params = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const aff = z.string().regex(AFFILIATE_ID_PATTERN);

export function loader({ params: raw, request, context }: LoaderFunctionArgs) {
  const parsed = params.safeParse(raw);
  const banner = parsed.success ? findActiveBanner(context.db, parsed.data.id) : undefined;
  const target = banner && outboundUrl(banner.url, undefined);
  if (!banner || !target) throw notFound();
  const affiliate = aff.safeParse(new URL(request.url).searchParams.get("aff"));
  const event = { bannerId: banner.id, kind: "click" as const, affiliateId: affiliate.success ? affiliate.data : undefined };
  countIfPossible(context.store, () => recordBannerEvent(context.db, event, visitorOf(request, context), context.config.countWindowMs));
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "origin" } });
}
