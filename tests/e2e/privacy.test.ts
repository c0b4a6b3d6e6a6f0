import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE } from "./support/browser";
import { createAccounts, logInThroughPage } from "./support/accounts";
import { clickNav, interact, open, seriousViolations } from "./support/page";
import { useServerAndBrowser } from "./support/suite";

// The privacy page (/privatliv), linked from every page's footer and from the sign-up and agent
// forms, and its cookie and storage section: a visitor's browser is driven through the site's
// pages as a traveller and as an operator would (saving trips, closing the tip, the map, the
// dialogs, logging in, the account, the dashboard), and every cookie, localStorage and
// sessionStorage key, IndexedDB database and cache it ends up with must be listed on the page.

const suite = useServerAndBrowser({
  demoTrips: 300,
  env: {
    SITE_OWNER_NAME: "Pistepris ApS",
    SITE_OWNER_ADDRESS: "Sneglevej 1, 8000 Aarhus C",
    SITE_OWNER_EMAIL: "privatliv@example.dk",
    RETENTION_MONTHS: "13",
  },
});
const PASSWORD = "privat-kode-2027";

beforeAll(async () => {
  await createAccounts(suite.server, ["rejsende@example.dk"], PASSWORD);
  await createAccounts(suite.server, ["drift@example.dk"], PASSWORD, { operator: true });
});

type Item = `${"cookie" | "localStorage" | "sessionStorage" | "indexedDB" | "cache"}:${string}`;

/** Everything the browser holds for any site after the visit: cookies of every domain, and our origin's storages. */
async function collect(ctx: BrowserContext, page: Page, into: Set<Item>) {
  for (const c of await ctx.cookies()) into.add(`cookie:${c.name}`);
  if (!page.url().startsWith(suite.server.url)) return;
  const held = await page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    indexedDB: (await indexedDB.databases()).map((d) => d.name ?? ""),
    cache: "caches" in window ? await caches.keys() : [],
  }));
  for (const [kind, names] of Object.entries(held)) for (const name of names) into.add(`${kind}:${name}` as Item);
}

/**
 * The page is used (its scripts come) and Remix has taken over its history entry: hydrating, it replaces the entry (adding its
 * index), and a goBack() issued before that ends on the replacement, so the real back navigation
 * comes later and destroys the page under collect().
 */
async function historyTaken(page: Page) {
  await interact(page);
  await page.waitForFunction(() => typeof (history.state as { idx?: unknown } | null)?.idx === "number");
}

/** The page's list: what it names in its cookie and storage section, with the kind it says. */
async function listed(page: Page): Promise<Set<Item>> {
  await page.goto("/privatliv");
  const names = page.getByTestId("storage-name");
  const items = await names.evaluateAll((els) => els.map((el) => `${el.getAttribute("data-kind")}:${el.textContent}`));
  return new Set(items as Item[]);
}

describe("the privacy page", () => {
  it("names who runs the site from the configuration, the retention period, the rights and Datatilsynet; no serious accessibility problems", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    await page.goto("/privatliv");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Privatliv og cookies");
    const owner = await page.locator("main").textContent();
    expect(owner).toContain("Pistepris ApS driver Pistepris og er dataansvarlig");
    expect(await page.getByTestId("site-owner").textContent()).toContain("Sneglevej 1, 8000 Aarhus C");
    expect(await page.getByTestId("site-owner").getByRole("link").getAttribute("href")).toBe("mailto:privatliv@example.dk");
    expect(owner).toContain("13 måneder");
    expect(owner).toContain("Datatilsynet");
    expect(owner).toContain("Download mine data");
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });

  it("is linked from every page's footer, and from the sign-up and agent forms", async () => {
    // The unknown path answers the 404 page, which has the footer too.
    suite.allowPageErrors(/status of 404 .*\/findes-ikke/);
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    for (const path of [
      "/",
      "/skirejser",
      "/soeg",
      "/partner",
      "/skiferie",
      "/konto/log-ind",
      "/konto/opret",
      "/konto/glemt-adgangskode",
      "/gemte-rejser",
      "/privatliv",
      "/findes-ikke",
    ]) {
      await page.goto(path);
      expect(await page.getByTestId("footer-privacy").getAttribute("href"), path).toBe("/privatliv");
    }
    await page.goto("/konto/opret");
    expect(
      await page.getByTestId("signup-form").getByRole("link", { name: "Sådan behandler vi dine oplysninger" }).getAttribute("href"),
    ).toBe("/privatliv");
    await logInThroughPage(page, "rejsende@example.dk", PASSWORD);
    await page.goto("/skirejser?adultCount=3&dialog=createSearchAgent");
    expect(
      await page.getByTestId("create-agent-form").getByRole("link", { name: "Sådan behandler vi dine oplysninger" }).getAttribute("href"),
    ).toBe("/privatliv");
    await ctx.close();
  });
});

describe("cookies and storage", () => {
  it("every cookie and storage key a visit leaves behind is named on the privacy page", async () => {
    const seen = new Set<Item>();
    for (const size of [DESKTOP, MOBILE]) {
      const ctx = await suite.newContext({ size });
      const page = await ctx.newPage();
      // A traveller who is not logged in: the landing page, a search, the tip closed, trips saved,
      // the map, an accommodation, the search form, the dialogs.
      await page.goto("/");
      await open(page, "/skirejser?sort=price:asc");
      if (size === DESKTOP) {
        await page.getByTestId("dismiss-hint").click();
      }
      const cards = page.getByRole("article");
      await cards.nth(0).locator(".save-trip").click();
      await cards.nth(1).locator(".save-trip").click();
      await expect.poll(() => cards.nth(1).locator(".save-trip").getAttribute("aria-pressed")).toBe("true");
      await collect(ctx, page, seen);
      await cards.nth(0).getByRole("link").first().click();
      await page.waitForURL(/\/ophold\//);
      await page.waitForLoadState("networkidle");
      await page.goBack();
      await page.waitForURL(/\/skirejser\?/);
      await open(page, "/skirejser?map=1");
      await open(page, "/skirejser?adultCount=3&dialog=login");
      await page.goto("/soeg");
      await page.goto("/partner");
      await page.goto("/skiferie");
      await historyTaken(page);
      await page.waitForLoadState("networkidle");
      await collect(ctx, page, seen);
      // Logged in: the saved trips carried over, the account page, an agent.
      await logInThroughPage(page, size === DESKTOP ? "rejsende@example.dk" : "drift@example.dk", PASSWORD);
      await open(page, "/skirejser");
      await collect(ctx, page, seen);
      await page.goto("/gemte-rejser");
      await page.goto("/konto");
      await page.goto("/soegeagenter");
      await open(page, "/skirejser?adultCount=4&dialog=createSearchAgent");
      await page.getByTestId("create-agent-submit").click();
      await page.waitForURL(/\/soegeagenter$/);
      if (size === MOBILE)
        for (const path of ["/drift", "/drift/importer", "/drift/klik", "/drift/bannere", "/drift/forsidebokse", "/drift/log"]) {
          await page.goto(path);
          await historyTaken(page);
        }
      const before = page.url();
      await page.goBack();
      await page.waitForURL((url) => url.href !== before);
      await historyTaken(page);
      await collect(ctx, page, seen);
      // Logged out again.
      await page.goto("/konto");
      await clickNav(page, "nav-logout");
      await page.waitForURL((url) => url.pathname === "/");
      await collect(ctx, page, seen);
      await ctx.close();
    }
    // The visit set something (the session cookie, the saves, the scroll positions), so the check below is no empty one.
    expect(seen).toContain("cookie:__pistepris");
    expect(seen.size).toBeGreaterThan(2);

    const page = await (await suite.newContext()).newPage();
    const names = await listed(page);
    const missing = [...seen].filter((item) => !names.has(item));
    expect(missing, "set in the browser, but not named on /privatliv").toEqual([]);
    // And the page names nothing the site no longer sets.
    expect(
      [...names].filter((item) => !seen.has(item)),
      "named on /privatliv, but never set",
    ).toEqual([]);
    await page.context().close();
  });
});
