import { DESTINATIONS_API_PATH, DESTINATION_QUERY_DEBOUNCE_MS } from "~/domain/constants";
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { filterTree, type CountryNode, type DestinationTree } from "~/domain/destination-tree";

// The destination picker's data on the client, loaded with Remix fetchers from /api/destinations
// (docs/api.md): the whole tree for the party size, and as you type the server's matches (until
// they arrive, the whole tree filtered here, so typing never waits for the network).

/** Quiet time after a keystroke before the typed query goes to the server. */

/** The API's answer; a request it refuses answers `{ error }`. */
type Answer = (DestinationTree & { query: string }) | { error: string };

function treeOf(answer: Answer | undefined): DestinationTree | null {
  return answer && "countries" in answer ? answer : null;
}

/**
 * The whole tree for the party size: the page's loader has it for the party size it rendered
 * (which also makes the picker work without JavaScript); for another party size it is fetched
 * once the picker shows. Until that answer arrives the previous tree stays in view.
 */
export function useDestinationTree(opts: {
  initial?: { persons: number; tree: DestinationTree };
  persons: number;
  active: boolean;
}): DestinationTree | null {
  const { initial, persons, active } = opts;
  const fetcher = useFetcher<Answer>();
  const { load } = fetcher;
  // The party size last asked for: the fetcher keeps its answer while it loads the next one.
  const requested = useRef<number>();
  const needed = active && persons !== initial?.persons;
  useEffect(() => {
    if (!needed || requested.current === persons) return;
    requested.current = persons;
    load(`${DESTINATIONS_API_PATH}?persons=${persons}`);
  }, [needed, persons, load]);
  if (initial && initial.persons === persons) return initial.tree;
  return treeOf(fetcher.data) ?? initial?.tree ?? null;
}

/**
 * The countries matching a typed query, with their regions and resorts: the server's answer for
 * this query and party size (one fetcher per pair, so an answer always belongs to what is shown),
 * asked for after a short pause in the typing; until it arrives, the whole tree filtered here.
 * Without a query, the whole tree. Null while there is nothing to show yet.
 */
export function useDestinationMatches(opts: {
  tree: DestinationTree | null;
  persons: number;
  query: string;
  active: boolean;
}): CountryNode[] | null {
  const { tree, persons, active } = opts;
  const q = opts.query.trim();
  const fetcher = useFetcher<Answer>({ key: `destinations?q=${q}&persons=${persons}` });
  const { load } = fetcher;
  const unasked = active && q !== "" && fetcher.state === "idle" && fetcher.data === undefined;
  useEffect(() => {
    if (!unasked) return;
    const timer = setTimeout(
      () => load(`${DESTINATIONS_API_PATH}?q=${encodeURIComponent(q)}&persons=${persons}`),
      DESTINATION_QUERY_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [unasked, q, persons, load]);
  const filtered = useMemo(() => (tree && q ? filterTree(tree.countries, q) : null), [tree, q]);
  if (!q) return tree?.countries ?? null;
  return treeOf(fetcher.data)?.countries ?? filtered;
}
