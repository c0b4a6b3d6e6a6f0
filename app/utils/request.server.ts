import { texts } from "~/domain/texts";
import type { z } from "~/domain/zod";
import { sourceMatchesHost, STATE_CHANGING_METHODS } from "~/utils/same-origin";

// Request checks shared by every action: the same-origin rule for state-changing requests, reading
// the posted form or JSON body, and the same-site redirect target after logging in.

/** Whether a request's Origin (or, without one, its Referer) names the host the request was sent to. */
export function isSameOrigin(request: Request): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) return true;
  const host = new URL(request.url).host;
  return sourceMatchesHost(request.headers.get("origin") ?? request.headers.get("referer"), host);
}

/** Throws a 403 with a Danish message unless the (state-changing) request is same-origin. Call first in every action. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    throw new Response(texts.account.crossOrigin, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/** The JSON body of an API call checked by `schema`, or a thrown Danish 400: never a 500. */
export async function readJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  let json: unknown;
  try {
    // Parsed from text: a beacon (navigator.sendBeacon) posts JSON as text/plain.
    json = JSON.parse(await request.text());
  } catch {
    throw Response.json({ error: texts.errors.badJson }, { status: 400 });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // The path names the field; a body that is no object at all has none.
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw Response.json({ error: `${texts.errors.badRequest} ${where}${issue.message}` }, { status: 400 });
  }
  return parsed.data;
}

/** The posted form, or a thrown 400 with a Danish message for a body that is not a form: never a 500. (Its size is limited before: server/body-limit.ts.) */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(texts.errors.badForm, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/**
 * A redirect target from the request (a form field or query param): only a same-site relative path
 * (`/…`, no scheme, no control characters or backslashes). It is normalised as a URL against our
 * origin (dot segments resolved, so `/.//evil.example` becomes `//evil.example`) and accepted only
 * if the path we would send resolves to that same URL on our origin; anything else is `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000 || !to.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines and read backslashes as slashes in URLs.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = "http://pistepris.invalid";
    const url = new URL(to, base);
    const path = url.pathname + url.search + url.hash;
    // `//host…` would leave the site however it was spelled before normalising.
    if (url.origin !== base || path.startsWith("//") || new URL(path, base).href !== url.href) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
