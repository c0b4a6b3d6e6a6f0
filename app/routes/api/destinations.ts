import type { LoaderFunctionArgs } from "@remix-run/node";
import { MAX_PARTY_SIZE } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { searchDestinations } from "~/search/destinations.server";

// GET /api/destinations?q=<typed text>&persons=<party size> → the destination picker's tree
// (countries → regions → resorts matching q, with their ancestors) and the categories, each with
// its number of upcoming trips; a party size without trips (any beyond 12) gets every count 0. Answers from a tree cached per index generation (see
// app/search/destinations.server.ts), so typing costs only the filtering of ~100 nodes.

const Params = z.object({
  q: z.string().max(100).default(""),
  persons: z.coerce.number().int().min(1).max(MAX_PARTY_SIZE).optional(),
});

export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = Params.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    persons: url.searchParams.get("persons") || undefined,
  });
  if (!parsed.success) return Response.json({ error: texts.errors.badRequest }, { status: 400 });
  const started = performance.now();
  const tree = searchDestinations(context.engine, parsed.data.q, { persons: parsed.data.persons });
  const ms = performance.now() - started;
  return Response.json(
    { query: parsed.data.q, ...tree },
    { headers: { "Cache-Control": "no-store", "Server-Timing": `destinations;dur=${ms.toFixed(1)}` } },
  );
}
