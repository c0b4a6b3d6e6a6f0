// The same-origin rule, shared by the server entry (server/same-origin.ts) and the actions (app/utils/request.server.ts).

/** Whether an Origin/Referer value names `host` (a missing or `null` source is not same-origin). */
export function sourceMatchesHost(source: string | null | undefined, host: string): boolean {
  if (!source || source === "null") return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}

export const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
