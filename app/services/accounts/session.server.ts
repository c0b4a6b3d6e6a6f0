import { createCookie, createSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../../db/client";
import { storeFailureKind } from "../../../db/store-file";
import { meta, sessions, users } from "../../../db/schema";
import { safeRedirect } from "~/utils/request.server";
import { NO_STORE } from "~/utils/responses.server";
import { carryGuestSaves, type GuestContext } from "~/services/saved-trips/guest-saves.server";
import { LOGIN_PATH, SESSION_COOKIE, SESSION_DAYS } from "~/domain/constants";

// Sessions: the cookie `__pistepris` (HttpOnly, SameSite=Lax, signed with SESSION_SECRET or a
// secret generated once into the meta table) carries a random session id; the `sessions` row is
// what makes it valid. Logging out deletes the row, so a copied cookie stops working too. Secure
// in production unless COOKIE_SECURE=false (the browser tests serve production over plain http).
// A log-in always creates a new session (new id), so a session planted before the log-in is
// never the logged-in one (no fixation).

const SESSION_MAX_AGE_S = 60 * 60 * 24 * SESSION_DAYS;
const SECRET_KEY = "session_secret";

export interface SessionUser {
  id: number;
  email: string;
}

interface SessionData {
  userId: number;
}

export type Sessions = SessionStorage<SessionData>;

/** What the session functions need of the app context. */
export interface SessionContext {
  db: Db;
  sessions: Sessions;
}

/**
 * The secret that signs the site's cookies: SESSION_SECRET, else one generated once into `meta`. A
 * store that cannot take the write (read-only: the server still starts) gets one for this process
 * only; it can store no session anyway.
 */
export function cookieSecret(db: Db, configured: string | undefined): string {
  return configured ?? storedSecret(db);
}

function storedSecret(db: Db): string {
  const stored = db.select().from(meta).where(eq(meta.key, SECRET_KEY)).get();
  if (stored) return stored.value;
  const secret = randomBytes(32).toString("base64url");
  try {
    db.insert(meta).values({ key: SECRET_KEY, value: secret }).onConflictDoNothing().run();
  } catch (error) {
    if (storeFailureKind(error)) return secret;
    throw error;
  }
  return db.select().from(meta).where(eq(meta.key, SECRET_KEY)).get()!.value;
}

/** Only a digest of the id is stored, so the table alone cannot be used to forge a cookie. */
const sessionIdHash = (id: string) => createHash("sha256").update(id).digest("base64url");

/** The session store over the `sessions` table; the cookie is signed with `secret` (cookieSecret). */
export function createSessions(db: Db, opts: { secret: string; secure: boolean }): Sessions {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: [opts.secret],
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

export async function getUser(request: Request, { db, sessions }: SessionContext): Promise<SessionUser | null> {
  const session = await sessions.getSession(request.headers.get("cookie"));
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  const user = db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return user ?? null;
}

/** The logged-in user, or a redirect to the log-in page that comes back to this page. */
export async function requireUser(request: Request, context: SessionContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname.replace(/\.data$/, "") + url.search));
  }
  return user;
}

export function loginHref(redirectTo?: string): string {
  const to = safeRedirect(redirectTo, "");
  return to ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: to })}` : LOGIN_PATH;
}

/**
 * The headers of the answer that logs the user in: a brand-new session (new id, nothing of an
 * earlier one carried over: no fixation), the trips they saved as a guest moved to the account
 * (its cookie cleared), and no caching.
 */
export async function logInHeaders(request: Request, userId: number, context: SessionContext & GuestContext): Promise<Headers> {
  const session = await context.sessions.getSession();
  session.set("userId", userId);
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", await context.sessions.commitSession(session));
  const carried = await carryGuestSaves(request, context, userId);
  if (carried) headers.append("Set-Cookie", carried);
  return headers;
}

/** Ends the request's session (its row is deleted) and returns the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request, { sessions }: Pick<SessionContext, "sessions">): Promise<string> {
  return sessions.destroySession(await sessions.getSession(request.headers.get("cookie")));
}

/**
 * Ends every session of the user on every device (their rows are deleted, so every copy of their
 * cookies stops working), except `keep` (a session id: the request's own) when given.
 */
export function endAllSessions(db: Pick<Db, "delete">, userId: number, keep?: string): void {
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.idHash, sessionIdHash(keep)) : undefined))
    .run();
}

/** The id of the request's session (its cookie's), if it has one. */
export async function sessionIdOf(request: Request, { sessions }: Pick<SessionContext, "sessions">): Promise<string | undefined> {
  return (await sessions.getSession(request.headers.get("cookie"))).id || undefined;
}
