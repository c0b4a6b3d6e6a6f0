import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "../../db/client";
import { EmbeddedEngine } from "../../app/search/embedded/engine";
import type { SearchEngine } from "../../app/search/types";
import { readConfig } from "../../app/utils/config.server";
import { contextFor } from "../../server/app-context";

export const TEST_ORIGIN = "http://pistepris.test";

/**
 * The app context the server would hand the routes (server/app-context.ts), over a test's own
 * store: the embedded engine on it (unless one is given), sessions, and a mailer for SMTP_URL
 * when given (else the outbox in OUTBOX_DIR). Pass it as `context` to a loader or action.
 */
export function testContext(
  db: Db,
  opts: { env?: Record<string, string>; engine?: SearchEngine; clientAddress?: string } = {},
): AppLoadContext {
  const config = readConfig({ COOKIE_SECURE: "false", PUBLIC_URL: TEST_ORIGIN, ...opts.env });
  const shared = contextFor(db, config, opts.engine ?? new EmbeddedEngine(db), config.publicUrl ?? TEST_ORIGIN);
  // No response goes out here: work for after it runs once the route's call has returned.
  const afterResponse = (task: () => void) => void setImmediate(task);
  return { ...shared, clientAddress: opts.clientAddress ?? "192.0.2.1", cspNonce: "", documentRequest: false, afterResponse };
}
