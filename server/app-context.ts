import type { AppLoadContext, Cookie } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Db } from "../db/client";
import { StoreFile } from "../db/store-file";
import { createEngine } from "../app/search/engine.server";
import type { SearchEngine } from "../app/search/types";
import { cookieSecret, createSessions, type Sessions } from "../app/services/accounts/session.server";
import { createGuestCookie } from "../app/services/saved-trips/guest-saves.server";
import { createMailer, type Mailer } from "../app/services/mail/transport.server";
import { createVisitors, type Visitors } from "../app/services/visitors/visitors.server";
import type { Config } from "../app/utils/config.server";
import { seedIfEmpty } from "../cli/seed";

// The app context: everything a loader or action needs besides its request, built once when the
// server starts and handed to Remix through getLoadContext. The Remix build reads these objects
// only through their interfaces, so the server entry and the build never share module state.

export interface AppContext {
  config: Config;
  db: Db;
  /** Whether the store can take writes now (the file at DATABASE_URL, writable): db/store-file.ts. */
  store: StoreFile;
  engine: SearchEngine;
  sessions: Sessions;
  /** The cookie that names a guest's saved trips (app/services/saved-trips/guest-saves.server.ts). */
  guestCookie: Cookie;
  mailer: Mailer;
  /** Who a counted view or click came from (salted hashes, the salt replaced daily). */
  visitors: Visitors;
  /** The site's public address (PUBLIC_URL, else where the server listens): every absolute link, never the request's Host. */
  publicUrl: string;
  /** The address of the client that sent the request (its socket's), for the throttles. */
  clientAddress: string;
  /** This response's Content-Security-Policy nonce (server/security-headers.ts), for the page's inline scripts. */
  cspNonce: string;
  /** A request for a whole page, not a client navigation's data: its loaders return the parts the browser keeps as markup only (app/domain/markup-only.ts). */
  documentRequest: boolean;
  /** Runs `task` once the response has gone out: work whose time must not show in the answer's (an e-mail to a known address only). */
  afterResponse(task: () => void): void;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

export type SharedContext = Omit<AppContext, "clientAddress" | "cspNonce" | "documentRequest" | "afterResponse">;

/**
 * Loads the demo data into an empty store (not into one that cannot take writes: the server then
 * starts without it) and builds the engine, sessions and mailer.
 */
export async function createAppContext(
  db: Db,
  store: StoreFile,
  config: Config,
  publicUrl: string,
  say?: (line: string) => void,
): Promise<SharedContext> {
  // The demo's photos are served by this app (/demo-billeder), at its public address.
  if (!store.problem()) await seedIfEmpty(db, config.demoTrips, publicUrl, say);
  return contextFor(db, config, await createEngine(db, config), publicUrl, store);
}

/** The context over an open store and engine (the tests build theirs with it too). */
export function contextFor(
  db: Db,
  config: Config,
  engine: SearchEngine,
  publicUrl: string,
  store: StoreFile = new StoreFile(db.$client),
): SharedContext {
  const cookies = { secret: cookieSecret(db, config.sessionSecret), secure: config.cookieSecure };
  return {
    config,
    db,
    store,
    engine,
    sessions: createSessions(db, cookies),
    guestCookie: createGuestCookie(cookies),
    mailer: createMailer(config.mail, publicUrl),
    visitors: createVisitors(),
    publicUrl,
  };
}

/**
 * Remix's getLoadContext: the shared context plus the request's client address, the response's CSP
 * nonce, whether it asks for a document (not a client navigation's `.data`), and a way to run
 * work after the response.
 */
export function loadContextFor(shared: SharedContext) {
  return (req: ExpressRequest, res: ExpressResponse): AppLoadContext => ({
    ...shared,
    clientAddress: req.socket.remoteAddress ?? "",
    cspNonce: String(res.locals.cspNonce ?? ""),
    documentRequest: !req.path.endsWith(".data"),
    // 'close' comes when the response is sent, and also when the client went away before.
    afterResponse: (task) => void res.once("close", task),
  });
}
