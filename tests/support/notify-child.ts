import nodemailer from "nodemailer";
import { openDb } from "../../db/client";
import type { MailTransport } from "../../app/services/mail/transport.server";
import { runNotifier } from "../../app/services/agents/notify.server";

// The notifier in a child process, for the exactly-once test (tests/integration/notify.test.ts),
// which kills it with SIGKILL. NOTIFY_DB, NOTIFY_SMTP_URL, NOTIFY_NOW, NOTIFY_BASE_URL;
// NOTIFY_DIE_AFTER_SEND=1 kills the process itself right after the SMTP server accepted the
// first message, before the notifier can mark it sent (the one window for a duplicate).

const smtp = nodemailer.createTransport(process.env.NOTIFY_SMTP_URL!);
const transport: MailTransport = {
  async sendMail(mail) {
    const info = await smtp.sendMail(mail);
    if (process.env.NOTIFY_DIE_AFTER_SEND === "1") process.kill(process.pid, "SIGKILL");
    return info;
  },
};

const summary = await runNotifier(openDb(process.env.NOTIFY_DB!), {
  transport,
  now: new Date(process.env.NOTIFY_NOW!),
  baseUrl: process.env.NOTIFY_BASE_URL ?? "https://pistepris.test",
});
console.log(JSON.stringify(summary));
smtp.close();
