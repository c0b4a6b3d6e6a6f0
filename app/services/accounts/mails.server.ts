import { escapeHtml as e } from "~/domain/escape-html";
import { texts } from "~/domain/texts";
import type { MailOptions } from "~/services/mail/transport.server";

// The account e-mails. At sign-up (app/services/accounts/sign-up.server.ts): the confirmation link for a
// new e-mail, or a log-in link for an e-mail that already has an account (one of them goes out for
// every sign-up, so the form itself never tells whether an account exists). For a forgotten
// password (password-reset.server.ts): the link for a new one. From the account page
// (account-settings.server.ts, account-deletion.server.ts): the link confirming a new e-mail, the
// notice to the old one, and the receipt for a deleted account.

export const ACCOUNT_MAIL_FROM = "Pistepris <konto@pistepris.dk>";

function compose(
  to: string,
  from: string,
  subject: string,
  intro: string,
  link: { label: string; url: string } | undefined,
  outro: string,
): MailOptions {
  const text = [intro, "", ...(link ? [link.url, ""] : []), outro].join("\n");
  const html = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:16px">
<p>${e(intro)}</p>
${link ? `<p><a href="${e(link.url)}">${e(link.label)}</a></p>\n` : ""}<p style="color:#6b7280;font-size:12px">${e(outro)}</p>
</body></html>`;
  return { from, to, subject, text, html };
}

export function confirmationMail(to: string, url: string, hours: number, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.confirmSubject, m.confirmIntro, { label: m.confirmLink, url }, m.confirmExpiry(hours));
}

export function accountExistsMail(to: string, url: string, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.existsSubject, m.existsIntro, { label: m.existsLink, url }, m.existsIgnore);
}

export function passwordResetMail(to: string, url: string, minutes: number, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.resetSubject, m.resetIntro, { label: m.resetLink, url }, m.resetExpiry(minutes));
}

export function emailChangeMail(to: string, url: string, hours: number, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.emailChangeSubject, m.emailChangeIntro, { label: m.emailChangeLink, url }, m.emailChangeExpiry(hours));
}

/** To the old address, once the new one is confirmed. */
export function emailChangedMail(to: string, newEmail: string, contact: string, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.emailChangedSubject, m.emailChangedText(newEmail), undefined, m.emailChangedHelp(contact));
}

/** The receipt for a deleted account: the last thing sent to the address, which is then forgotten. */
export function accountDeletedMail(to: string, contact: string, from = ACCOUNT_MAIL_FROM): MailOptions {
  const m = texts.mail;
  return compose(to, from, m.deletedSubject, m.deletedText, undefined, m.deletedHelp(contact));
}
