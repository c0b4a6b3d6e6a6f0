import { useEffect, useState } from "react";
import { FACET_NUMBERS_PATH } from "~/domain/constants";
import type { FacetNumbers } from "~/domain/search-result";

// A draft search's facet numbers from POST /api/facet-numbers (docs/api.md), asked for with a plain
// fetch. As a Remix fetcher submission the call would count as a mutation: it cancels the other
// fetchers' loads under way (the destination picker's tree) and has them loaded again.

/** An answer, and the request body (JSON text) it answers. */
interface Answer {
  body: string;
  facetNumbers: FacetNumbers;
}

/**
 * The facet numbers for `body`, a JSON request (null asks nothing): `facetNumbers` is the last
 * answer that arrived, `current` whether it answers this body. A new body cancels the call still
 * under way; a failed call leaves the last answer in place.
 */
export function useFacetNumbers(body: string | null): { facetNumbers: FacetNumbers | undefined; current: boolean } {
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    if (body === null) return;
    const controller = new AbortController();
    fetch(FACET_NUMBERS_PATH, { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ facetNumbers: FacetNumbers }>) : null))
      .then((json) => json && setAnswer({ body, facetNumbers: json.facetNumbers }))
      // Cancelled or failed: the numbers already shown stand in.
      .catch(() => undefined);
    return () => controller.abort();
  }, [body]);
  return { facetNumbers: answer?.facetNumbers, current: answer !== undefined && answer.body === body };
}
