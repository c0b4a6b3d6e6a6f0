import { and, eq, gt, lt } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Db } from "../../../db/client";
import { pendingSignUps, users } from "../../../db/schema";
import { CONFIRM_SIGN_UP_PATH, LOGIN_PATH, SIGN_UP_LINK_HOURS } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { accountExistsMail, ACCOUNT_MAIL_FROM, confirmationMail } from "~/services/accounts/mails.server";
import type { Mailer } from "~/services/mail/transport.server";
import { tokenHash } from "~/services/accounts/account-tokens.server";
import { credentials, readNewPassword } from "~/services/accounts/credentials.server";
import { hashPassword } from "~/services/accounts/password.server";
import type { SessionUser } from "~/services/accounts/session.server";
import { signUpThrottle } from "~/services/accounts/throttle.server";

// Sign-up with e-mail confirmation. The form asks only for the e-mail and always answers "check
// your e-mail": a new e-mail gets a confirmation link, an e-mail that already has an account gets a
// log-in link instead. So the form never tells whether an e-mail has an account, and both branches
// cost the same (one e-mail). The password is chosen on the page the link opens, and the account
// is created then: nobody can take an e-mail they cannot read, nor plant a password of their own
// on someone else's e-mail for its owner to confirm. Sign-ups are throttled per e-mail and per
// address, since each one sends an e-mail.

export interface SignUpRequest {
  /** The client's address, for the per-address throttle. */
  ip?: string;
  /** Where the new user goes after confirming (already checked to be a same-site path). */
  redirectTo: string;
  now?: Date;
}

export type SignUpOutcome = { ok: true; email: string } | { ok: false; status: 400 | 429 | 503; error: string };

const emailField = credentials.shape.email;

export async function requestSignUp(db: Db, mailer: Mailer, form: FormData, ctx: SignUpRequest): Promise<SignUpOutcome> {
  const now = ctx.now ?? new Date();
  const parsed = emailField.safeParse(form.get("email"));
  if (!parsed.success) return { ok: false, status: 400, error: texts.account.invalidEmail };
  const email = parsed.data;
  if (!signUpThrottle.attempt(db, { email, ip: ctx.ip }, now)) return { ok: false, status: 429, error: texts.account.signUpThrottled };

  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  let pendingToken: string | undefined;
  if (!existing) {
    pendingToken = randomBytes(32).toString("base64url");
    db.transaction((tx) => {
      tx.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now)).run();
      tx.insert(pendingSignUps)
        .values({
          tokenHash: tokenHash(pendingToken!),
          email,
          redirectTo: ctx.redirectTo,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SIGN_UP_LINK_HOURS * 3_600_000),
        })
        .run();
    });
  }
  const from = mailer.from(ACCOUNT_MAIL_FROM);
  const mail = pendingToken
    ? confirmationMail(email, `${mailer.publicUrl}${CONFIRM_SIGN_UP_PATH}/${pendingToken}`, SIGN_UP_LINK_HOURS, from)
    : accountExistsMail(email, `${mailer.publicUrl}${LOGIN_PATH}`, from);
  try {
    await mailer.transport.sendMail(mail);
  } catch {
    // A link nobody received must not stay usable.
    if (pendingToken)
      db.delete(pendingSignUps)
        .where(eq(pendingSignUps.tokenHash, tokenHash(pendingToken)))
        .run();
    return { ok: false, status: 503, error: texts.account.mailFailed };
  }
  return { ok: true, email };
}

/** The e-mail a confirmation link is for, while the link is unused and unexpired. */
export function pendingSignUpEmail(db: Db, token: string, now = new Date()): string | null {
  const row = db
    .select({ email: pendingSignUps.email })
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.tokenHash, tokenHash(token)), gt(pendingSignUps.expiresAt, now)))
    .get();
  return row?.email ?? null;
}

export type ConfirmOutcome =
  | { ok: true; user: SessionUser; redirectTo: string }
  | { ok: false; reason: "invalid" | "exists" }
  | { ok: false; reason: "password"; error: string };

/**
 * Uses a confirmation link with the password chosen on its page (`password`, `passwordRepeat`):
 * creates the account with it. Every link for that e-mail is spent.
 */
export async function confirmSignUp(db: Db, token: string, form: FormData, now = new Date()): Promise<ConfirmOutcome> {
  const chosen = readNewPassword(form);
  if (!chosen.ok) return { ok: false, reason: "password", error: chosen.error };
  if (!pendingSignUpEmail(db, token, now)) return { ok: false, reason: "invalid" };
  const passwordHash = await hashPassword(chosen.password);
  return db.transaction((tx): ConfirmOutcome => {
    const row = tx
      .select()
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.tokenHash, tokenHash(token)), gt(pendingSignUps.expiresAt, now)))
      .get();
    if (!row) return { ok: false, reason: "invalid" };
    tx.delete(pendingSignUps).where(eq(pendingSignUps.email, row.email)).run();
    const user = tx
      .insert(users)
      .values({ email: row.email, passwordHash, createdAt: now, emailConfirmedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email })
      .get();
    if (!user) return { ok: false, reason: "exists" };
    return { ok: true, user, redirectTo: row.redirectTo };
  });
}
