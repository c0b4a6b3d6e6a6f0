import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { DESTINATIONS_PATH, RESULTS_PATH } from "~/domain/constants";
import { loadOnce } from "../ui/page-parts";

// The code of a result card's parts (card-parts.tsx), which the browser loads only once it renders
// cards itself (ResultCard), and which a navigation to a page of cards starts loading. Apart from
// the card, so that the root (which starts it) does not carry the card's code.

/** Loads the parts' code; after a failure the next call tries again. */
export const loadCardParts = loadOnce(() => import("./card-parts").then((m) => m.cardParts));

/**
 * Starts loading the parts' code as a navigation to a page of cards (results, destination) starts,
 * so that it comes with the data rather than after it. A component of its own, so that the
 * navigation's changes re-render it alone.
 */
export function PreloadCardParts(): null {
  const path = useNavigation().location?.pathname;
  const toCards = path !== undefined && (path === RESULTS_PATH || path === DESTINATIONS_PATH || path.startsWith(`${DESTINATIONS_PATH}/`));
  useEffect(() => {
    if (toCards) loadCardParts().catch(() => undefined);
  }, [toCards]);
  return null;
}
