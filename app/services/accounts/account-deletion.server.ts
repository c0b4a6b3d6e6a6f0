import { count, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pendingSignUps, users } from "../../../db/schema";
import { texts } from "~/domain/texts";
import { checkCurrentPassword, type Refusal } from "~/services/accounts/account-settings.server";
import { accountDeletedMail, ACCOUNT_MAIL_FROM } from "~/services/accounts/mails.server";
import type { SessionUser } from "~/services/accounts/session.server";
import { forgetEmail } from "~/services/accounts/throttle.server";
import type { Mailer } from "~/services/mail/transport.server";
import { replaceInLog } from "~/services/audit/audit.server";

// "Slet min konto" (GDPR article 17): with the password, the account goes with everything the store
// links to it: its search agents (and their e-mail log), saved trips, sessions, e-mailed links and
// operator role (foreign keys with ON DELETE CASCADE), a sign-up waiting for its address, the
// throttles' rows for the address, and the address in the operators' audit log (replaced by
// DELETED_ACCOUNT, so the log still shows that a change was made). The counted views and clicks
// are anonymous already and stay. SQLite's secure_delete overwrites the deleted rows in the file.
// A receipt goes to the address, which is then forgotten. The last operator cannot delete their
// account (the site would have nobody to run it).

/** What the audit log says instead of a deleted account's e-mail. */
export const DELETED_ACCOUNT = "(slettet konto)";

export async function deleteAccount(
  db: Db,
  mailer: Mailer,
  user: SessionUser,
  form: FormData,
  ctx: { ip: string; contact: string },
): Promise<{ ok: true } | Refusal> {
  const refused = await checkCurrentPassword(db, user, form, ctx.ip);
  if (refused) return refused;
  const secureDelete = db.$client.pragma("secure_delete", { simple: true }) as number;
  db.$client.pragma("secure_delete = ON");
  let deleted: boolean;
  try {
    deleted = db.transaction(
      (tx) => {
        const row = tx.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, user.id)).get();
        if (!row) return true;
        if (row.isOperator && tx.select({ n: count() }).from(users).where(eq(users.isOperator, true)).get()!.n <= 1) return false;
        tx.delete(users).where(eq(users.id, user.id)).run();
        tx.delete(pendingSignUps).where(eq(pendingSignUps.email, user.email)).run();
        forgetEmail(tx, user.email);
        replaceInLog(tx, user.email, DELETED_ACCOUNT);
        return true;
      },
      { behavior: "immediate" },
    );
  } finally {
    db.$client.pragma(`secure_delete = ${secureDelete}`);
  }
  if (!deleted) return { ok: false, status: 409, error: texts.accountPage.lastOperator };
  try {
    await mailer.transport.sendMail(accountDeletedMail(user.email, ctx.contact, mailer.from(ACCOUNT_MAIL_FROM)));
  } catch (error) {
    // The account is gone either way; the log names no address.
    console.error(`Fejl: kvitteringen for en slettet konto kunne ikke sendes: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ok: true };
}
