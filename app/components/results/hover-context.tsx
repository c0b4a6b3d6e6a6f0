import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

// The hovered accommodation id, shared by the result cards and the map: hovering a card sets it,
// leaving clears it (docs/screens.md "Results page").

interface HoverValue {
  hoveredAccommodationId: string | null;
  setHoveredAccommodationId: (id: string | null) => void;
}

const HoverContext = createContext<HoverValue>({ hoveredAccommodationId: null, setHoveredAccommodationId: () => {} });

export function HoveredAccommodationProvider({ children }: { children: ReactNode }) {
  const [hoveredAccommodationId, setHoveredAccommodationId] = useState<string | null>(null);
  const value = useMemo(() => ({ hoveredAccommodationId, setHoveredAccommodationId }), [hoveredAccommodationId]);
  return <HoverContext.Provider value={value}>{children}</HoverContext.Provider>;
}

export function useHoveredAccommodation(): HoverValue {
  return useContext(HoverContext);
}
