import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { hashPassword } from "../../../app/services/accounts/password.server";
import { parseMail } from "../../support/smtp";
import type { TestServer } from "../../support/server";

// Accounts in the browser: sign up through the form, then open the confirmation link from the
// e-mail the server wrote to its outbox, as a new user would.

/** The newest e-mail the server wrote to `to`, parsed. */
export function lastMailTo(server: TestServer, to: string) {
  const files = fs.existsSync(server.outboxDir) ? fs.readdirSync(server.outboxDir).filter((f) => f.endsWith(".eml")) : [];
  const mails = files
    .map((f) => ({
      file: f,
      mtime: fs.statSync(path.join(server.outboxDir, f)).mtimeMs,
      raw: fs.readFileSync(path.join(server.outboxDir, f), "utf8"),
    }))
    .map((m) => ({ ...m, mail: parseMail(m.raw) }))
    .filter((m) => (m.mail.headers.get("to") ?? "").includes(to))
    .sort((a, b) => a.mtime - b.mtime);
  const last = mails.at(-1);
  if (!last) throw new Error(`no e-mail to ${to} in ${server.outboxDir}`);
  return last.mail;
}

/** Fills in the sign-up form (only the e-mail) on the current page (or /konto/opret) and waits for "Tjek din e-mail". */
export async function submitSignUp(page: Page, email: string, opts: { goto?: boolean } = { goto: true }) {
  if (opts.goto !== false) await page.goto("/konto/opret");
  // The form's own field: after a client navigation the URL changes a moment before the page does,
  // and the page left (a login dialog) may still show an "E-mail" field of its own.
  const form = page.getByTestId("signup-form");
  await form.getByLabel("E-mail").fill(email);
  await form.getByTestId("signup-submit").click();
  await page.getByTestId("signup-sent").waitFor();
}

/**
 * Opens the confirmation link e-mailed to `email`, chooses `password` on its page and submits; the
 * page ends where the sign-up said to go. The link is read from the .eml file as saved, as a person
 * opening it would.
 */
export async function confirmFromMail(page: Page, server: TestServer, email: string, password: string) {
  const link = /https?:\/\/\S+\/konto\/bekraeft\/[A-Za-z0-9_-]+/.exec(lastMailTo(server, email).raw)?.[0];
  if (!link) throw new Error(`no confirmation link in the e-mail to ${email}`);
  await page.goto(link);
  await page.getByLabel("Adgangskode", { exact: true }).fill(password);
  await page.getByLabel("Gentag adgangskode").fill(password);
  await page.getByTestId("confirm-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/konto/bekraeft"));
}

/** Accounts written straight into the server's store (a test's set-up, not what it shows); returns their ids. */
export async function createAccounts(server: TestServer, emails: string[], password: string, opts: { operator?: boolean } = {}) {
  const hash = await hashPassword(password);
  const db = new Database(server.dbFile);
  try {
    const insert = db.prepare("INSERT INTO users (email, password_hash, is_operator) VALUES (?, ?, ?) RETURNING id");
    return emails.map((email) => (insert.get(email, hash, opts.operator ? 1 : 0) as { id: number }).id);
  } finally {
    db.close();
  }
}

/** Logs in through the log-in page and waits until it has left it. */
export async function logInThroughPage(page: Page, email: string, password: string) {
  await page.goto("/konto/log-ind");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Adgangskode", { exact: true }).fill(password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/konto/log-ind"));
}
