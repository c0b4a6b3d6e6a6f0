import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { PlaceNames } from "~/domain/search-names";

// The names of the destinations a search bar may show: those of the page's search (from its
// loader) and those the visitor picks in the destination picker (from its tree), so the bar says
// "Val Thorens + 2" for a draft as well as for the search the page shows.

interface PlaceNamesValue {
  names: PlaceNames;
  /** Adds names the picker knows. */
  learn: (names: PlaceNames) => void;
}

const PlaceNamesContext = createContext<PlaceNamesValue>({ names: {}, learn: () => {} });

export function PlaceNamesProvider({ initial, children }: { initial: PlaceNames; children: ReactNode }) {
  const [learned, setLearned] = useState<PlaceNames>({});
  const learn = useCallback(
    (next: PlaceNames) =>
      setLearned((prev) => (Object.entries(next).every(([slug, name]) => prev[slug] === name) ? prev : { ...prev, ...next })),
    [],
  );
  const value = useMemo(() => ({ names: { ...learned, ...initial }, learn }), [initial, learned, learn]);
  return <PlaceNamesContext.Provider value={value}>{children}</PlaceNamesContext.Provider>;
}

export const usePlaceNames = () => useContext(PlaceNamesContext);
