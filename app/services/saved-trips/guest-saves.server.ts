import { createCookie, type Cookie } from "@remix-run/node";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../../db/client";
import { GUEST_SAVES_COOKIE, GUEST_SAVES_DAYS } from "~/domain/constants";
import { removeAllSavedTrips, saveTrips, savedTripIds, type SavedTripsOwner } from "./saved-trips.server";

// A guest's saved trips: a visitor who is not logged in saves trips on the server, under a random
// id in the cookie `__pistepris_gemte` (HttpOnly, SameSite=Lax, signed like the session's), so the
// list works without JavaScript and on /gemte-rejser. Only the id's digest is stored. Logging in
// or signing up carries the list to the account and clears the cookie. The retention run deletes a
// guest's trip GUEST_SAVES_DAYS after it was saved (the privacy page says so).

const ID = /^[A-Za-z0-9_-]{32}$/;

export function createGuestCookie(opts: { secret: string; secure: boolean }): Cookie {
  return createCookie(GUEST_SAVES_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    path: "/",
    maxAge: GUEST_SAVES_DAYS * 24 * 60 * 60,
    secrets: [opts.secret],
  });
}

/** What the guest functions need of the app context. */
export interface GuestContext {
  db: Db;
  guestCookie: Cookie;
}

const ownerOf = (id: string): SavedTripsOwner => ({ guestIdHash: createHash("sha256").update(id).digest("base64url") });

/** The request's guest id, when its cookie carries a valid (signed) one. */
async function guestIdOf(request: Request, { guestCookie }: Pick<GuestContext, "guestCookie">): Promise<string | undefined> {
  const value: unknown = await guestCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && ID.test(value) ? value : undefined;
}

/** The guest's list, if the request has one. */
export async function guestOwner(request: Request, context: Pick<GuestContext, "guestCookie">): Promise<SavedTripsOwner | undefined> {
  const id = await guestIdOf(request, context);
  return id ? ownerOf(id) : undefined;
}

/**
 * The guest's list for a save: theirs, or a new one. The Set-Cookie keeps the cookie
 * GUEST_SAVES_DAYS from now, as long as the save it comes with.
 */
export async function guestOwnerForSave(request: Request, context: Pick<GuestContext, "guestCookie">) {
  const id = (await guestIdOf(request, context)) ?? randomBytes(24).toString("base64url");
  return { owner: ownerOf(id), setCookie: await context.guestCookie.serialize(id) };
}

/**
 * At log-in or sign-up: the guest's saved trips move to the account (as many as its limit allows)
 * and the guest's list is deleted. Returns the Set-Cookie that clears the cookie, or nothing when
 * the request had no guest list.
 */
export async function carryGuestSaves(request: Request, context: GuestContext, userId: number): Promise<string | undefined> {
  const guest = await guestOwner(request, context);
  if (!guest) return undefined;
  const { db } = context;
  db.transaction(() => {
    saveTrips(db, { userId }, savedTripIds(db, guest));
    removeAllSavedTrips(db, guest);
  });
  return context.guestCookie.serialize("", { maxAge: 0 });
}
