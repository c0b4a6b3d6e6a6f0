import { eq } from "drizzle-orm";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { pendingSignUps, savedTrips, searchAgents, sessions, users } from "../../db/schema";
import { importLines, tempDb } from "../support/db";
import { departureInDays, trip } from "../support/feed";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { saveTrips, savedTripIds } from "../../app/services/saved-trips/saved-trips.server";
import { testContext, TEST_ORIGIN } from "../support/context";
import type { AppLoadContext } from "@remix-run/node";
import { createMailer, type Mailer } from "../../app/services/mail/transport.server";
import * as login from "../../app/routes/account/login";
import * as signup from "../../app/routes/account/sign-up";
import * as logout from "../../app/routes/account/logout";
import * as agents from "../../app/routes/agents/list";
import * as saved from "../../app/routes/saved-trips";
import * as exists from "../../app/routes/api/agent-exists";
import * as confirm from "../../app/routes/account/confirm-sign-up";

// Accounts, search agents and saved trips, through the routes' loaders and actions on a
// temporary database, with sign-up e-mails going to a real SMTP server: sign-up that never tells
// whether an e-mail has an account, confirmation links, server-side sessions that log-out revokes,
// ownership (404), the same-origin rule (403), the throttles, session fixation and open redirects.

type Fn = (args: never) => unknown;
let db: Db;
let dir: string;
let smtp: TestSmtp;
/** The app context the routes get (app/services' mail goes to `smtp`). */
let context: AppLoadContext;

const ORIGIN = TEST_ORIGIN;
const T1 = trip({ id: "alpetours-t1", departureDate: departureInDays(60) });
const T2 = trip({ id: "alpetours-t2", departureDate: departureInDays(67) });

beforeAll(async () => {
  ({ db, dir } = tempDb());
  await importLines(db, [T1, T2]);
  smtp = await startSmtp();
  context = testContext(db, { env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Result {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The client address a test request comes from (the server takes it from the socket). */
const clientAddresses = new WeakMap<Request, string>();

/** Runs a loader or action; thrown Responses and `data()` results become one shape. */
async function run(
  fn: Fn,
  request: Request,
  params: Record<string, string> = {},
  overrides: Partial<AppLoadContext> = {},
): Promise<Result> {
  let out: unknown;
  try {
    const clientAddress = clientAddresses.get(request) ?? "192.0.2.1";
    out = await fn({ request, params, context: { ...context, clientAddress, ...overrides } } as never);
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) {
    const text = await out.text();
    return { status: out.status, headers: out.headers, body: text };
  }
  const d = out as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
  return { status: 200, headers: new Headers(), body: out };
}

function post(path: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string | null; ip?: string } = {}): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (opts.origin !== null) headers.set("Origin", opts.origin ?? ORIGIN);
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  clientAddresses.set(request, opts.ip ?? "192.0.2.1");
  return request;
}

function get(path: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The `name=value` part of a Set-Cookie header. */
const cookieOf = (r: Result) => (r.headers.get("set-cookie") ?? "").split(";")[0];

/** Sign-ups come from many addresses here, so the per-address sign-up throttle only bites where a test means it to. */
let nextIp = 1;
const freshIp = () => `192.0.2.${nextIp++}`;

/** Signs up with an e-mail (the form has no password: it is chosen on the confirmation link's page). */
async function signUp(email: string, opts: { ip?: string; redirectTo?: string; mailer?: Mailer } = {}) {
  const before = smtp.messages.length;
  const res = await run(
    signup.action,
    post("/konto/opret", { email, redirectTo: opts.redirectTo ?? "/soegeagenter" }, { ip: opts.ip ?? freshIp() }),
    {},
    opts.mailer ? { mailer: opts.mailer } : {},
  );
  return { res, mails: smtp.messages.slice(before) };
}

/** The confirmation token in a sign-up e-mail (its /konto/bekraeft/<token> link), if it has one. */
const tokenIn = (text: string) => /\/konto\/bekraeft\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** Uses a confirmation link, choosing `password` on its page. */
const confirmLink = (token: string, password = "hemmelig-kode", repeat = password) =>
  run(confirm.action, post(`/konto/bekraeft/${token}`, { password, passwordRepeat: repeat }), { token });

/** Signs up, confirms through the e-mailed link, and returns the new session cookie. */
async function createAccount(email: string, password = "hemmelig-kode"): Promise<string> {
  const { res, mails } = await signUp(email);
  expect(res.status).toBe(200);
  const token = tokenIn(mails[0].text)!;
  const confirmed = await confirmLink(token, password);
  expect(confirmed.status).toBe(302);
  return cookieOf(confirmed);
}

async function logIn(email: string, password: string, extra: { cookie?: string; ip?: string; redirectTo?: string } = {}) {
  return run(login.action, post("/konto/log-ind", { email, password, redirectTo: extra.redirectTo ?? "/soegeagenter" }, extra));
}

let anna: string;
let bo: string;

describe("accounts", () => {
  it("sign-up e-mails a confirmation link; the account exists only once the link is used, which logs in", async () => {
    const { res, mails } = await signUp("Anna@Example.dk", { redirectTo: "/skirejser?adultCount=4&dialog=createSearchAgent" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sentTo: "anna@example.dk" });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(db.select().from(users).all()).toHaveLength(0);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(["anna@example.dk"]);
    expect(mails[0].subject).toBe("Bekræft din e-mail til Pistepris");
    const token = tokenIn(mails[0].text)!;
    expect(mails[0].text).toContain(`${ORIGIN}/konto/bekraeft/${token}`);
    expect(mails[0].html).toContain(`href="${ORIGIN}/konto/bekraeft/${token}"`);
    // Only a digest of the token is stored.
    expect(JSON.stringify(db.select().from(pendingSignUps).all())).not.toContain(token);

    // Opening the link (or a mail scanner fetching it) changes nothing: it shows the password form.
    const page = await run(confirm.loader as Fn, get(`/konto/bekraeft/${token}`), { token });
    expect(page).toMatchObject({ status: 200, body: { email: "anna@example.dk" } });
    expect(db.select().from(users).all()).toHaveLength(0);
    // The password is chosen there: too short or not repeated alike is a Danish 400, and the link still works.
    const short = await confirmLink(token, "kort");
    expect(short).toMatchObject({ status: 400, body: { error: "Vælg en adgangskode på mindst 8 tegn." } });
    expect((await confirmLink(token, "hemmelig-kode", "hemmelig-kod")).body).toMatchObject({ error: "De to adgangskoder er ikke ens." });
    expect(db.select().from(users).all()).toHaveLength(0);

    const confirmed = await confirmLink(token);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/skirejser?adultCount=4&dialog=createSearchAgent");
    const setCookie = confirmed.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__pistepris=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    anna = cookieOf(confirmed);
    const row = db.$client.prepare("select email, password_hash from users").get() as { email: string; password_hash: string };
    expect(row.email).toBe("anna@example.dk");
    expect(row.password_hash).toMatch(/^scrypt\$/);
    // A link works once.
    expect((await confirmLink(token)).status).toBe(404);
    expect((await run(confirm.loader as Fn, get(`/konto/bekraeft/${token}`), { token })).status).toBe(404);
    bo = await createAccount("bo@example.dk");
  });

  it("sign-up answers exactly the same for an e-mail that has an account, which is e-mailed a log-in link instead", async () => {
    const taken = await signUp("anna@example.dk");
    const fresh = await signUp("dorte@example.dk");
    expect(taken.res.status).toBe(fresh.res.status);
    expect(taken.res.body).toEqual({ ...(fresh.res.body as object), email: "anna@example.dk", sentTo: "anna@example.dk" });
    expect(taken.res.headers.get("set-cookie")).toBeNull();
    expect(taken.mails).toHaveLength(1);
    expect(taken.mails[0].subject).toBe("Du har allerede en konto på Pistepris");
    expect(taken.mails[0].text).toContain(`${ORIGIN}/konto/log-ind`);
    expect(tokenIn(taken.mails[0].text)).toBeUndefined();
    // Nothing changed for Anna: still one account, still her password.
    expect(db.select().from(users).where(eq(users.email, "anna@example.dk")).all()).toHaveLength(1);
    expect((await logIn("anna@example.dk", "hemmelig-kode", { ip: "198.51.100.9" })).status).toBe(302);
  });

  it("pre-hijack: a sign-up for someone else's e-mail cannot give the account a password the signer knows", async () => {
    // The attacker signs up with the victim's e-mail and a password of their own.
    const attacker = await run(
      signup.action,
      post("/konto/opret", { email: "vera@example.dk", password: "angriberens-kode", passwordRepeat: "angriberens-kode" }),
    );
    expect(attacker.status).toBe(200);
    const token = tokenIn(smtp.messages.at(-1)!.text)!;
    expect(JSON.stringify(db.select().from(pendingSignUps).where(eq(pendingSignUps.email, "vera@example.dk")).all())).not.toMatch(/scrypt/);
    // Vera follows the link she received and chooses her own password there.
    const confirmed = await run(
      confirm.action,
      post(`/konto/bekraeft/${token}`, { password: "veras-egen-kode", passwordRepeat: "veras-egen-kode" }),
      { token },
    );
    expect(confirmed.status).toBe(302);
    expect((await logIn("vera@example.dk", "angriberens-kode", { ip: "198.51.100.40" })).status).toBe(401);
    expect((await logIn("vera@example.dk", "veras-egen-kode", { ip: "198.51.100.41" })).status).toBe(302);
  });

  it("a link is spent when another link for the same e-mail is used, and an expired link is refused", async () => {
    const first = tokenIn((await signUp("erik@example.dk")).mails[0].text)!;
    const second = tokenIn((await signUp("erik@example.dk")).mails[0].text)!;
    expect((await confirmLink(second, "eriks-kode-2")).status).toBe(302);
    const spent = await confirmLink(first, "eriks-kode-1");
    expect(spent.status).toBe(404);
    expect((spent.body as { error: string }).error).toBe(
      "Linket er udløbet eller allerede brugt. Opret kontoen igen for at få et nyt link.",
    );
    expect((await logIn("erik@example.dk", "eriks-kode-2", { ip: "198.51.100.10" })).status).toBe(302);

    const late = tokenIn((await signUp("frida@example.dk")).mails[0].text)!;
    db.update(pendingSignUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignUps.email, "frida@example.dk"))
      .run();
    expect((await confirmLink(late)).status).toBe(404);
    expect(db.select().from(users).where(eq(users.email, "frida@example.dk")).all()).toHaveLength(0);
  });

  it("log-in before confirming: the e-mail has no password yet, so any password gets the usual message", async () => {
    await signUp("gustav@example.dk");
    const res = await logIn("gustav@example.dk", "gustavs-kode", { ip: "198.51.100.11" });
    expect(res.status).toBe(401);
    expect((res.body as { error: string }).error).toBe("Forkert e-mail eller adgangskode");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("sign-up is throttled: 3 per e-mail and 10 per address an hour, with a Danish message and no e-mail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp("hanne@example.dk")).res.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const ip = "198.51.100.77";
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 11; i++) fromOneAddress.push((await signUp(`bot${i}@example.dk`, { ip })).res.status);
    expect(fromOneAddress.slice(0, 10).every((x) => x === 200)).toBe(true);
    const last = await signUp("bot-last@example.dk", { ip });
    expect(last.res.status).toBe(429);
    expect((last.res.body as { error: string }).error).toBe("For mange forsøg på at oprette en konto. Vent en time, og prøv igen.");
    expect(last.mails).toHaveLength(0);
  });

  it("an e-mail that cannot be sent: a Danish message, and no usable link is left behind", async () => {
    // Nothing listens on port 9.
    const unreachable = createMailer({ smtpUrl: "smtp://127.0.0.1:9", outboxDir: dir, from: undefined }, ORIGIN);
    const { res } = await signUp("ida@example.dk", { mailer: unreachable });
    expect(res.status).toBe(503);
    expect((res.body as { error: string }).error).toBe("Vi kunne ikke sende e-mailen lige nu. Prøv igen om lidt.");
    expect(db.select().from(pendingSignUps).where(eq(pendingSignUps.email, "ida@example.dk")).all()).toHaveLength(0);
  });

  it("a wrong password and an unknown e-mail give the same Danish message", async () => {
    const wrong = await logIn("anna@example.dk", "forkert-kode", { ip: "198.51.100.1" });
    const unknown = await logIn("nobody@example.dk", "forkert-kode", { ip: "198.51.100.1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((wrong.body as { error: string }).error).toBe("Forkert e-mail eller adgangskode");
    expect((unknown.body as { error: string }).error).toBe("Forkert e-mail eller adgangskode");
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("session fixation: a log-in always issues a fresh session cookie, whatever cookie came with it", async () => {
    // The attacker's own session, planted in the victim's browser before they log in.
    const planted = bo;
    const res = await logIn("anna@example.dk", "hemmelig-kode", { cookie: planted, ip: "198.51.100.2" });
    expect(res.status).toBe(302);
    const fresh = cookieOf(res);
    expect(fresh).toMatch(/^__pistepris=/);
    expect(fresh).not.toBe(planted);
    // The same user logging in twice gets two different sessions (a new random id each time).
    const again = cookieOf(await logIn("anna@example.dk", "hemmelig-kode", { ip: "198.51.100.2" }));
    expect(again).not.toBe(fresh);
    // The fresh cookie is Anna's: her agent page, not Bo's.
    const page = await run(agents.loader, get("/soegeagenter", fresh));
    expect(page.status).toBe(200);
  });

  it("open redirects after log-in are refused", async () => {
    const hostile = [
      "//evil.example",
      "https://evil.example/x",
      "/\\evil.example",
      "/\\/evil.example",
      "http:evil.example",
      "/.//evil.example",
    ];
    for (const evil of hostile) {
      const res = await logIn("anna@example.dk", "hemmelig-kode", { redirectTo: evil, ip: "198.51.100.3" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/soegeagenter");
    }
    const ok = await logIn("anna@example.dk", "hemmelig-kode", {
      redirectTo: "/skirejser?adultCount=4&dialog=createSearchAgent",
      ip: "198.51.100.3",
    });
    expect(ok.headers.get("location")).toBe("/skirejser?adultCount=4&dialog=createSearchAgent");
    // The log-in page's own redirectTo param too.
    const page = await run(login.loader, get("/konto/log-ind?redirectTo=%2F%2Fevil.example", anna));
    expect(page.headers.get("location")).toBe("/soegeagenter");
  });

  it("20 wrong passwords: throttled with a Danish message, and then even the right password is refused", async () => {
    await createAccount("carl@example.dk", "carls-kode-1");
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await logIn("carl@example.dk", `gæt-${i}`, { ip: "203.0.113.7" })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await logIn("carl@example.dk", "carls-kode-1", { ip: "203.0.113.99" });
    expect(right.status).toBe(429);
    expect((right.body as { error: string }).error).toMatch(/For mange forsøg/);
    expect(right.headers.get("set-cookie")).toBeNull();
  });

  it("parallel wrong passwords cannot slip past the throttle while the passwords are being checked", async () => {
    await createAccount("parallel@example.dk", "parallel-kode");
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => logIn("parallel@example.dk", `gæt-${i}`, { ip: "203.0.113.30" }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // And from many addresses at once, at most the per-address limit passes from each.
    const fromOne = await Promise.all(
      Array.from({ length: 30 }, (_, i) => logIn(`nobody-${i}@example.dk`, "x", { ip: "203.0.113.31" }).then((r) => r.status)),
    );
    expect(fromOne.filter((s) => s === 401)).toHaveLength(20);
  });

  it("20 failures from one address throttle that address for every account", async () => {
    for (let i = 0; i < 20; i++) await logIn(`guess${i}@example.dk`, "x", { ip: "203.0.113.50" });
    const res = await logIn("bo@example.dk", "hemmelig-kode", { ip: "203.0.113.50" });
    expect(res.status).toBe(429);
    expect((await logIn("bo@example.dk", "hemmelig-kode", { ip: "203.0.113.51" })).status).toBe(302);
  });

  it("sessions live on the server: only a digest of the id is stored, a tampered or expired cookie is nobody", async () => {
    const cookie = await createAccountOrLogin("bo@example.dk");
    const signed = decodeURIComponent(cookie.split("=")[1]);
    // The cookie is `base64(JSON id).signature`; the table holds neither the id nor the cookie.
    const id = JSON.parse(Buffer.from(signed.split(".")[0], "base64").toString()) as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = JSON.stringify(db.select().from(sessions).all());
    expect(stored).not.toContain(id);
    expect(stored).not.toContain(signed.split(".")[0]);
    expect((await run(agents.loader, get("/soegeagenter", cookie))).status).toBe(200);
    // Another id with the signature of this one: the signature does not match.
    const tampered = `__pistepris=${encodeURIComponent(`x${signed}`)}`;
    expect((await run(agents.loader, get("/soegeagenter", tampered))).status).toBe(302);
    // An expired session row no longer counts, even though the cookie is intact.
    const before = db
      .select()
      .from(sessions)
      .all()
      .map((r) => r.idHash);
    const second = await createAccountOrLogin("bo@example.dk");
    const [newRow] = db
      .select()
      .from(sessions)
      .all()
      .filter((r) => !before.includes(r.idHash));
    db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, newRow.idHash))
      .run();
    expect((await run(agents.loader, get("/soegeagenter", second))).status).toBe(302);
    expect((await run(agents.loader, get("/soegeagenter", cookie))).status).toBe(200);
  });

  it("log-out (POST only) ends the session on the server: a copy of the cookie stops working too", async () => {
    const copy = anna;
    expect((await run(agents.loader, get("/soegeagenter", copy))).status).toBe(200);
    const viaGet = await run(logout.loader as Fn, get("/konto/log-ud", anna));
    expect(viaGet.headers.get("set-cookie")).toBeNull();
    expect((await run(agents.loader, get("/soegeagenter", copy))).status).toBe(200);
    const res = await run(logout.action, post("/konto/log-ud", {}, { cookie: anna }));
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toMatch(/__pistepris=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    // The browser forgets the cookie; someone who copied it is logged out as well.
    const after = await run(agents.loader, get("/soegeagenter", copy));
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/konto\/log-ind/);
    // Bo's sessions elsewhere are untouched.
    expect((await run(agents.loader, get("/soegeagenter", bo))).status).toBe(200);
  });
});

describe("same-origin rule: cross-origin POSTs are refused with 403", () => {
  const cases: Array<[string, () => Fn, Record<string, string>]> = [
    ["/konto/log-ind", () => login.action, { email: "anna@example.dk", password: "hemmelig-kode" }],
    ["/konto/opret", () => signup.action, { email: "eve@example.dk" }],
    ["/konto/log-ud", () => logout.action, {}],
    ["/konto/bekraeft/x", () => confirm.action, { password: "hemmelig-kode", passwordRepeat: "hemmelig-kode" }],
    ["/soegeagenter", () => agents.action, { intent: "create", search: "adultCount=3", name: "X", frequency: "daily" }],
    ["/gemte-rejser", () => saved.action, { intent: "save", tripId: "alpetours-t1" }],
  ];
  for (const [path, fn, fields] of cases) {
    it(`POST ${path} from another site, and without Origin or Referer`, async () => {
      const evil = await run(fn(), post(path, fields, { origin: "http://evil.example", cookie: anna }));
      expect(evil.status).toBe(403);
      expect(evil.body).toMatch(/afvist/);
      const none = await run(fn(), post(path, fields, { origin: null, cookie: anna }));
      expect(none.status).toBe(403);
    });
  }
  it("nothing was written by the refused requests", () => {
    expect(db.select().from(searchAgents).all()).toHaveLength(0);
    expect(db.select().from(savedTrips).all()).toHaveLength(0);
    expect(db.$client.prepare("select count(*) n from users where email = 'eve@example.dk'").get()).toEqual({ n: 0 });
    expect(db.$client.prepare("select count(*) n from pending_sign_ups where email = 'eve@example.dk'").get()).toEqual({ n: 0 });
  });
});

// (A body over the limit never reaches a route: the server answers 413 first, tests/e2e/hostile-http.test.ts.)
describe("a body that is not a form gets a Danish 400, never a 500", () => {
  const routes: Array<[string, () => Fn]> = [
    ["/konto/log-ind", () => login.action],
    ["/konto/opret", () => signup.action],
    ["/soegeagenter", () => agents.action],
    ["/gemte-rejser", () => saved.action],
  ];
  const bodies: Array<[string, string]> = [
    ["application/json", '{"email":"anna@example.dk"}'],
    ["text/plain", "email=anna@example.dk"],
    ["multipart/form-data", "--x\r\nnot a part"],
    ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n"],
  ];
  for (const [path, fn] of routes) {
    it(`POST ${path}`, async () => {
      for (const [type, body] of bodies) {
        const request = new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": type, Cookie: bo },
          body,
        });
        const res = await run(fn(), request);
        expect(res.status, type).toBe(400);
        expect(res.body, type).toBe("Formularen kunne ikke læses. Udfyld den igen, og send den fra siden.");
      }
    });
  }
});

describe("search agents: reachable only by their owner", () => {
  let annaAgent: number;

  it("the agent page needs a log-in", async () => {
    const res = await run(agents.loader, get("/soegeagenter"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/konto/log-ind?redirectTo=%2Fsoegeagenter");
  });

  it("creates an agent for the current search (canonical query, view params dropped)", async () => {
    anna = await createAccountOrLogin("anna@example.dk");
    const res = await run(
      agents.action,
      post(
        "/soegeagenter",
        {
          intent: "create",
          search: "destinationSlugs=frankrig&sort=price%3Aasc&page=3&priceType=total&aff=x",
          name: "Frankrig",
          frequency: "weekly",
        },
        { cookie: anna },
      ),
    );
    expect(res.status).toBe(302);
    const rows = db.select().from(searchAgents).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Frankrig", query: "destinationSlugs=frankrig", frequency: "weekly", active: true });
    annaAgent = rows[0].id;
  });

  it("GET /api/search-agents/exists answers per visitor", async () => {
    const json = async (cookie?: string) => {
      const res = await run(exists.loader as Fn, get("/api/search-agents/exists?destinationSlugs=frankrig&sort=price:asc", cookie));
      return JSON.parse(res.body as string);
    };
    expect(await json(anna)).toEqual({ exists: true, loggedIn: true });
    expect(await json(bo)).toEqual({ exists: false, loggedIn: true });
    expect(await json()).toEqual({ exists: false, loggedIn: false });
  });

  it("the owner's page lists it with the search in words and the trips matching now", async () => {
    const res = await run(agents.loader, get("/soegeagenter", anna));
    const list = (res.body as { agents: Array<Record<string, unknown>> }).agents;
    expect(list).toEqual([
      expect.objectContaining({
        id: annaAgent,
        name: "Frankrig",
        summary: "Frankrig · 2 personer · Snarest muligt",
        matches: 2,
        href: "/skirejser?destinationSlugs=frankrig",
      }),
    ]);
    const boPage = await run(agents.loader, get("/soegeagenter", bo));
    expect((boPage.body as { agents: unknown[] }).agents).toEqual([]);
  });

  it("another user's agent id is a 404 for every action, and the agent is untouched", async () => {
    const intents: Array<Record<string, string>> = [
      { intent: "rename", name: "Hacked" },
      { intent: "pause" },
      { intent: "resume" },
      { intent: "frequency", frequency: "daily" },
      { intent: "delete" },
    ];
    for (const fields of intents) {
      const res = await run(agents.action, post("/soegeagenter", { ...fields, agentId: String(annaAgent) }, { cookie: bo }));
      expect(res.status, fields.intent).toBe(404);
    }
    expect(db.select().from(searchAgents).where(eq(searchAgents.id, annaAgent)).get()).toMatchObject({
      name: "Frankrig",
      active: true,
      frequency: "weekly",
    });
  });

  it("the owner renames, pauses, resumes, changes frequency and deletes", async () => {
    const act = (fields: Record<string, string>) =>
      run(agents.action, post("/soegeagenter", { ...fields, agentId: String(annaAgent) }, { cookie: anna }));
    expect((await act({ intent: "rename", name: "Alperne" })).status).toBe(302);
    expect((await act({ intent: "pause" })).status).toBe(302);
    expect((await act({ intent: "frequency", frequency: "daily" })).status).toBe(302);
    expect(db.select().from(searchAgents).where(eq(searchAgents.id, annaAgent)).get()).toMatchObject({
      name: "Alperne",
      active: false,
      frequency: "daily",
    });
    expect((await act({ intent: "resume" })).status).toBe(302);
    expect(db.select().from(searchAgents).where(eq(searchAgents.id, annaAgent)).get()?.active).toBe(true);
    expect((await act({ intent: "delete" })).status).toBe(302);
    expect(db.select().from(searchAgents).all()).toHaveLength(0);
    expect((await act({ intent: "delete" })).status).toBe(404);
  });

  it("an anonymous POST goes to the log-in page", async () => {
    const res = await run(agents.action, post("/soegeagenter", { intent: "delete", agentId: "1" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/konto\/log-ind\?redirectTo=/);
  });
});

describe("saved trips: reachable only by their owner", () => {
  it("saves a stored trip (unknown trips are a 404) and lists it with its details", async () => {
    expect(
      (
        await run(
          saved.action,
          post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1", redirectTo: "/skirejser" }, { cookie: anna }),
        )
      ).headers.get("location"),
    ).toBe("/skirejser");
    expect((await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "no-such-trip" }, { cookie: anna }))).status).toBe(404);
    const page = await run(saved.loader, get("/gemte-rejser", anna));
    const trips = (page.body as { trips: Array<Record<string, unknown>> }).trips;
    expect(trips).toEqual([
      expect.objectContaining({ tripId: "alpetours-t1", accommodation: "Hotel L'Aiguille", company: "Alpetours", resort: "Val Thorens" }),
    ]);
  });

  it("another user's saved trip is a 404 and stays saved; their list does not show it", async () => {
    const res = await run(saved.action, post("/gemte-rejser", { intent: "remove", tripId: "alpetours-t1" }, { cookie: bo }));
    expect(res.status).toBe(404);
    expect(db.select().from(savedTrips).all()).toHaveLength(1);
    const page = await run(saved.loader, get("/gemte-rejser", bo));
    expect((page.body as { trips: unknown[] }).trips).toEqual([]);
  });

  it("a fetcher's save gets the trip's state as data", async () => {
    const res = await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t2", js: "1" }, { cookie: bo }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, tripId: "alpetours-t2", isSaved: true });
    expect(db.select().from(savedTrips).where(eq(savedTrips.tripId, "alpetours-t2")).all()).toHaveLength(1);
  });

  it("a guest's saves: kept under their cookie, on their page only, moved to the account at log-in", async () => {
    // Without a cookie: an empty page that says how to keep saves, and nobody's trips.
    const empty = await run(saved.loader, get("/gemte-rejser"));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ guest: true, trips: [] });

    // The first save sets the cookie (HttpOnly, SameSite=Lax, 30 days) and goes back where it came from.
    const first = await run(
      saved.action,
      post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1", redirectTo: "/skirejser?page=2" }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/skirejser?page=2");
    const setCookie = first.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__pistepris_gemte=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    const guest = setCookie.split(";")[0];
    expect(
      (await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t2", js: "1" }, { cookie: guest }))).body,
    ).toEqual({
      ok: true,
      tripId: "alpetours-t2",
      isSaved: true,
    });
    // Stored under a digest of the id, never the id itself.
    const rows = db.$client
      .prepare("SELECT guest_id_hash AS hash, trip_id AS trip FROM guest_saved_trips ORDER BY trip_id")
      .all() as Array<{
      hash: string;
      trip: string;
    }>;
    expect(rows.map((r) => r.trip)).toEqual(["alpetours-t1", "alpetours-t2"]);
    expect(rows.every((r) => !guest.includes(r.hash))).toBe(true);
    const page = await run(saved.loader, get("/gemte-rejser", guest));
    expect((page.body as { guest: boolean; trips: Array<{ tripId: string }> }).trips.map((t) => t.tripId).sort()).toEqual([
      "alpetours-t1",
      "alpetours-t2",
    ]);

    // Another guest, a forged cookie or an account sees none of them, and cannot remove them.
    const other = cookieOf(await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1" })));
    expect((await run(saved.action, post("/gemte-rejser", { intent: "remove", tripId: "alpetours-t2" }, { cookie: other }))).status).toBe(
      404,
    );
    const forged = `__pistepris_gemte=${encodeURIComponent(guest.split("=")[1].slice(0, -4) + "AAAA")}`;
    expect((await run(saved.loader, get("/gemte-rejser", forged))).body).toEqual({ guest: true, trips: [] });
    expect((await run(saved.action, post("/gemte-rejser", { intent: "remove", tripId: "alpetours-t1" }, { cookie: forged }))).status).toBe(
      404,
    );
    expect(db.$client.prepare("SELECT count(*) FROM guest_saved_trips").pluck().get()).toBe(3);

    // Logging in carries the list to the account and clears the cookie; the guest's rows are gone.
    await createAccount("carla@example.dk");
    const loggedIn = await logIn("carla@example.dk", "hemmelig-kode", { cookie: guest, redirectTo: "/gemte-rejser" });
    expect(loggedIn.status).toBe(302);
    const cookies = loggedIn.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^__pistepris=/);
    expect(cookies[1]).toMatch(/^__pistepris_gemte=; Max-Age=0;/);
    const account = await run(saved.loader, get("/gemte-rejser", cookies[0].split(";")[0]));
    expect(account.body).toMatchObject({ guest: false });
    expect((account.body as { trips: Array<{ tripId: string }> }).trips.map((t) => t.tripId).sort()).toEqual([
      "alpetours-t1",
      "alpetours-t2",
    ]);
    expect(db.$client.prepare("SELECT count(*) FROM guest_saved_trips").pluck().get()).toBe(1);
    expect((await run(saved.loader, get("/gemte-rejser", guest))).body).toEqual({ guest: true, trips: [] });
  });

  it("a guest's saves move to the account at sign-up too", async () => {
    const guest = cookieOf(await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t2" })));
    const { mails } = await signUp("dorte@example.dk", { redirectTo: "/gemte-rejser" });
    const token = tokenIn(mails[0].text)!;
    const confirmed = await run(
      confirm.action,
      post(`/konto/bekraeft/${token}`, { password: "hemmelig-kode", passwordRepeat: "hemmelig-kode" }, { cookie: guest }),
      { token },
    );
    expect(confirmed.status).toBe(302);
    const [session, cleared] = confirmed.headers.getSetCookie();
    expect(cleared).toMatch(/^__pistepris_gemte=; Max-Age=0;/);
    const page = await run(saved.loader, get("/gemte-rejser", session.split(";")[0]));
    expect((page.body as { trips: Array<{ tripId: string }> }).trips.map((t) => t.tripId)).toEqual(["alpetours-t2"]);
  });

  it("a redirectTo elsewhere is refused", async () => {
    const evil = await run(
      saved.action,
      post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1", redirectTo: "//evil.example" }, { cookie: anna }),
    );
    expect(evil.headers.get("location")).toBe("/gemte-rejser");
  });
});

async function createAccountOrLogin(email: string): Promise<string> {
  const res = await logIn(email, "hemmelig-kode", { ip: "198.51.100.200" });
  expect(res.status).toBe(302);
  return cookieOf(res);
}

describe("per-user limits: agents and saved trips", () => {
  let cookie: string;
  const many = Array.from({ length: 510 }, (_, i) => trip({ id: `limit-trip-${i}`, departureDate: "2027-03-06" }));

  beforeAll(async () => {
    await importLines(db, [T1, T2, ...many], new Date("2027-01-02T12:00:00Z"));
    cookie = await createAccount("mange@example.dk");
  });

  it("50 search agents at most, then a Danish message; deleting one makes room", async () => {
    const create = (maxPrice: number) =>
      run(
        agents.action,
        post("/soegeagenter", { intent: "create", search: `maxPrice=${maxPrice}`, name: "A", frequency: "daily" }, { cookie }),
      );
    for (let i = 0; i < 50; i++) expect((await create(20_000 + i * 100)).status).toBe(302);
    const refused = await create(30_000);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: "Du kan højst have 50 søgeagenter. Slet en, før du opretter en ny." });
    const userId = db.select().from(users).where(eq(users.email, "mange@example.dk")).get()!.id;
    const own = db.select().from(searchAgents).where(eq(searchAgents.userId, userId)).all();
    expect(own).toHaveLength(50);
    expect((await run(agents.action, post("/soegeagenter", { intent: "delete", agentId: String(own[0].id) }, { cookie }))).status).toBe(
      302,
    );
    expect((await create(30_000)).status).toBe(302);
    expect(db.select().from(searchAgents).where(eq(searchAgents.userId, userId)).all()).toHaveLength(50);
  });

  it("500 saved trips at most: a save beyond it gets a Danish message; a guest's list carried at log-in fills what fits", async () => {
    const ids = many.map((t) => t.id);
    const userId = db.select().from(users).where(eq(users.email, "mange@example.dk")).get()!.id;
    expect(saveTrips(db, { userId }, ids.slice(0, 499))).toEqual({ saved: 499, full: false });
    // A guest with three saves logs in: one fits, and the guest's list is gone all the same.
    let guest = "";
    for (const id of ids.slice(499, 502)) {
      const res = await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: id }, guest ? { cookie: guest } : {}));
      guest ||= cookieOf(res);
    }
    cookie = cookieOf(await logIn("mange@example.dk", "hemmelig-kode", { cookie: guest, ip: "198.51.100.201" }));
    expect(db.select().from(savedTrips).where(eq(savedTrips.userId, userId)).all()).toHaveLength(500);
    expect(savedTripIds(db, { userId })).toContain(ids[499]);
    expect((await run(saved.loader, get("/gemte-rejser", guest))).body).toEqual({ guest: true, trips: [] });
    const one = await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1", js: "1" }, { cookie }));
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({
      ok: false,
      tripId: "alpetours-t1",
      isSaved: false,
      error: "Du kan højst gemme 500 rejser. Fjern nogle, før du gemmer flere.",
    });
    // Saving one already saved is no new save; removing one makes room.
    expect((await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: ids[0], js: "1" }, { cookie }))).status).toBe(200);
    await run(saved.action, post("/gemte-rejser", { intent: "remove", tripId: ids[0], js: "1" }, { cookie }));
    expect((await run(saved.action, post("/gemte-rejser", { intent: "save", tripId: "alpetours-t1", js: "1" }, { cookie }))).status).toBe(
      200,
    );
  });
});
