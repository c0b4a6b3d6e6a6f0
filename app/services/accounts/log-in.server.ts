import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { texts } from "~/domain/texts";
import { credentials } from "~/services/accounts/credentials.server";
import { dummyHash, verifyPassword } from "~/services/accounts/password.server";
import type { SessionUser } from "~/services/accounts/session.server";
import { loginThrottle } from "~/services/accounts/throttle.server";

// Log-in with e-mail and password (remix-auth's form strategy). A wrong password and an unknown
// e-mail (also one whose sign-up is not confirmed yet) get the same message and take as long (a
// dummy hash is checked).

/** Thrown by the strategy: the Danish message to show and its status (429 for the throttle). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 429,
  ) {
    super(message);
  }
}

/**
 * Authenticates the log-in form of `request` (remix-auth's form strategy); throws a LoginError.
 * `clientAddress` is the socket's address (from the app context), for the per-address throttle.
 */
export function logIn(request: Request, db: Db, clientAddress: string): Promise<SessionUser> {
  const authenticator = new Authenticator<SessionUser>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = credentials.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new LoginError(texts.account.wrongCredentials, 400);
      const { email, password } = parsed.data;
      const keys = { email, ip: clientAddress };
      // Counted before the password is checked (and taken back if it is right), so parallel guesses count too.
      const attempt = loginThrottle.attempt(db, keys);
      if (!attempt) throw new LoginError(texts.account.throttled, 429);
      const user = db.select().from(users).where(eq(users.email, email)).get();
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !ok) throw new LoginError(texts.account.wrongCredentials, 401);
      loginThrottle.clear(db, keys);
      loginThrottle.forgive(db, attempt);
      return { id: user.id, email: user.email };
    }),
    "form",
  );
  return authenticator.authenticate("form", request);
}
