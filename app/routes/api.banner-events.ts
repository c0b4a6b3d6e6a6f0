import type { ActionFunctionArgs } from "@remix-run/node";
import { findActiveBanner, recordBannerEvent } from "~/services/banners/banners.server";
import { AFFILIATE_ID_PATTERN } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";

// POST /api/banner-events {bannerId, kind: "view"|"click", affiliateId?}: the page's banner tracking.

const body = z.object({
  bannerId: z.number().int().positive().max(1_000_000_000),
  kind: z.enum(["view", "click"]),
  affiliateId: z.string().regex(AFFILIATE_ID_PATTERN).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: texts.errors.badRequest }, { status: 405 });
  let json: unknown;
  try {
    // sendBeacon posts text/plain; the body is JSON either way.
    json = JSON.parse(await request.text());
  } catch {
    return Response.json({ error: texts.errors.badJson }, { status: 400 });
  }
  const parsed = body.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Response.json({ error: `${texts.errors.badRequest} ${issue.path.join(".")}: ${issue.message}` }, { status: 400 });
  }
  const { bannerId, kind, affiliateId } = parsed.data;
  if (!findActiveBanner(context.db, bannerId)) return Response.json({ error: texts.errors.notFound }, { status: 404 });
  recordBannerEvent(context.db, bannerId, kind, affiliateId);
  return new Response(null, { status: 204 });
}

export function loader() {
  return Response.json({ error: texts.errors.badRequest }, { status: 405, headers: { Allow: "POST" } });
}
