import type { LoaderFunctionArgs } from "@remix-run/node";
import { AFFILIATE_ID_PATTERN, TRIP_ID_PATTERN } from "~/domain/constants";
import { notFound } from "~/utils/responses.server";
import { z } from "~/domain/zod";
import { outboundUrl } from "~/domain/outbound-url";
import { findOffer, recordOfferClick } from "~/services/offers/offers.server";
import { visitorOf } from "~/services/visitors/visitors.server";
import { countIfPossible } from "~/services/counting/count-if-possible.server";

// GET /ud/:tripId[?aff=ID]: every outbound offer link. Records the click (trip, company,
// affiliate; once per visitor in the counting window, when the store can take it) and redirects to the trip's stored offer URL, with the affiliate id as `aff`. The
// target never comes from the request: an unknown trip is a 404, a malformed affiliate id is
// dropped, and every other param is ignored.

const params = z.object({ tripId: z.string().regex(TRIP_ID_PATTERN) });
const aff = z.string().regex(AFFILIATE_ID_PATTERN);

export function loader({ params: raw, request, context }: LoaderFunctionArgs) {
  const parsed = params.safeParse(raw);
  const offer = parsed.success ? findOffer(context.db, parsed.data.tripId) : undefined;
  if (!offer) throw notFound();
  const affiliate = aff.safeParse(new URL(request.url).searchParams.get("aff"));
  const affiliateId = affiliate.success ? affiliate.data : undefined;
  const target = outboundUrl(offer.url, affiliateId);
  if (!target) throw notFound();
  countIfPossible(context.store, () =>
    recordOfferClick(context.db, offer, affiliateId, visitorOf(request, context), context.config.countWindowMs),
  );
  return new Response(null, {
    status: 302,
    headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "origin", "X-Robots-Tag": "noindex" },
  });
}
