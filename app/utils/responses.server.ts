import { texts } from "~/domain/texts";

/** A 404 for a thing that is not the visitor's (another user's agent or saved trip looks exactly like a missing one). */
export function notFound(): Response {
  return new Response(texts.errors.notFound, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const NO_STORE = { "Cache-Control": "private, no-store" };
