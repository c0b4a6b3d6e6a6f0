import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { auditLog, sessions, users } from "../../db/schema";
import { hashPassword } from "../../app/services/accounts/password.server";
import { createAgent } from "../../app/services/agents/agents.server";
import { notifyAgents } from "../../app/services/agents/notify.server";
import { setOperator } from "../../app/services/ops/operators.server";
import { saveTrips } from "../../app/services/saved-trips/saved-trips.server";
import * as account from "../../app/routes/account/my-account";
import * as download from "../../app/routes/account/data-download";
import * as confirmEmail from "../../app/routes/account/confirm-email";
import * as login from "../../app/routes/account/login";
import { importLines, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { testContext, TEST_ORIGIN } from "../support/context";
import { getRequest, postRequest, runRoute, type RouteResult } from "../support/routes";
import { accountTraces } from "../support/account-traces";

// The account page (/konto) through its loader and actions on a temporary store, the e-mails
// going to a real SMTP server: a new e-mail through a link to it (the old address told), a new
// password (other sessions end), log-out everywhere, the data download holding exactly the
// person's data, and deletion leaving nothing of the account in any table.

let db: Db;
let dir: string;
let smtp: TestSmtp;
let context: AppLoadContext;
const PASSWORD = "min-kode-2027";
const T = [1, 2, 3].map((k) =>
  trip({ id: `konto-t${k}`, departureDate: departureInDays(40 + k), accommodation: { id: `konto-hotel-${k}`, name: `Kontohotel ${k}` } }),
);

type Fn = (args: never) => unknown;
let nextIp = 1;
const run = (fn: Fn, request: Request, params: Record<string, string> = {}) =>
  runRoute(fn, { ...context, clientAddress: `198.51.100.${nextIp++}` }, request, params);
const cookieOf = (r: RouteResult) => (r.headers.get("set-cookie") ?? "").split(";")[0];

async function logIn(email: string, password = PASSWORD) {
  return run(login.action, postRequest("/konto/log-ind", { email, password, redirectTo: "/konto" }));
}
async function session(email: string, password = PASSWORD) {
  const res = await logIn(email, password);
  expect(res.status).toBe(302);
  return cookieOf(res);
}
const post = (cookie: string, fields: Record<string, string>) => run(account.action, postRequest("/konto", fields, { cookie }));
const page = (cookie: string) => run(account.loader as Fn, getRequest("/konto", cookie));

async function newUser(email: string) {
  return db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id })
    .get().id;
}

beforeAll(async () => {
  ({ db, dir } = tempDb());
  smtp = await startSmtp();
  context = testContext(db, { env: { SMTP_URL: smtp.url, SITE_OWNER_EMAIL: "privatliv@example.dk" } });
  await importLines(db, T.slice(0, 2), new Date(Date.now() - 3_600_000));
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the account page", () => {
  it("needs a log-in, and refuses a cross-site post", async () => {
    const res = await page("");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/konto/log-ind?redirectTo=%2Fkonto");
    await newUser("origin@example.dk");
    const cookie = await session("origin@example.dk");
    const crossSite = await run(account.action, postRequest("/konto", { intent: "logoutAll" }, { cookie, origin: "http://evil.example" }));
    expect(crossSite.status).toBe(403);
    expect((await page(cookie)).status).toBe(200);
    expect((await post(cookie, { intent: "noget-andet" })).status).toBe(400);
  });

  it("a new e-mail takes effect when the link e-mailed to it is used, and the old address is told", async () => {
    const id = await newUser("gammel@example.dk");
    // The operators' log names the account (it was made an operator, then not).
    setOperator(db, "gammel@example.dk", true, "CLI");
    setOperator(db, "gammel@example.dk", false, "CLI");
    const cookie = await session("gammel@example.dk");
    expect(await post(cookie, { intent: "email", newEmail: "ny@example.dk", currentPassword: "forkert" })).toMatchObject({
      status: 401,
      body: { intent: "email", error: "Adgangskoden er forkert." },
    });
    expect(await post(cookie, { intent: "email", newEmail: "gammel@example.dk", currentPassword: PASSWORD })).toMatchObject({
      status: 400,
      body: { error: "Det er allerede din e-mail." },
    });
    expect(await post(cookie, { intent: "email", newEmail: "ikke en e-mail", currentPassword: PASSWORD })).toMatchObject({
      status: 400,
      body: { error: "Skriv en gyldig e-mail." },
    });
    const from = smtp.messages.length;
    const asked = await post(cookie, { intent: "email", newEmail: "Ny@Example.dk", currentPassword: PASSWORD });
    expect(asked).toMatchObject({
      status: 200,
      body: { intent: "email", message: "Vi har sendt et link til ny@example.dk. Åbn det for at skifte til den nye e-mail." },
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ny@example.dk"), { from });
    expect(mail.subject).toBe("Bekræft din nye e-mail til Pistepris");
    const token = /\/konto\/ny-email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect(mail.text).toContain(`${TEST_ORIGIN}/konto/ny-email/${token}`);
    // Nothing changes until the link is used; opening it only asks.
    expect(db.select({ email: users.email }).from(users).where(eq(users.id, id)).get()!.email).toBe("gammel@example.dk");
    expect(await run(confirmEmail.loader as Fn, getRequest(`/konto/ny-email/${token}`), { token })).toMatchObject({
      status: 200,
      body: { change: { from: "gammel@example.dk", to: "ny@example.dk" } },
    });
    const before = smtp.messages.length;
    const used = await run(confirmEmail.action, postRequest(`/konto/ny-email/${token}`, {}), { token });
    expect(used).toMatchObject({ status: 200, body: { changedTo: "ny@example.dk" } });
    const notice = await smtp.waitFor((m) => m.to.includes("gammel@example.dk"), { from: before });
    expect(notice.subject).toBe("Din e-mail på Pistepris er skiftet");
    expect(notice.text).toContain("E-mailen på din konto på Pistepris er nu skiftet til ny@example.dk.");
    expect(notice.text).toContain("privatliv@example.dk");
    expect((await logIn("gammel@example.dk")).status).toBe(401);
    expect((await logIn("ny@example.dk")).status).toBe(302);
    // The session stays; the log names the account by its new address.
    expect((await page(cookie)).body).toMatchObject({ email: "ny@example.dk" });
    const log = db.select().from(auditLog).all();
    expect(log.map((r) => r.subject)).toEqual(["ny@example.dk", "ny@example.dk"]);
    expect(JSON.stringify(log)).not.toContain("gammel@");
    // The link works once.
    expect((await run(confirmEmail.action, postRequest(`/konto/ny-email/${token}`, {}), { token })).status).toBe(404);
  });

  it("a link for an address another account has taken meanwhile changes nothing", async () => {
    await newUser("foerst@example.dk");
    const cookie = await session("foerst@example.dk");
    const from = smtp.messages.length;
    await post(cookie, { intent: "email", newEmail: "optaget@example.dk", currentPassword: PASSWORD });
    const token = /\/konto\/ny-email\/([A-Za-z0-9_-]+)/.exec(
      (await smtp.waitFor((m) => m.to.includes("optaget@example.dk"), { from })).text,
    )![1];
    await newUser("optaget@example.dk");
    expect(await run(confirmEmail.action, postRequest(`/konto/ny-email/${token}`, {}), { token })).toMatchObject({
      status: 409,
      body: { error: "Der er allerede en konto med den e-mail, så din konto kan ikke skifte til den." },
    });
    expect((await page(cookie)).body).toMatchObject({ email: "foerst@example.dk" });
  });

  it("a new password needs the current one and ends every other session, not this one", async () => {
    const id = await newUser("kode@example.dk");
    const here = await session("kode@example.dk");
    const elsewhere = await session("kode@example.dk");
    expect(
      await post(here, { intent: "password", currentPassword: "forkert", password: "ny-kode-2027", passwordRepeat: "ny-kode-2027" }),
    ).toMatchObject({
      status: 401,
    });
    expect(await post(here, { intent: "password", currentPassword: PASSWORD, password: "kort", passwordRepeat: "kort" })).toMatchObject({
      status: 400,
      body: { error: "Vælg en adgangskode på mindst 8 tegn." },
    });
    const changed = await post(here, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "ny-kode-2027",
      passwordRepeat: "ny-kode-2027",
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: "Din adgangskode er skiftet, og du er logget ud på alle andre enheder." },
    });
    expect((await page(here)).status).toBe(200);
    expect((await page(elsewhere)).status).toBe(302);
    expect(db.select().from(sessions).where(eq(sessions.userId, id)).all()).toHaveLength(1);
    expect((await logIn("kode@example.dk")).status).toBe(401);
    expect((await logIn("kode@example.dk", "ny-kode-2027")).status).toBe(302);
  });

  it("'Log ud på alle enheder' ends every session, this one too", async () => {
    const id = await newUser("overalt@example.dk");
    const here = await session("overalt@example.dk");
    const elsewhere = await session("overalt@example.dk");
    const res = await post(here, { intent: "logoutAll" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(/^__pistepris=;/);
    expect((await page(here)).status).toBe(302);
    expect((await page(elsewhere)).status).toBe(302);
    expect(db.select().from(sessions).where(eq(sessions.userId, id)).all()).toHaveLength(0);
  });
});

describe("the data download and deletion", () => {
  let dortheId: number;
  let dorthe: string;
  let agentMail: ReceivedMail;

  beforeAll(async () => {
    dortheId = await newUser("dorthe@example.dk");
    const other = await newUser("anden@example.dk");
    createAgent(db, dortheId, {
      name: "Val Thorens i februar",
      query: "destinationSlugs=val-thorens",
      frequency: "daily",
      priceDrops: true,
    });
    createAgent(db, dortheId, { name: "Alt", query: "", frequency: "instant" });
    createAgent(db, other, { name: "Den andens agent", query: "adultCount=4", frequency: "weekly" });
    saveTrips(db, { userId: dortheId }, ["konto-t2"]);
    saveTrips(db, { userId: other }, ["konto-t1"]);
    // A new trip, then the agents' e-mails (the e-mail log).
    await importLines(db, T);
    const from = smtp.messages.length;
    await notifyAgents(db, context.mailer);
    agentMail = await smtp.waitFor((m) => m.to.includes("dorthe@example.dk"), { from });
    dorthe = await session("dorthe@example.dk");
  });

  it("'Download mine data' is a JSON file of exactly the person's account, agents, saved trips and e-mails", async () => {
    expect((await run(download.loader as Fn, getRequest("/konto/mine-data"))).status).toBe(302);
    const res = await run(download.loader as Fn, getRequest("/konto/mine-data", dorthe));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="pistepris-mine-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.body as string);
    expect(data.konto).toEqual({ email: "dorthe@example.dk", oprettet: expect.any(String), bekræftet: expect.any(String) });
    expect(data.søgeagenter.map((a: { navn: string }) => a.navn)).toEqual(["Val Thorens i februar", "Alt"]);
    expect(data.søgeagenter[0]).toEqual({
      navn: "Val Thorens i februar",
      søgning: `${TEST_ORIGIN}/skirejser?destinationSlugs=val-thorens`,
      hyppighed: "Dagligt",
      beskedVedPrisfald: true,
      påPause: false,
      oprettet: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      senesteEmail: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(data.gemteRejser).toEqual([
      expect.objectContaining({
        rejse: "konto-t2",
        ophold: "Kontohotel 2",
        side: `${TEST_ORIGIN}/ophold/konto-hotel-2`,
        tilbud: `${TEST_ORIGIN}/ud/konto-t2`,
      }),
    ]);
    // Two agents e-mailed (each its new trip); the counts match the e-mail that went out.
    expect(data.emails).toHaveLength(2);
    expect(data.emails.map((e: { søgeagent: string }) => e.søgeagent).sort()).toEqual(["Alt", "Val Thorens i februar"]);
    expect(data.emails.every((e: { nyeRejser: number }) => e.nyeRejser === 1)).toBe(true);
    expect(agentMail.to).toEqual(["dorthe@example.dk"]);
    // Nothing of the other account.
    const text = JSON.stringify(data);
    for (const theirs of ["anden@example.dk", "Den andens agent", "konto-t1", "adultCount=4"]) expect(text).not.toContain(theirs);
  });

  it("the last operator cannot delete their account, and is told why", async () => {
    const id = await newUser("eneste@example.dk");
    setOperator(db, "eneste@example.dk", true, "CLI");
    const cookie = await session("eneste@example.dk");
    const refused = await post(cookie, { intent: "delete", currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect((refused.body as { error: string }).error).toMatch(/^Du er den eneste, der har adgang til driftssiderne/);
    expect(db.select().from(users).where(eq(users.id, id)).get()).toBeDefined();
    // With a second operator, the first may go; the log keeps the changes, without the address.
    setOperator(db, "dorthe@example.dk", true, "eneste@example.dk");
    const done = await post(cookie, { intent: "delete", currentPassword: PASSWORD });
    expect(done.status).toBe(302);
    expect(accountTraces(db.$client, { id, email: "eneste@example.dk" })).toEqual([]);
    expect(db.select().from(auditLog).where(eq(auditLog.subject, "dorthe@example.dk")).get()?.actor).toBe("(slettet konto)");
  });

  it("'Slet min konto' needs the password, then deletes everything of the account, sends a receipt and logs out", async () => {
    expect(await post(dorthe, { intent: "delete", currentPassword: "forkert" })).toMatchObject({
      status: 401,
      body: { error: "Adgangskoden er forkert." },
    });
    // Dorthe is an operator now (the test above); with another one, her role may go with her account.
    expect(await post(dorthe, { intent: "delete", currentPassword: PASSWORD })).toMatchObject({ status: 409 });
    setOperator(db, "anden@example.dk", true, "CLI");
    // A failed log-in (the throttle's row) for the address, and a pending link, go too.
    await logIn("dorthe@example.dk", "forkert");
    await post(dorthe, { intent: "email", newEmail: "dorthe.ny@example.dk", currentPassword: PASSWORD });
    expect(accountTraces(db.$client, { id: dortheId, email: "dorthe@example.dk" }).length).toBeGreaterThan(5);
    const from = smtp.messages.length;
    const res = await post(dorthe, { intent: "delete", currentPassword: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/konto/slettet");
    expect(res.headers.get("set-cookie")).toMatch(/^__pistepris=;/);
    const receipt = await smtp.waitFor((m) => m.to.includes("dorthe@example.dk"), { from });
    expect(receipt.subject).toBe("Din konto på Pistepris er slettet");
    expect(accountTraces(db.$client, { id: dortheId, email: "dorthe@example.dk" })).toEqual([]);
    expect((await page(dorthe)).status).toBe(302);
    expect((await logIn("dorthe@example.dk")).status).toBe(401);
    // The other account is untouched.
    const other = await run(download.loader as Fn, getRequest("/konto/mine-data", await session("anden@example.dk")));
    expect(JSON.parse(other.body as string).gemteRejser).toHaveLength(1);
  });
});
