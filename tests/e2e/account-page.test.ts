import Database from "better-sqlite3";
import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../db/client";
import { createAgent } from "../../app/services/agents/agents.server";
import { saveTrips } from "../../app/services/saved-trips/saved-trips.server";
import { accountTraces } from "../support/account-traces";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { DESKTOP, MOBILE } from "./support/browser";
import { createAccounts, logInThroughPage } from "./support/accounts";
import { AxeBuilder } from "@axe-core/playwright";
import { clickNav, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The account page (/konto) in Chromium, with JavaScript and without, the server's e-mails going
// to a real SMTP server: a new e-mail through the link sent to it (the old address told), a new
// password ending the other session, log-out on every device, "Download mine data" holding
// exactly the person's agents and saved trips, and "Slet min konto" leaving nothing of the account
// in any table of the store, after which logging in fails.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
const suite = useServerAndBrowser(() => ({ demoTrips: 300, env: { SMTP_URL: smtp.url, SITE_OWNER_EMAIL: "privatliv@example.dk" } }));

const PASSWORD = "konto-kode-2027";
const ids: Record<string, number> = {};
let tripIds: string[];

beforeAll(async () => {
  const emails = ["js@example.dk", "nojs@example.dk", "nabo@example.dk"];
  (await createAccounts(suite.server, emails, PASSWORD)).forEach((id, i) => (ids[emails[i]] = id));
  // An operator, for the header's link to /drift and the dashboard's pages.
  await createAccounts(suite.server, ["drift@example.dk"], PASSWORD, { operator: true });
  const res = await fetch(`${suite.server.url}/api/search?sort=price:asc`);
  tripIds = ((await res.json()) as { items: Array<{ trip: { id: string } }> }).items.map((i) => i.trip.id);
  // Each person's agents and saved trips, and a neighbour's that must never show in their data.
  const db = openDb(suite.server.dbFile);
  try {
    createAgent(db, ids["js@example.dk"], { name: "Billigst først", query: "adultCount=3", frequency: "daily", priceDrops: true });
    createAgent(db, ids["nojs@example.dk"], { name: "Fire personer", query: "adultCount=4", frequency: "weekly" });
    createAgent(db, ids["nabo@example.dk"], { name: "Naboens agent", query: "adultCount=5", frequency: "instant" });
    saveTrips(db, { userId: ids["js@example.dk"] }, tripIds.slice(0, 2));
    saveTrips(db, { userId: ids["nojs@example.dk"] }, tripIds.slice(2, 3));
    saveTrips(db, { userId: ids["nabo@example.dk"] }, tripIds.slice(3, 5));
  } finally {
    db.$client.close();
  }
});

/** Asks for a new e-mail on the account page and follows the link e-mailed to it; returns the notice to the old address. */
async function changeEmail(page: Page, from: string, to: string, password = PASSWORD) {
  await page.goto("/konto");
  const form = page.getByTestId("email-form");
  await form.getByLabel("Ny e-mail").fill(to);
  await form.getByLabel("Din nuværende adgangskode").fill(password);
  const before = smtp.messages.length;
  await page.getByTestId("email-submit").click();
  await page.getByTestId("account-email").getByTestId("form-message").waitFor();
  expect(await page.getByTestId("account-email").getByTestId("form-message").textContent()).toBe(
    `Vi har sendt et link til ${to}. Åbn det for at skifte til den nye e-mail.`,
  );
  const mail = await smtp.waitFor((m) => m.to.includes(to), { from: before });
  const link = /https?:\/\/\S+\/konto\/ny-email\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  // Nothing has changed yet.
  expect(await page.getByTestId("account-intro").textContent()).toContain(`Du er logget ind som ${from}.`);
  // The link works once: used, it answers 404 (the page after the change, or its revalidation, asks for it again).
  suite.allowPageErrors(/status of 404 .*\/konto\/ny-email\//);
  await page.goto(link);
  expect(await page.getByTestId("email-confirm-form").textContent()).toContain(`Skift e-mailen på din konto fra ${from} til ${to}?`);
  const noticed = smtp.messages.length;
  await page.getByTestId("email-confirm-submit").click();
  await page.getByTestId("email-changed").waitFor();
  expect(await page.getByTestId("email-changed").textContent()).toBe(`Din konto bruger nu ${to}.`);
  const notice = await smtp.waitFor((m) => m.to.includes(from), { from: noticed });
  expect(notice.subject).toBe("Din e-mail på Pistepris er skiftet");
  expect(notice.text).toContain(`E-mailen på din konto på Pistepris er nu skiftet til ${to}.`);
  expect(notice.text).toContain("privatliv@example.dk");
  await page.goto("/konto");
  expect(await page.getByTestId("account-intro").textContent()).toContain(`Du er logget ind som ${to}.`);
}

/** "Download mine data", as the browser saves it. */
async function download(page: Page) {
  await page.goto("/konto");
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("data-download").click()]);
  expect(file.suggestedFilename()).toMatch(/^pistepris-mine-data-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
}

function expectOwnData(
  data: { konto: { email: string }; søgeagenter: Array<{ navn: string }>; gemteRejser: Array<{ rejse: string }> },
  own: { email: string; agents: string[]; trips: string[] },
) {
  expect(data.konto.email).toBe(own.email);
  expect(data.søgeagenter.map((a) => a.navn)).toEqual(own.agents);
  expect(data.gemteRejser.map((t) => t.rejse).sort()).toEqual([...own.trips].sort());
  const text = JSON.stringify(data);
  for (const theirs of ["nabo@example.dk", "Naboens agent", ...tripIds.slice(3, 5)]) expect(text).not.toContain(theirs);
}

/** Deletes the account on the page; then no table of the store holds its id or e-mail, and logging in fails. */
async function deleteAccount(ctx: BrowserContext, page: Page, id: number, email: string, password = PASSWORD) {
  // A wrong password answers 401, and so does logging in to the deleted account.
  suite.allowPageErrors(/status of 401 .*\/konto(\.data)?\?index/, /status of 401 .*\/konto\/log-ind/);
  await page.goto("/konto");
  const form = page.getByTestId("delete-form");
  await form.getByLabel("Din nuværende adgangskode").fill("forkert-kode");
  await page.getByTestId("delete-submit").click();
  await page.getByTestId("account-delete").getByTestId("form-error").waitFor();
  expect(await page.getByTestId("account-delete").getByTestId("form-error").textContent()).toBe("Adgangskoden er forkert.");
  await page.getByTestId("delete-form").getByLabel("Din nuværende adgangskode").fill(password);
  const before = smtp.messages.length;
  await page.getByTestId("delete-submit").click();
  await page.getByTestId("account-deleted").waitFor();
  expect(new URL(page.url()).pathname).toBe("/konto/slettet");
  const receipt = await smtp.waitFor((m) => m.to.includes(email), { from: before });
  expect(receipt.subject).toBe("Din konto på Pistepris er slettet");

  const store = new Database(suite.server.dbFile, { readonly: true });
  try {
    expect(accountTraces(store, { id, email })).toEqual([]);
  } finally {
    store.close();
  }
  expect(await ctx.cookies()).not.toContainEqual(expect.objectContaining({ name: "__pistepris" }));
  await page.goto("/konto/log-ind");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Adgangskode", { exact: true }).fill(password);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("form-error").waitFor();
  expect(await page.getByTestId("form-error").textContent()).toBe("Forkert e-mail eller adgangskode");
}

describe("with JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ ctx, page } = opened));

  it("the header leads to the account page, which has no serious accessibility problems", async () => {
    await logInThroughPage(page, "js@example.dk", PASSWORD);
    await clickNav(page, "nav-account");
    await page.waitForURL(/\/konto$/);
    await page.getByTestId("account-intro").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Min konto");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a new e-mail, with the old address told", async () => {
    await changeEmail(page, "js@example.dk", "js.ny@example.dk");
  });

  it("'Download mine data' holds exactly the person's agents and saved trips", async () => {
    expectOwnData(await download(page), { email: "js.ny@example.dk", agents: ["Billigst først"], trips: tripIds.slice(0, 2) });
  });

  it("'Slet min konto' leaves nothing of the account in the store", async () => {
    await deleteAccount(ctx, page, ids["js@example.dk"], "js.ny@example.dk");
  });
});

describe("without JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  usePage(suite, { size: MOBILE, javaScript: false }, (opened) => ({ ctx, page } = opened));

  it("a new password needs the current one and ends the other session", async () => {
    const other = await suite.newContext({ javaScript: false });
    const otherPage = await other.newPage();
    await logInThroughPage(otherPage, "nojs@example.dk", PASSWORD);
    await logInThroughPage(page, "nojs@example.dk", PASSWORD);
    await page.goto("/konto");
    const form = page.getByTestId("password-form");
    suite.allowPageErrors(/status of 401 .*\/konto\?index/);
    await form.getByLabel("Din nuværende adgangskode").fill("forkert-kode");
    await form.getByLabel("Ny adgangskode").fill("ny-konto-kode");
    await form.getByLabel("Gentag adgangskode").fill("ny-konto-kode");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("account-password").getByTestId("form-error").waitFor();
    expect(await page.getByTestId("account-password").getByTestId("form-error").textContent()).toBe("Adgangskoden er forkert.");
    const again = page.getByTestId("password-form");
    await again.getByLabel("Din nuværende adgangskode").fill(PASSWORD);
    await again.getByLabel("Ny adgangskode").fill("ny-konto-kode");
    await again.getByLabel("Gentag adgangskode").fill("ny-konto-kode");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("account-password").getByTestId("form-message").waitFor();
    // This session stays; the other one has ended.
    await page.goto("/konto");
    expect(new URL(page.url()).pathname).toBe("/konto");
    await otherPage.goto("/konto");
    expect(new URL(otherPage.url()).pathname).toBe("/konto/log-ind");
    await other.close();
  });

  it("a new e-mail, with the old address told", async () => {
    await changeEmail(page, "nojs@example.dk", "nojs.ny@example.dk", "ny-konto-kode");
  });

  it("'Download mine data' holds exactly the person's agents and saved trips", async () => {
    expectOwnData(await download(page), { email: "nojs.ny@example.dk", agents: ["Fire personer"], trips: tripIds.slice(2, 3) });
  });

  it("'Log ud på alle enheder' ends this session too", async () => {
    await page.goto("/konto");
    await page.getByTestId("logout-all-submit").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/konto");
    expect(new URL(page.url()).pathname).toBe("/konto/log-ind");
  });

  it("'Slet min konto' leaves nothing of the account in the store", async () => {
    await logInThroughPage(page, "nojs.ny@example.dk", "ny-konto-kode");
    await deleteAccount(ctx, page, ids["nojs@example.dk"], "nojs.ny@example.dk", "ny-konto-kode");
  });
});

describe("every page's header and footer", () => {
  /** The header's links a visitor can reach on the page, by test id, opening the phone's menu first. */
  async function headerLinks(page: Page): Promise<string[]> {
    const summary = page.locator(".site-menu > summary");
    if (await summary.isVisible()) await summary.click();
    return page
      .locator(".site-menu")
      .locator("[data-testid^='nav-']")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!));
  }

  for (const [sizeName, size] of [
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const)
    for (const javaScript of [true, false])
      it(`${sizeName}, ${javaScript ? "with" : "without"} JavaScript: links on every page, the landing page too, in one row; /drift for an operator; the footer at the bottom`, async () => {
        const ctx = await suite.newContext({ size, javaScript });
        const page = await ctx.newPage();
        for (const path of ["/", "/skirejser", "/privatliv"]) {
          await page.goto(path);
          expect(await headerLinks(page), path).toEqual(["nav-all-trips", "nav-saved", "nav-login"]);
        }
        // The landing page's link to log in comes back to it.
        await page.goto("/");
        await clickNav(page, "nav-login");
        await page.waitForURL((url) => url.pathname === "/konto/log-ind" && url.searchParams.get("redirectTo") === "/");

        await logInThroughPage(page, "drift@example.dk", PASSWORD);
        await page.goto("/skirejser");
        const links = ["nav-all-trips", "nav-saved", "nav-agents", "nav-account", "nav-ops", "nav-logout"];
        expect(await headerLinks(page)).toEqual(links);
        await page.goto("/skirejser");
        // One row: the header is as tall as its tallest item, and nothing sticks out sideways.
        const header = await page.getByTestId("site-header").boundingBox();
        expect(header!.height).toBeLessThan(64);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.viewport.width);
        await clickNav(page, "nav-ops");
        await page.waitForURL((url) => url.pathname === "/drift");

        // A short page's footer ends at the window's bottom edge, not in its middle.
        await page.goto("/konto/glemt-adgangskode");
        const footer = await page.getByTestId("site-footer").boundingBox();
        expect(Math.round(footer!.y + footer!.height)).toBe(size.viewport.height);
        await ctx.close();
      });

  it("a traveller without the operator's right has no link to /drift", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await logInThroughPage(page, "nabo@example.dk", PASSWORD);
    await page.goto("/");
    expect(await headerLinks(page)).toEqual(["nav-all-trips", "nav-saved", "nav-agents", "nav-account", "nav-logout"]);
    await ctx.close();
  });
});

/** A country's, a resort's and an accommodation's page of the demo data, found through the site's own links. */
async function placePaths(page: Page): Promise<string[]> {
  await page.goto("/skiferie");
  const country = (await page.locator('main a[href^="/skiferie/"]').first().getAttribute("href"))!;
  await page.goto(country);
  const deeper = await page.locator('main a[href^="/skiferie/"]').evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
  await page.goto("/skirejser");
  const stay = (await page.locator('a[href^="/ophold/"]').first().getAttribute("href"))!;
  return [country, deeper.at(-1)!, stay];
}

/** Every page a traveller can open without an account (the error page last). */
async function travellerPaths(page: Page): Promise<string[]> {
  return [
    "/",
    "/skirejser",
    "/skirejser?map=1",
    "/skirejser?dialog=login",
    "/soeg",
    "/skiferie",
    ...(await placePaths(page)),
    "/partner",
    "/privatliv",
    "/konto/log-ind",
    "/konto/opret",
    "/konto/glemt-adgangskode",
    "/konto/slettet",
    "/gemte-rejser",
    "/findes-ikke",
  ];
}

/** The pages behind a log-in, an operator's: their own, the traveller's and the dashboard's. */
const OPERATOR_PATHS = [
  "/konto",
  "/soegeagenter",
  "/gemte-rejser",
  "/skirejser?dialog=createSearchAgent",
  "/drift",
  "/drift/importer",
  "/drift/klik",
  "/drift/bannere",
  "/drift/forsidebokse",
  "/drift/soegeagenter",
  "/drift/destinationer",
  "/drift/log",
];

describe("every page's head", () => {
  /** Pages search engines are kept out of (docs/urls.md "For search engines"). */
  const UNLISTED = /^\/(soeg|konto|gemte-rejser|soegeagenter|drift)(\/|$)/;

  it("has a title naming the site, one description and one canonical link; the pages kept out of search engines say noindex", async () => {
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    const found: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      const head = await page.evaluate(() => ({
        title: document.title,
        descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute("content") ?? ""),
        canonicals: document.querySelectorAll('link[rel="canonical"]').length,
        robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? "",
      }));
      if (!head.title.includes("Pistepris")) found.push(`${path}: title "${head.title}"`);
      if (head.descriptions.length !== 1 || head.descriptions[0].length < 30)
        found.push(`${path}: descriptions ${JSON.stringify(head.descriptions)}`);
      if (head.canonicals !== 1) found.push(`${path}: ${head.canonicals} canonical links`);
      if (UNLISTED.test(path) && !head.robots.split(/,\s*/).includes("noindex")) found.push(`${path}: robots "${head.robots}"`);
    };
    // The error page has no canonical link (docs/urls.md).
    for (const path of (await travellerPaths(page)).filter((p) => p !== "/findes-ikke")) await check(path);
    await logInThroughPage(page, "drift@example.dk", PASSWORD);
    for (const path of OPERATOR_PATHS) await check(path);
    await ctx.close();
    expect(found).toEqual([]);
  });
});

describe("accessibility of every page", () => {
  /** Every page at one size, first as a traveller, then logged in as an operator: axe's violations, one line each. */
  async function violations(size: typeof DESKTOP | typeof MOBILE): Promise<string[]> {
    const ctx = await suite.newContext({ size });
    const page = await ctx.newPage();
    const found: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations) found.push(`${path} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    for (const path of await travellerPaths(page)) await check(path);
    await logInThroughPage(page, "drift@example.dk", PASSWORD);
    for (const path of OPERATOR_PATHS) await check(path);
    await ctx.close();
    return found;
  }

  // About 30 pages, each analysed whole: longer than the suite's usual 120 s on a busy machine.
  for (const [sizeName, size] of [
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const)
    it(
      `${sizeName}: axe finds no violation, of any impact, on any page, a traveller's or an operator's`,
      { timeout: 300_000 },
      async () => {
        suite.allowPageErrors(/status of 404 .*\/findes-ikke/);
        expect(await violations(size)).toEqual([]);
      },
    );
});
