import type { LoaderFunctionArgs } from "@remix-run/node";
import { AFFILIATE_ID_PATTERN, TRIP_ID_PATTERN } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { findOffer, outboundUrl, recordOfferClick } from "~/offers.server";

// GET /ud/:tripId[?aff=ID]: every outbound offer link. Records the click (trip, company,
// affiliate) and redirects to the trip's stored offer URL, with the affiliate id as `aff`. The
// target never comes from the request: an unknown trip is a 404, a malformed affiliate id is
// dropped, and every other param is ignored.

const params = z.object({ tripId: z.string().regex(TRIP_ID_PATTERN) });
const aff = z.string().regex(AFFILIATE_ID_PATTERN);

const notFound = () =>
  new Response(texts.errors.notFound, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export function loader({ params: raw, request }: LoaderFunctionArgs) {
  const parsed = params.safeParse(raw);
  const offer = parsed.success ? findOffer(parsed.data.tripId) : undefined;
  if (!offer) throw notFound();
  let target: string;
  const affiliate = aff.safeParse(new URL(request.url).searchParams.get("aff"));
  const affiliateId = affiliate.success ? affiliate.data : undefined;
  try {
    target = outboundUrl(offer.url, affiliateId);
  } catch {
    throw notFound();
  }
  recordOfferClick(offer, affiliateId);
  return new Response(null, {
    status: 302,
    headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "origin", "X-Robots-Tag": "noindex" },
  });
}
