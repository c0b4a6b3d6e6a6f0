import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

// Where e-mail goes, for the notifier (indexer/notify.ts) and the account e-mails
// (app/auth/sign-up.server.ts): SMTP from SMTP_URL, otherwise .eml files in an outbox folder.

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

/** SMTP from SMTP_URL; otherwise .eml files in OUTBOX_DIR (default data/outbox). */
export function transportFromEnv(env: NodeJS.ProcessEnv = process.env): { transport: MailTransport; description: string } {
  if (env.SMTP_URL?.trim()) {
    const url = env.SMTP_URL.trim();
    return { transport: nodemailer.createTransport(url), description: `SMTP ${new URL(url).host}` };
  }
  const dir = env.OUTBOX_DIR?.trim() || "data/outbox";
  return { transport: outboxTransport(dir), description: `udbakken ${dir}` };
}

/**
 * The site's public address for links in e-mails: PUBLIC_URL, else http://localhost:PORT. Never
 * taken from the request's Host header, which a client could set to send our links elsewhere.
 */
export function publicUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`).replace(/\/+$/, "");
}

/** The sender of every e-mail: MAIL_FROM, else `fallback`. */
export function mailFrom(fallback: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.MAIL_FROM?.trim() || fallback;
}
