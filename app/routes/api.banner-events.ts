import type { ActionFunctionArgs } from "@remix-run/node";
import { findActiveBanner, recordBannerEvent } from "~/services/banners/banners.server";
import { AFFILIATE_ID_PATTERN } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { readJson } from "~/utils/request.server";
import { z } from "~/domain/zod";

// POST /api/banner-events {bannerId, kind: "view"|"click", affiliateId?}: the page's banner tracking.

const body = z.object({
  bannerId: z.number().int().positive().max(1_000_000_000),
  kind: z.enum(["view", "click"]),
  affiliateId: z.string().regex(AFFILIATE_ID_PATTERN).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { bannerId, kind, affiliateId } = await readJson(request, body);
  if (!findActiveBanner(context.db, bannerId)) return Response.json({ error: texts.errors.notFound }, { status: 404 });
  recordBannerEvent(context.db, bannerId, kind, affiliateId);
  return new Response(null, { status: 204 });
}

export function loader() {
  return Response.json({ error: texts.errors.badRequest }, { status: 405, headers: { Allow: "POST" } });
}
