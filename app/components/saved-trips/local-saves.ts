import { useMemo } from "react";
import { LOCAL_SAVED_TRIPS_KEY, TRIP_ID_PATTERN } from "~/domain/constants";
import { useStorageItem, writeStorage } from "../ui/browser-storage";

// An anonymous visitor's saved trips, kept in this browser until they log in.

const MAX_LOCAL_SAVES = 200;

function parse(raw: string | null | undefined): string[] {
  try {
    const ids = JSON.parse(raw ?? "[]") as unknown;
    return Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === "string" && TRIP_ID_PATTERN.test(id)).slice(0, MAX_LOCAL_SAVES)
      : [];
  } catch {
    return [];
  }
}

/** The trip ids saved in this browser (none on the server). */
export function useLocalSaves(): string[] {
  const raw = useStorageItem(LOCAL_SAVED_TRIPS_KEY);
  return useMemo(() => parse(raw), [raw]);
}

export function writeLocalSaves(ids: string[]): void {
  writeStorage(LOCAL_SAVED_TRIPS_KEY, ids.length ? JSON.stringify([...new Set(ids)]) : null);
}
