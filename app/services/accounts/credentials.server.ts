import { MIN_PASSWORD_LENGTH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";

/** The e-mail and password of the log-in and sign-up forms (e-mail trimmed and lower-cased). */
export const credentials = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  password: z.string().min(1).max(200),
});

const newPassword = z.string().min(MIN_PASSWORD_LENGTH).max(200);

/**
 * A new password as every form that sets one asks for it (`password` and `passwordRepeat`): the
 * same rules at sign-up, for a forgotten password and on the account page.
 */
export function readNewPassword(form: FormData): { ok: true; password: string } | { ok: false; error: string } {
  const parsed = newPassword.safeParse(form.get("password"));
  if (!parsed.success) return { ok: false, error: texts.account.invalidPassword(MIN_PASSWORD_LENGTH) };
  if (parsed.data !== form.get("passwordRepeat")) return { ok: false, error: texts.account.passwordsDiffer };
  return { ok: true, password: parsed.data };
}
