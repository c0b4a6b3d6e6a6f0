import { useEffect, useMemo, useState } from "react";
import { filterTree, type CountryNode, type DestinationTree } from "~/domain/destination-tree";

// The destination picker's data on the client: the whole tree for the party size (from the
// page's loader or fetched once), and as you type the server's answer from /api/destinations
// (until it arrives, the whole tree filtered locally, so typing never waits for the network).

export interface DestinationsView {
  tree: DestinationTree | null;
  countries: CountryNode[] | null;
  loading: boolean;
}

const DEBOUNCE_MS = 120;

export function useDestinations(opts: {
  initial?: { persons: number; tree: DestinationTree };
  persons: number;
  query: string;
  enabled: boolean;
}): DestinationsView {
  const { initial, persons, query, enabled } = opts;
  const [full, setFull] = useState<{ persons: number; tree: DestinationTree } | null>(initial ?? null);
  const [answer, setAnswer] = useState<{ key: string; countries: CountryNode[] } | null>(null);
  const q = query.trim();

  useEffect(() => {
    if (!enabled || (full && full.persons === persons)) return;
    const ctrl = new AbortController();
    fetch(`/api/destinations?persons=${persons}`, { signal: ctrl.signal })
      .then((r) => (r.ok ? (r.json() as Promise<DestinationTree>) : null))
      .then((tree) => tree && setFull({ persons, tree }))
      .catch(() => {});
    return () => ctrl.abort();
  }, [enabled, persons, full]);

  useEffect(() => {
    if (!enabled || !q) return;
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/destinations?q=${encodeURIComponent(q)}&persons=${persons}`, { signal: ctrl.signal })
        .then((r) => (r.ok ? (r.json() as Promise<DestinationTree>) : null))
        .then((tree) => tree && setAnswer({ key: `${persons}|${q}`, countries: tree.countries }))
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [enabled, q, persons]);

  const tree = full?.tree ?? null;
  const countries = useMemo(() => {
    if (!q) return tree?.countries ?? null;
    if (answer?.key === `${persons}|${q}`) return answer.countries;
    return tree ? filterTree(tree.countries, q) : null;
  }, [q, tree, answer, persons]);
  return { tree, countries, loading: enabled && countries === null };
}
