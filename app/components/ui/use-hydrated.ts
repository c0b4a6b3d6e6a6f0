import { startTransition, useEffect, useState } from "react";

// Whether this page has hydrated: a component mounted after that starts from true.
let pageHydrated = false;

/**
 * True once the page runs with JavaScript: false on the server and while hydrating, true from a
 * render soon after hydration on (and at once for components mounted later).
 *
 * That render is a transition, which React renders in slices of a few milliseconds: the results
 * page reads this at its top, so a change to true re-renders the whole page. With
 * `useSyncExternalStore` (server snapshot false, client snapshot true), React forces that render
 * synchronously (its SyncLane), one task as long as rendering the page: on a phone's CPU a
 * 100–170 ms task right after hydration, in which the page answers no tap (README "Performance").
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
    // Once, at mount: once true it stays true.
  }, []);
  return hydrated;
}
