import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pendingSignUps, users } from "../../../db/schema";
import { CONFIRM_EMAIL_PATH, EMAIL_LINK_HOURS } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { dropToken, issueToken, liveToken, newToken, spendTokens } from "~/services/accounts/account-tokens.server";
import { credentials, readNewPassword } from "~/services/accounts/credentials.server";
import { ACCOUNT_MAIL_FROM, emailChangedMail, emailChangeMail } from "~/services/accounts/mails.server";
import { hashPassword, verifyPassword } from "~/services/accounts/password.server";
import { endAllSessions, type SessionUser } from "~/services/accounts/session.server";
import { accountChangeThrottle, loginThrottle } from "~/services/accounts/throttle.server";
import type { Mailer } from "~/services/mail/transport.server";
import { replaceInLog } from "~/services/audit/audit.server";

// The account page's changes (/konto): a new e-mail (it takes effect when the link e-mailed to it
// is used, and the old address is told), a new password (the current one required; every other
// session ends). The current password is checked like a log-in: a wrong one counts against the
// log-in throttle, so the page is no way around it.

/** When the account was created (the account page's first line). */
export function accountCreatedAt(db: Db, userId: number): Date | undefined {
  return db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get()?.createdAt;
}

export type Refusal = { ok: false; status: 400 | 401 | 409 | 429 | 503; error: string };

/** The account's current password from the form's `currentPassword`, checked (and throttled) like a log-in. */
export async function checkCurrentPassword(db: Db, user: SessionUser, form: FormData, ip: string): Promise<Refusal | null> {
  const password = credentials.shape.password.safeParse(form.get("currentPassword"));
  if (!password.success) return { ok: false, status: 400, error: texts.accountPage.wrongPassword };
  const keys = { email: user.email, ip };
  const attempt = loginThrottle.attempt(db, keys);
  if (!attempt) return { ok: false, status: 429, error: texts.account.throttled };
  const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!row || !(await verifyPassword(password.data, row.hash))) return { ok: false, status: 401, error: texts.accountPage.wrongPassword };
  loginThrottle.forgive(db, attempt);
  return null;
}

export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  user: SessionUser,
  form: FormData,
  ctx: { ip: string; now?: Date },
): Promise<{ ok: true; email: string } | Refusal> {
  const now = ctx.now ?? new Date();
  const parsed = credentials.shape.email.safeParse(form.get("newEmail"));
  if (!parsed.success) return { ok: false, status: 400, error: texts.account.invalidEmail };
  const newEmail = parsed.data;
  if (newEmail === user.email) return { ok: false, status: 400, error: texts.accountPage.emailSame };
  const refused = await checkCurrentPassword(db, user, form, ctx.ip);
  if (refused) return refused;
  if (!accountChangeThrottle.attempt(db, { email: user.email, ip: ctx.ip }, now))
    return { ok: false, status: 429, error: texts.accountPage.emailThrottled };
  // Whether another account has the address is told only to whoever can read it (the link then says so).
  const token = newToken();
  db.transaction((tx) =>
    issueToken(tx, token, { userId: user.id, purpose: "email", newEmail, now, validMs: EMAIL_LINK_HOURS * 3_600_000 }),
  );
  try {
    const url = `${mailer.publicUrl}${CONFIRM_EMAIL_PATH}/${token}`;
    await mailer.transport.sendMail(emailChangeMail(newEmail, url, EMAIL_LINK_HOURS, mailer.from(ACCOUNT_MAIL_FROM)));
  } catch {
    dropToken(db, token);
    return { ok: false, status: 503, error: texts.account.mailFailed };
  }
  return { ok: true, email: newEmail };
}

/** The change a link for a new e-mail would make, while it works. */
export function pendingEmailChange(db: Db, token: string, now = new Date()): { from: string; to: string } | null {
  const row = liveToken(db, token, "email", now);
  if (!row?.newEmail) return null;
  const from = db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get()?.email;
  return from ? { from, to: row.newEmail } : null;
}

/**
 * Uses a link for a new e-mail: the account takes the address (unless another account has it by
 * now), its e-mail links are spent, and the old address is told, naming `contact` for a change
 * its owner did not make.
 */
export async function confirmEmailChange(
  db: Db,
  mailer: Mailer,
  token: string,
  contact: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; reason: "invalid" | "taken" }> {
  const changed = db.transaction((tx) => {
    const row = liveToken(tx, token, "email", now);
    const old = row && tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
    if (!row?.newEmail || !old) return { ok: false as const, reason: "invalid" as const };
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, row.newEmail)).get())
      return { ok: false as const, reason: "taken" as const };
    tx.update(users).set({ email: row.newEmail, emailConfirmedAt: now }).where(eq(users.id, row.userId)).run();
    // The operators' log names accounts by their address as it is now (and so can forget it with the account).
    replaceInLog(tx, old.email, row.newEmail);
    spendTokens(tx, row.userId, "email");
    // A sign-up waiting for the address can no longer become an account.
    tx.delete(pendingSignUps).where(eq(pendingSignUps.email, row.newEmail)).run();
    return { ok: true as const, email: row.newEmail, old: old.email };
  });
  if (!changed.ok) return changed;
  try {
    await mailer.transport.sendMail(emailChangedMail(changed.old, changed.email, contact, mailer.from(ACCOUNT_MAIL_FROM)));
  } catch (error) {
    // The change stands (the new address proved itself); the notice is what is missing.
    console.error(
      `Fejl: besked om ny e-mail til den gamle adresse kunne ikke sendes: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { ok: true, email: changed.email };
}

/**
 * A new password from the account page: the current one is required, the new one follows the
 * sign-up's rules; every other session of the account ends (`sessionId`, the request's, stays)
 * and unused links for a new password are spent.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  form: FormData,
  ctx: { ip: string; sessionId: string | undefined },
): Promise<{ ok: true } | Refusal> {
  const chosen = readNewPassword(form);
  if (!chosen.ok) return { ok: false, status: 400, error: chosen.error };
  const refused = await checkCurrentPassword(db, user, form, ctx.ip);
  if (refused) return refused;
  const passwordHash = await hashPassword(chosen.password);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    spendTokens(tx, user.id, "password");
    endAllSessions(tx, user.id, ctx.sessionId);
  });
  return { ok: true };
}
