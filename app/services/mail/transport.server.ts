import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { Config } from "~/utils/config.server";

// Where e-mail goes, for the search agents' notifier and the account e-mails: SMTP from
// SMTP_URL, otherwise .eml files in an outbox folder.

export interface MailTransport {
  sendMail(mail: Mail.Options): Promise<unknown>;
}

export type MailOptions = Mail.Options;

/** SMTP's limit on a line; a part with a longer line keeps nodemailer's own encoding. */
const MAX_LINE_BYTES = 998;

/**
 * A text or HTML part as plain 8-bit UTF-8 instead of quoted-printable, so that the .eml file can
 * be read as saved and its links clicked: quoted-printable breaks long lines (and so the links).
 */
function readablePart(content: Mail.Options["text"], type: "plain" | "html"): Mail.Options["text"] {
  if (typeof content !== "string" || content.split("\n").some((line) => Buffer.byteLength(line) > MAX_LINE_BYTES)) return content;
  return { raw: `Content-Type: text/${type}; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${content}` };
}

/** Writes each e-mail as an .eml file (the outbox, when no SMTP server is configured). */
export function outboxTransport(dir: string): MailTransport {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async sendMail(mail) {
      const readable = { ...mail, text: readablePart(mail.text, "plain"), html: readablePart(mail.html, "html") };
      const info = (await stream.sendMail(readable)) as { message: Buffer };
      fs.mkdirSync(dir, { recursive: true });
      const id = String(mail.messageId ?? crypto.randomUUID())
        .replace(/[^A-Za-z0-9.-]+/g, "_")
        .replace(/^_|_$/g, "");
      const file = path.join(dir, `${id}.eml`);
      // Written under a temporary name and renamed, so the outbox never holds half a message.
      fs.writeFileSync(`${file}.tmp`, info.message);
      fs.renameSync(`${file}.tmp`, file);
      return info;
    },
  };
}

export interface Mailer {
  transport: MailTransport;
  /** Where the e-mails go, in words: the SMTP host or the outbox folder. */
  description: string;
  /** The site's public address, for the links in e-mails (never a request's Host header). */
  publicUrl: string;
  /** The sender: MAIL_FROM, else the given default of each kind of e-mail. */
  from(fallback: string): string;
}

/** SMTP when configured, otherwise .eml files in the outbox folder. */
export function createMailer(mail: Config["mail"], publicUrl: string): Mailer {
  return {
    transport: mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : outboxTransport(mail.outboxDir),
    description: mail.smtpUrl ? `SMTP ${new URL(mail.smtpUrl).host}` : `udbakken ${mail.outboxDir}`,
    publicUrl,
    from: (fallback) => mail.from ?? fallback,
  };
}
