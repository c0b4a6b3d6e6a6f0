import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True once the page runs with JavaScript: false on the server and while hydrating, true from the
 * render right after hydration on (and at once for components mounted later).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
