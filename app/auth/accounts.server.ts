import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { texts } from "~/domain/texts";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { credentials } from "./credentials";
import { dummyHash, verifyPassword } from "./password.server";
import type { SessionUser } from "./session.server";
import { pendingPasswordHash } from "./sign-up.server";
import { loginThrottle } from "./throttle.server";

// Log-in with e-mail and password (remix-auth's form strategy). A wrong password and an unknown
// e-mail get the same message and take as long (a dummy hash is checked). Only someone who gives
// the right password of a sign-up that is not confirmed yet learns that it waits for confirmation.

/** Thrown by the strategy: the Danish message to show and its status (429 for the throttle). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 429,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = credentials.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(texts.account.wrongCredentials, 400);
    const { email, password } = parsed.data;
    const keys = { email, ip: clientAddress(request) };
    if (loginThrottle.isThrottled(keys)) throw new LoginError(texts.account.throttled, 429);
    const user = getDb().select().from(users).where(eq(users.email, email)).get();
    const pending = user ? null : pendingPasswordHash(email);
    const ok = await verifyPassword(password, user?.passwordHash ?? pending ?? (await dummyHash()));
    if (!user || !ok) {
      loginThrottle.record(keys);
      if (pending && ok) throw new LoginError(texts.account.notConfirmed, 403);
      throw new LoginError(texts.account.wrongCredentials, 401);
    }
    loginThrottle.clear(keys);
    return { id: user.id, email: user.email };
  }),
  "form",
);

/** The client's address, as the server entry passes it in a header it sets itself (server.ts). */
export function clientAddress(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}
