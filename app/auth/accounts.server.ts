import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { MIN_PASSWORD_LENGTH } from "~/domain/constants";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { dummyHash, hashPassword, verifyPassword } from "./password.server";
import type { SessionUser } from "./session.server";
import { clearFailures, isThrottled, recordFailure } from "./throttle.server";

// Accounts: sign-up and log-in with e-mail and password (remix-auth's form strategy). Errors
// never tell whether an e-mail has an account.

export { MIN_PASSWORD_LENGTH };

export const credentials = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email().max(254)),
  password: z.string().min(1).max(200),
});

/** Thrown by the strategy: the Danish message to show, and whether it was the throttle (429). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 429,
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
    const ip = clientAddress(request);
    if (isThrottled({ email, ip })) throw new LoginError(texts.account.throttled, 429);
    const user = getDb().select().from(users).where(eq(users.email, email)).get();
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !ok) {
      recordFailure({ email, ip });
      throw new LoginError(texts.account.wrongCredentials, 401);
    }
    clearFailures({ email, ip });
    return { id: user.id, email: user.email };
  }),
  "form",
);

/** The client's address, as the server entry passes it in a header it sets itself (server.ts). */
export function clientAddress(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}

export type SignUpResult = { ok: true; user: SessionUser } | { ok: false; error: string };

export async function signUp(form: FormData): Promise<SignUpResult> {
  const parsed = credentials.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { ok: false, error: texts.account.invalidSignUp(MIN_PASSWORD_LENGTH) };
  const { email, password } = parsed.data;
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, error: texts.account.invalidSignUp(MIN_PASSWORD_LENGTH) };
  if (password !== form.get("passwordRepeat")) return { ok: false, error: texts.account.passwordsDiffer };
  const passwordHash = await hashPassword(password);
  const row = getDb().insert(users).values({ email, passwordHash }).onConflictDoNothing().returning({ id: users.id, email: users.email }).get();
  if (!row) return { ok: false, error: texts.account.signUpFailed };
  return { ok: true, user: row };
}
