import { createCookie, createSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { and, eq, gt, lt } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { getDb, type Db } from "../../db/client";
import { meta, sessions, users } from "../../db/schema";
import { safeRedirect } from "./security.server";

// Sessions: the cookie `__pistepris` (HttpOnly, SameSite=Lax, signed with SESSION_SECRET or a
// secret generated once into the meta table) carries a random session id; the `sessions` row is
// what makes it valid. Logging out deletes the row, so a copied cookie stops working too. Secure
// in production unless COOKIE_SECURE=false (the e2e harness serves production over plain http).
// A log-in always creates a new session (new id), so a session planted before the log-in is
// never the logged-in one (no fixation).

export const SESSION_COOKIE = "__pistepris";
const SESSION_MAX_AGE_S = 60 * 60 * 24 * 30;
const SECRET_KEY = "session_secret";

export interface SessionUser {
  id: number;
  email: string;
}

interface SessionData {
  userId: number;
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
  db.insert(meta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
    .run();
  return db.select().from(meta).where(eq(meta.key, SECRET_KEY)).get()!.value;
}

/** Only a digest of the id is stored, so the table alone cannot be used to forge a cookie. */
const sessionIdHash = (id: string) => createHash("sha256").update(id).digest("base64url");

/** The session store over the `sessions` table. */
function databaseSessionStorage(db: Db, secret: string): SessionStorage<SessionData> {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: [secret],
  });
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      if (typeof data.userId !== "number") throw new Error("a session is only stored for a logged-in user");
      const id = randomBytes(24).toString("base64url");
      const at = new Date();
      db.transaction((tx) => {
        // Expired sessions are dropped as new ones are made, which keeps the table small.
        tx.delete(sessions).where(lt(sessions.expiresAt, at)).run();
        tx.insert(sessions)
          .values({
            idHash: sessionIdHash(id),
            userId: data.userId!,
            createdAt: at,
            expiresAt: expires ?? new Date(at.getTime() + SESSION_MAX_AGE_S * 1000),
          })
          .run();
      });
      return id;
    },
    async readData(id) {
      const row = db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.idHash, sessionIdHash(id)), gt(sessions.expiresAt, new Date())))
        .get();
      return row ? { userId: row.userId } : null;
    },
    async updateData(id, data, expires) {
      // The user of a session never changes (a new log-in makes a new session); only the expiry can.
      if (expires)
        db.update(sessions)
          .set({ expiresAt: expires })
          .where(eq(sessions.idHash, sessionIdHash(id)))
          .run();
    },
    async deleteData(id) {
      db.delete(sessions)
        .where(eq(sessions.idHash, sessionIdHash(id)))
        .run();
    },
  });
}

const GLOBAL_KEY = Symbol.for("pistepris.sessionStorage");

export function sessionStorage(): SessionStorage<SessionData> {
  const g = globalThis as unknown as Record<symbol, SessionStorage<SessionData> | undefined>;
  return (g[GLOBAL_KEY] ??= databaseSessionStorage(getDb(), sessionSecret()));
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
  return storage.commitSession(session);
}

/** Ends the request's session (its row is deleted) and returns the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const storage = sessionStorage();
  return storage.destroySession(await storage.getSession(request.headers.get("cookie")));
}
