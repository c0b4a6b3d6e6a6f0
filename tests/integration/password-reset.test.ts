import type { AppLoadContext } from "@remix-run/node";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { accountTokens, users } from "../../db/schema";
import { hashPassword } from "../../app/services/accounts/password.server";
import * as forgot from "../../app/routes/account/forgot-password";
import * as reset from "../../app/routes/account/reset-password";
import * as login from "../../app/routes/account/login";
import * as agents from "../../app/routes/agents/list";
import { tempDb } from "../support/db";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { testContext, TEST_ORIGIN } from "../support/context";
import { getRequest, postRequest, runRoute, type RouteResult } from "../support/routes";

// "Glemt adgangskode?" through the routes' loaders and actions on a temporary store, the e-mails
// going to a real SMTP server: the same answer for known and unknown e-mails, a single-use link
// stored as a hash that a newer one replaces and that expires, the new password ending every
// session, the throttles, and the same-origin rule.

let db: Db;
let dir: string;
let smtp: TestSmtp;
let context: AppLoadContext;

const PASSWORD = "gammel-kode-1";

beforeAll(async () => {
  ({ db, dir } = tempDb());
  smtp = await startSmtp();
  context = testContext(db, { env: { SMTP_URL: smtp.url } });
  for (const email of ["anna@example.dk", "bo@example.dk", "carl@example.dk"])
    db.insert(users)
      .values({ email, passwordHash: await hashPassword(PASSWORD) })
      .run();
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

type Fn = (args: never) => unknown;
const run = (fn: Fn, request: Request, opts: { ip?: string; params?: Record<string, string> } = {}) =>
  runRoute(fn, { ...context, clientAddress: opts.ip ?? freshIp() }, request, opts.params);

const cookieOf = (r: RouteResult) => (r.headers.get("set-cookie") ?? "").split(";")[0];

/** Asks for a link for `email`; resolves with the answer and, for a known e-mail, the e-mail it sent. */
async function ask(email: string, opts: { ip?: string; redirectTo?: string } = {}) {
  const from = smtp.messages.length;
  const res = await run(forgot.action, postRequest("/konto/glemt-adgangskode", { email, redirectTo: opts.redirectTo ?? "" }), opts);
  return { res, mail: () => smtp.waitFor((m) => m.to.includes(email.toLowerCase()), { from }) };
}

const tokenIn = (mail: ReceivedMail) => /\/konto\/ny-adgangskode\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];

const choose = (token: string, password: string, repeat = password, opts: { cookie?: string } = {}) =>
  run(reset.action, postRequest(`/konto/ny-adgangskode/${token}`, { password, passwordRepeat: repeat }, opts), { params: { token } });

const logIn = (email: string, password: string) =>
  run(login.action, postRequest("/konto/log-ind", { email, password, redirectTo: "/soegeagenter" }));

describe("forgotten password", () => {
  it("answers a known and an unknown e-mail alike; only the known one gets a link, stored as a hash", async () => {
    const known = await ask("Anna@Example.dk", { redirectTo: "/skirejser?adultCount=3" });
    const unknown = await ask("ingen@example.dk");
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    expect(known.res.body).toEqual({
      error: undefined,
      email: "Anna@Example.dk",
      redirectTo: "/skirejser?adultCount=3",
      sentTo: "anna@example.dk",
    });
    expect(unknown.res.body).toEqual({
      error: undefined,
      email: "ingen@example.dk",
      redirectTo: "/soegeagenter",
      sentTo: "ingen@example.dk",
    });
    expect(known.res.headers.get("set-cookie")).toBeNull();

    const mail = await known.mail();
    expect(mail.subject).toBe("Vælg en ny adgangskode til Pistepris");
    const token = tokenIn(mail)!;
    expect(mail.text).toContain(`${TEST_ORIGIN}/konto/ny-adgangskode/${token}`);
    expect(mail.text).toContain("Linket virker én gang i 60 minutter.");
    expect(JSON.stringify(db.select().from(accountTokens).all())).not.toContain(token);
    expect(db.select().from(accountTokens).all()).toHaveLength(1);
    // Nothing went to the unknown address (the known one's e-mail came after the unknown's answer).
    expect(smtp.messages.filter((m) => m.to.includes("ingen@example.dk"))).toEqual([]);

    // The link's page shows the form; a password that breaks the rules leaves the link working.
    expect(await run(reset.loader as Fn, getRequest(`/konto/ny-adgangskode/${token}`), { params: { token } })).toMatchObject({
      status: 200,
      body: { email: "anna@example.dk" },
    });
    expect(await choose(token, "kort")).toMatchObject({ status: 400, body: { error: "Vælg en adgangskode på mindst 8 tegn." } });
    expect(await choose(token, "ny-kode-1234", "ny-kode-123")).toMatchObject({
      status: 400,
      body: { error: "De to adgangskoder er ikke ens." },
    });
  });

  it("the new password logs in, back where the person came from, and ends every other session; the link works once", async () => {
    const before = await logIn("anna@example.dk", PASSWORD);
    expect(before.status).toBe(302);
    const otherDevice = cookieOf(before);
    const agentPage = (cookie: string) => run(agents.loader as Fn, getRequest("/soegeagenter", cookie));
    expect((await agentPage(otherDevice)).status).toBe(200);

    const { mail } = await ask("anna@example.dk", { redirectTo: "/skirejser?adultCount=3" });
    const token = tokenIn(await mail())!;
    const done = await choose(token, "ny-kode-1234");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/skirejser?adultCount=3");
    const fresh = cookieOf(done);
    expect(fresh).toMatch(/^__pistepris=/);
    expect((await agentPage(fresh)).status).toBe(200);
    // The other device is logged out, and the old password no longer works.
    expect((await agentPage(otherDevice)).status).toBe(302);
    expect((await logIn("anna@example.dk", PASSWORD)).status).toBe(401);
    expect((await logIn("anna@example.dk", "ny-kode-1234")).status).toBe(302);
    // Used: the page and the form say the link does not work.
    expect((await run(reset.loader as Fn, getRequest(`/konto/ny-adgangskode/${token}`), { params: { token } })).status).toBe(404);
    expect(await choose(token, "tredje-kode-1")).toMatchObject({ status: 404, body: { invalid: true } });
    expect((await logIn("anna@example.dk", "tredje-kode-1")).status).toBe(401);
  });

  it("a newer link replaces the older one, and a link expires after 60 minutes", async () => {
    const first = tokenIn(await (await ask("bo@example.dk")).mail())!;
    const second = tokenIn(await (await ask("bo@example.dk")).mail())!;
    expect(first).not.toBe(second);
    expect((await choose(first, "bo-ny-kode-1")).status).toBe(404);

    const now = new Date();
    const soon = new Date(now.getTime() + 59 * 60_000);
    const late = new Date(now.getTime() + 61 * 60_000);
    const { passwordResetEmail } = await import("../../app/services/accounts/password-reset.server");
    expect(passwordResetEmail(db, second, soon)).toBe("bo@example.dk");
    expect(passwordResetEmail(db, second, late)).toBeNull();
    expect((await choose(second, "bo-ny-kode-1")).status).toBe(302);
  });

  it("is throttled per e-mail and per client, known e-mail or not, with the same answer", async () => {
    const mailsBefore = smtp.messages.length;
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++) out.push((await ask(email)).res.status);
      return out;
    };
    expect(await statuses("carl@example.dk")).toEqual([200, 200, 200, 200, 200, 429]);
    // Five links went out (each replacing the one before); the sixth request sent nothing.
    await smtp.waitFor(() => smtp.messages.slice(mailsBefore).filter((m) => m.to.includes("carl@example.dk")).length === 5);
    expect(await statuses("ukendt@example.dk")).toEqual([200, 200, 200, 200, 200, 429]);
    const throttled = (await ask("carl@example.dk")).res;
    expect(throttled.body).toMatchObject({ error: "For mange forsøg på at få en ny adgangskode. Vent en time, og prøv igen." });

    // One client: 20 an hour, whatever the e-mails.
    const ip = "203.0.113.7";
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i++) fromOne.push((await ask(`person${i}@example.dk`, { ip })).res.status);
    expect(fromOne.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(fromOne[20]).toBe(429);
  });

  it("a bad e-mail is a Danish 400, and a cross-site post is refused", async () => {
    expect((await ask("ikke-en-email")).res).toMatchObject({ status: 400, body: { error: "Skriv en gyldig e-mail." } });
    const crossSite = await run(
      forgot.action,
      postRequest("/konto/glemt-adgangskode", { email: "anna@example.dk" }, { origin: "http://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
  });
});
