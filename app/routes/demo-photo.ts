import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEMO_PHOTOS, demoLandscapeSvg, isDemoPhotoId } from "~/domain/demo-photo";
import { notFound } from "~/utils/responses.server";

// /demo-billeder/<accommodation id>.svg[?v=2|3]: the demo accommodations' photos, drawn from the id
// (app/domain/demo-photo.ts). The same URL is always the same picture, so it may be cached for a long time.

export function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const id = file.endsWith(".svg") ? file.slice(0, -4) : "";
  const v = new URL(request.url).searchParams.get("v") ?? "1";
  const variant = Number(v);
  if (!isDemoPhotoId(id) || !/^[1-9]$/.test(v) || variant > DEMO_PHOTOS) throw notFound();
  return new Response(demoLandscapeSvg(id, variant, id), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=604800",
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
