import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { getDb, type Db } from "../../db/client";
import { meta, users } from "../../db/schema";
import { safeRedirect } from "./security.server";

// Cookie sessions: `__pistepris`, HttpOnly, SameSite=Lax, signed with SESSION_SECRET (or a secret
// generated once and kept in the database's meta table, so restarts keep sessions). Secure in
// production unless COOKIE_SECURE=false (the e2e harness serves production over plain http).
// A log-in always starts a fresh session with a new random id, so a session planted before the
// log-in is never the logged-in one (no fixation).

export const SESSION_COOKIE = "__pistepris";
const SESSION_MAX_AGE = 60 * 60 * 24 * 30;
const SECRET_KEY = "session_secret";

export interface SessionUser {
  id: number;
  email: string;
}

interface SessionData {
  userId: number;
  sid: string;
}

export function cookieSecure(env = process.env): boolean {
  if (env.COOKIE_SECURE === "false" || env.COOKIE_SECURE === "0") return false;
  if (env.COOKIE_SECURE === "true" || env.COOKIE_SECURE === "1") return true;
  return env.NODE_ENV === "production";
}

/** SESSION_SECRET, else the generated secret stored in `meta` (created on first use). */
export function sessionSecret(db: Db = getDb(), env = process.env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const stored = db.select().from(meta).where(eq(meta.key, SECRET_KEY)).get();
  if (stored) return stored.value;
  db.insert(meta).values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") }).onConflictDoNothing().run();
  return db.select().from(meta).where(eq(meta.key, SECRET_KEY)).get()!.value;
}

const GLOBAL_KEY = Symbol.for("pistepris.sessionStorage");

export function sessionStorage(): SessionStorage<SessionData> {
  const g = globalThis as unknown as Record<symbol, SessionStorage<SessionData> | undefined>;
  return (g[GLOBAL_KEY] ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      secure: cookieSecure(),
      path: "/",
      maxAge: SESSION_MAX_AGE,
      secrets: [sessionSecret()],
    },
  }));
}

export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  const user = getDb().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return user ?? null;
}

/** The logged-in user, or a redirect to the log-in page that comes back to this page. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname.replace(/\.data$/, "") + url.search));
  }
  return user;
}

export function loginHref(redirectTo?: string): string {
  const to = safeRedirect(redirectTo, "");
  return to ? `/konto/log-ind?${new URLSearchParams({ redirectTo: to })}` : "/konto/log-ind";
}

/** A brand-new session for the user (new id, nothing carried over), as a Set-Cookie value. */
export async function startSession(userId: number): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("sid", randomBytes(18).toString("base64url"));
  return storage.commitSession(session);
}

export async function endSession(request: Request): Promise<string> {
  const storage = sessionStorage();
  return storage.destroySession(await storage.getSession(request.headers.get("cookie")));
}
