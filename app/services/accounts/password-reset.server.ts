import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { PASSWORD_LINK_MINUTES, RESET_PASSWORD_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { dropToken, issueToken, liveToken, newToken, spendTokens } from "~/services/accounts/account-tokens.server";
import { credentials, readNewPassword } from "~/services/accounts/credentials.server";
import { ACCOUNT_MAIL_FROM, passwordResetMail } from "~/services/accounts/mails.server";
import { hashPassword } from "~/services/accounts/password.server";
import { endAllSessions, type SessionUser } from "~/services/accounts/session.server";
import { loginThrottle, passwordResetThrottle } from "~/services/accounts/throttle.server";
import type { Mailer } from "~/services/mail/transport.server";

// "Glemt adgangskode?": the form takes an e-mail and always gives the same answer, in words and in
// time, whether or not an account has it. A known e-mail gets a single-use link (token in
// account_tokens, valid PASSWORD_LINK_MINUTES, a newer one replacing it); the e-mail is sent once
// the answer has gone out (its SMTP round trip would tell the two cases apart by their time), and a
// link whose e-mail could not be sent is dropped. Requests are throttled per e-mail and per client address,
// before the e-mail is looked up, so the throttle answers the same for both too. Saving the new
// password spends the link, ends every session of the account and logs the person in.

export type ResetRequestOutcome = { ok: true; email: string } | { ok: false; status: 400 | 429; error: string };

const LINK_MS = PASSWORD_LINK_MINUTES * 60_000;

export function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  form: FormData,
  ctx: { ip?: string; redirectTo?: string; now?: Date; afterResponse: (task: () => void) => void },
): ResetRequestOutcome {
  const now = ctx.now ?? new Date();
  const parsed = credentials.shape.email.safeParse(form.get("email"));
  if (!parsed.success) return { ok: false, status: 400, error: texts.account.invalidEmail };
  const email = parsed.data;
  if (!passwordResetThrottle.attempt(db, { email, ip: ctx.ip }, now))
    return { ok: false, status: 429, error: texts.account.forgotThrottled };

  const token = newToken();
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (user) {
    db.transaction((tx) =>
      issueToken(tx, token, { userId: user.id, purpose: "password", redirectTo: ctx.redirectTo, now, validMs: LINK_MS }),
    );
    const url = `${mailer.publicUrl}${RESET_PASSWORD_PATH}/${token}`;
    void mailer.transport
      .sendMail(passwordResetMail(email, url, PASSWORD_LINK_MINUTES, mailer.from(ACCOUNT_MAIL_FROM)))
      .catch((error: unknown) => {
        dropToken(db, token);
        // No address in the log: only that one such e-mail failed, and why.
        console.error(
          `Fejl: e-mailen med et link til en ny adgangskode kunne ikke sendes: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }
  return { ok: true, email };
}

/** The e-mail of the account a link for a new password is for, while the link works. */
export function passwordResetEmail(db: Db, token: string, now = new Date()): string | null {
  const row = liveToken(db, token, "password", now);
  if (!row) return null;
  return db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get()?.email ?? null;
}

export type ResetOutcome =
  | { ok: true; user: SessionUser; redirectTo: string | null }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "password"; error: string };

/**
 * Uses a link for a new password with the password chosen on its page (`password`,
 * `passwordRepeat`): stores it, spends the account's links and ends all its sessions, in one
 * transaction. The caller starts the new session.
 */
export async function resetPassword(db: Db, token: string, form: FormData, now = new Date()): Promise<ResetOutcome> {
  const chosen = readNewPassword(form);
  if (!chosen.ok) return { ok: false, reason: "password", error: chosen.error };
  if (!liveToken(db, token, "password", now)) return { ok: false, reason: "invalid" };
  const passwordHash = await hashPassword(chosen.password);
  return db.transaction((tx): ResetOutcome => {
    // Looked up again: a second use racing this one finds the link spent.
    const row = liveToken(tx, token, "password", now);
    if (!row) return { ok: false, reason: "invalid" };
    const user = tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email })
      .get();
    if (!user) return { ok: false, reason: "invalid" };
    spendTokens(tx, user.id, "password");
    endAllSessions(tx, user.id);
    loginThrottle.clear(tx, { email: user.email });
    return { ok: true, user, redirectTo: row.redirectTo };
  });
}
