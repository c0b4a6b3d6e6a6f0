import { LOCAL_SAVED_TRIPS_KEY, TRIP_ID_PATTERN } from "~/domain/constants";

// An anonymous visitor's saved trips, kept in this browser until they log in.

export function readLocalSaves(): string[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(LOCAL_SAVED_TRIPS_KEY) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === "string" && TRIP_ID_PATTERN.test(id)).slice(0, 200) : [];
  } catch {
    return [];
  }
}

export function writeLocalSaves(ids: string[]): void {
  try {
    if (ids.length) window.localStorage.setItem(LOCAL_SAVED_TRIPS_KEY, JSON.stringify([...new Set(ids)]));
    else window.localStorage.removeItem(LOCAL_SAVED_TRIPS_KEY);
  } catch {
    // storage unavailable
  }
}
