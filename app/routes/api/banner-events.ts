import type { ActionFunctionArgs } from "@remix-run/node";
import { findActiveBanner, recordBannerEvent } from "~/services/banners/banners.server";
import { AFFILIATE_ID_PATTERN } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { readJson, requireSameOrigin } from "~/utils/request.server";
import { visitorOf } from "~/services/visitors/visitors.server";
import { z } from "~/domain/zod";

// POST /api/banner-events {bannerId, kind: "view"|"click", affiliateId?}: the page's banner tracking.
// Only from our own pages (Origin, else Referer); a visitor's repeats within the counting window
// are answered alike but not counted (app/services/banners/banners.server.ts).

const body = z.object({
  bannerId: z.number().int().positive().max(1_000_000_000),
  kind: z.enum(["view", "click"]),
  affiliateId: z.string().regex(AFFILIATE_ID_PATTERN).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { bannerId, kind, affiliateId } = await readJson(request, body);
  if (!findActiveBanner(context.db, bannerId)) return Response.json({ error: texts.errors.notFound }, { status: 404 });
  recordBannerEvent(context.db, { bannerId, kind, affiliateId }, visitorOf(request, context), context.config.countWindowMs);
  return new Response(null, { status: 204 });
}

export function loader() {
  return Response.json({ error: texts.errors.methodNotAllowed }, { status: 405, headers: { Allow: "POST" } });
}
