import { useSyncExternalStore } from "react";

// This browser's localStorage as React state. Reading may throw (a partner's page that frames the
// widget from another site, a browser that refuses storage): then nothing is stored, quietly.
// Components read it with useStorageItem, so they update when it changes here or in another tab.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it) and tells every component that reads it. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable
  }
  for (const listener of listeners) listener();
}

/** The stored value; undefined on the server and while hydrating (nothing is known there yet). */
export function useStorageItem(key: string): string | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => undefined,
  );
}
