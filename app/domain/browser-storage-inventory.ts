import { GUEST_SAVES_COOKIE, SAVE_TRIP_HINT_KEY, SCROLL_POSITIONS_KEY, SESSION_COOKIE } from "./constants";

// Every cookie and storage key the site sets in a visitor's browser, as the privacy page lists
// them (/privatliv). All are strictly necessary for what the visitor chose to do, so no consent is
// asked; a browser test (tests/e2e/privacy.test.ts) drives the real pages and fails on any cookie
// or key that is not here.

export type StorageKind = "cookie" | "localStorage" | "sessionStorage";

export const BROWSER_STORAGE = [
  { name: SESSION_COOKIE, kind: "cookie", text: "session" },
  { name: GUEST_SAVES_COOKIE, kind: "cookie", text: "guestSaves" },
  { name: SAVE_TRIP_HINT_KEY, kind: "localStorage", text: "hint" },
  { name: SCROLL_POSITIONS_KEY, kind: "sessionStorage", text: "scroll" },
] as const satisfies ReadonlyArray<{ name: string; kind: StorageKind; text: string }>;
