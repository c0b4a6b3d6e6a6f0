import Database from "better-sqlite3";
import http from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { DESKTOP, MOBILE } from "./support/browser";
import { createAccounts, logInThroughPage } from "./support/accounts";
import { open, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// "Glemt adgangskode?" in Chromium, with the server's e-mails going to a real SMTP server: a
// forgotten password recovered end to end from the log-in dialog and the log-in page (the old
// password and the other session stop working), with JavaScript and without; a link used twice,
// expired, and from an older request; and the same answer for a known and an unknown e-mail, in
// status, text and time.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
const suite = useServerAndBrowser(() => ({ demoTrips: 300, env: { SMTP_URL: smtp.url } }));

const OLD = "gammel-kode-2027";
const NEW = "ny-kode-til-sne-2027";

beforeAll(async () => {
  await createAccounts(suite.server, ["js@example.dk", "nojs@example.dk", "to@example.dk", "udloeb@example.dk"], OLD);
});

/** Asks for a link on the page (it is already on the form) and returns the e-mail it brought. */
async function askForLink(page: Page, email: string): Promise<ReceivedMail> {
  const from = smtp.messages.length;
  await page.getByTestId("forgot-form").getByLabel("E-mail").fill(email);
  await page.getByTestId("forgot-submit").click();
  await page.getByTestId("forgot-sent").waitFor();
  expect(await page.getByTestId("forgot-sent").textContent()).toContain(
    `Hvis der er en konto på Pistepris med e-mailen ${email}, har vi nu sendt den et link til at vælge en ny adgangskode.`,
  );
  return smtp.waitFor((m) => m.to.includes(email), { from });
}

const linkIn = (mail: ReceivedMail) => {
  const link = /https?:\/\/\S+\/konto\/ny-adgangskode\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no link in the e-mail");
  return link;
};

async function chooseNewPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel("Adgangskode", { exact: true }).fill(password);
  await page.getByLabel("Gentag adgangskode").fill(password);
  await page.getByTestId("reset-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/konto/ny-adgangskode"));
}

/** The link's page says it no longer works, and leads to the form for a new one. */
async function expectDeadLink(page: Page, link: string) {
  // The dead link's 404 is the point.
  suite.allowPageErrors(/status of 404 .*\/konto\/ny-adgangskode\//);
  const res = await page.goto(link);
  expect(res?.status()).toBe(404);
  expect(await page.getByTestId("form-error").textContent()).toBe(
    "Linket virker ikke. Det er enten brugt, ældre end 60 minutter eller afløst af et nyere link. Bed om et nyt link herunder.",
  );
  expect(await page.getByTestId("reset-form").count()).toBe(0);
  expect(await page.getByTestId("reset-again").getAttribute("href")).toBe("/konto/glemt-adgangskode");
}

/** Whether a log-in with `password` gets past the log-in page. */
async function logInWorks(ctx: BrowserContext, email: string, password: string): Promise<boolean> {
  // A refused log-in answers 401.
  suite.allowPageErrors(/status of 401 .*\/konto\/log-ind/);
  const page = await ctx.newPage();
  try {
    await page.goto("/konto/log-ind");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Adgangskode", { exact: true }).fill(password);
    await page.getByTestId("login-submit").click();
    await page.waitForLoadState();
    const error = page.getByTestId("form-error");
    await Promise.race([error.waitFor(), page.waitForURL((url) => !url.pathname.startsWith("/konto/log-ind"))]);
    return !(await error.isVisible());
  } finally {
    await page.close();
  }
}

/** Logs in on a device of its own and returns it (the "other session"). */
async function otherDevice(email: string) {
  const ctx = await suite.newContext({ size: MOBILE });
  const page = await ctx.newPage();
  await logInThroughPage(page, email, OLD);
  expect((await page.goto("/soegeagenter"))?.url()).toMatch(/\/soegeagenter$/);
  return { ctx, page };
}

describe("with JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ ctx, page } = opened));

  it("from the log-in dialog: the link's new password logs in, back on the search; the old password and the other session stop working", async () => {
    const other = await otherDevice("js@example.dk");
    await open(page, "/skirejser?adultCount=3");
    await page.getByTestId("agent-toggle").click();
    const dialog = page.getByTestId("login-dialog");
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Glemt adgangskode?" }).click();
    await page.waitForURL(/\/konto\/glemt-adgangskode\?/);
    await page.getByTestId("forgot-form").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const mail = await askForLink(page, "js@example.dk");
    expect(mail.subject).toBe("Vælg en ny adgangskode til Pistepris");

    await chooseNewPassword(page, linkIn(mail), NEW);
    // Logged in, back on the search it started from, with the agent dialog open.
    await page.getByTestId("create-agent-dialog").waitFor();
    expect(new URL(page.url()).search).toBe("?adultCount=3&dialog=createSearchAgent");

    // The other device's session has ended.
    await other.page.goto("/soegeagenter");
    expect(other.page.url()).toMatch(/\/konto\/log-ind\?redirectTo=%2Fsoegeagenter$/);
    await other.ctx.close();
    const fresh = await suite.newContext();
    expect(await logInWorks(fresh, "js@example.dk", OLD)).toBe(false);
    expect(await logInWorks(fresh, "js@example.dk", NEW)).toBe(true);
    await fresh.close();

    // The same link again: used.
    await expectDeadLink(page, linkIn(mail));
    await page.getByTestId("reset-again").click();
    await page.getByTestId("forgot-form").waitFor();
  });

  it("a newer link replaces the older one", async () => {
    await ctx.clearCookies();
    await page.goto("/konto/glemt-adgangskode");
    const first = linkIn(await askForLink(page, "to@example.dk"));
    await page.goto("/konto/glemt-adgangskode");
    const second = linkIn(await askForLink(page, "to@example.dk"));
    await expectDeadLink(page, first);
    await chooseNewPassword(page, second, NEW);
    expect(new URL(page.url()).pathname).toBe("/soegeagenter");
  });

  it("an expired link says so", async () => {
    await ctx.clearCookies();
    await page.goto("/konto/glemt-adgangskode");
    const link = linkIn(await askForLink(page, "udloeb@example.dk"));
    // Sixty-one minutes later, as far as the store knows.
    const db = new Database(suite.server.dbFile);
    db.prepare("UPDATE account_tokens SET expires_at = expires_at - 61 * 60000 WHERE purpose = 'password'").run();
    db.close();
    await expectDeadLink(page, link);
    expect(await logInWorks(ctx, "udloeb@example.dk", OLD)).toBe(true);
  });
});

describe("without JavaScript", () => {
  let page: Page;
  usePage(suite, { size: MOBILE, javaScript: false }, (opened) => ({ page } = opened));

  it("from the log-in page: the link's new password logs in; the old password and the other session stop working; the link works once", async () => {
    // The form sent without an e-mail answers 400 with its message.
    suite.allowPageErrors(/status of 400 .*\/konto\/glemt-adgangskode/);
    const other = await otherDevice("nojs@example.dk");
    await page.goto("/konto/log-ind");
    await page.getByRole("link", { name: "Glemt adgangskode?" }).click();
    await page.waitForURL(/\/konto\/glemt-adgangskode/);
    // A bad e-mail is answered in Danish by the server (the browser's own check is skipped here).
    await page.getByTestId("forgot-form").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByTestId("forgot-form").getByLabel("E-mail").fill("ikke-en-email");
    await page.getByTestId("forgot-submit").click();
    expect(await page.getByTestId("form-error").textContent()).toBe("Skriv en gyldig e-mail.");
    const mail = await askForLink(page, "nojs@example.dk");
    await chooseNewPassword(page, linkIn(mail), NEW);
    expect(new URL(page.url()).pathname).toBe("/soegeagenter");
    expect(await page.getByTestId("nav-logout").count()).toBe(1);

    await other.page.goto("/soegeagenter");
    expect(other.page.url()).toMatch(/\/konto\/log-ind/);
    await other.ctx.close();
    const fresh = await suite.newContext({ javaScript: false });
    expect(await logInWorks(fresh, "nojs@example.dk", OLD)).toBe(false);
    expect(await logInWorks(fresh, "nojs@example.dk", NEW)).toBe(true);
    await fresh.close();
    await expectDeadLink(page, linkIn(mail));
  });
});

describe("a known and an unknown e-mail", () => {
  /** Posts the form as a browser without JavaScript would, from a client address of its own (each its own throttle). */
  function postForm(email: string, localAddress: string): Promise<{ status: number; body: string; ms: number }> {
    const url = new URL("/konto/glemt-adgangskode", suite.server.url);
    const body = new URLSearchParams({ email, redirectTo: "/soegeagenter" }).toString();
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        url,
        {
          method: "POST",
          localAddress,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: suite.server.url,
            "Content-Length": Buffer.byteLength(body),
          },
          timeout: 30_000,
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("no answer within 30 s")));
      req.on("error", reject);
      req.end(body);
    });
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
  };

  it("get the same status and page, within 50 ms of each other over 20 tries each", async () => {
    const known = Array.from({ length: 20 }, (_, i) => `kendt${i}@example.dk`);
    await createAccounts(suite.server, known, OLD);
    const from = smtp.messages.length;
    const times = { known: [] as number[], unknown: [] as number[] };
    const pages = new Set<string>();
    // Taken in turns, so both see the same machine (and the known ones' e-mails going out).
    for (let i = 0; i < 20; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const email = kind === "known" ? known[i] : `ukendt${i}@example.dk`;
        const res = await postForm(email, `127.0.0.${kind === "known" ? 10 + i : 40 + i}`);
        expect(res.status).toBe(200);
        expect(res.body).toContain(`Hvis der er en konto på Pistepris med e-mailen ${email}, har vi nu sendt den et link`);
        // The page with the e-mail and the response's CSP nonce taken out: one page for both.
        pages.add(res.body.replaceAll(email, "E-MAIL").replace(/nonce="[^"]+"/g, 'nonce=""'));
        times[kind].push(res.ms);
      }
    }
    expect(pages.size).toBe(1);
    const diff = Math.abs(median(times.known) - median(times.unknown));
    console.log(
      `Glemt adgangskode, median svartid: kendt ${median(times.known).toFixed(1)} ms, ukendt ${median(times.unknown).toFixed(1)} ms (forskel ${diff.toFixed(1)} ms)`,
    );
    expect(diff).toBeLessThan(50);
    // Every known address got its link, and no unknown one got anything.
    await smtp.waitFor(() => new Set(smtp.messages.slice(from).flatMap((m) => m.to)).size >= 20);
    expect(new Set(smtp.messages.slice(from).flatMap((m) => m.to))).toEqual(new Set(known));
  });
});
