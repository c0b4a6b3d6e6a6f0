import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/accounts/password.server";
import { runIndexer } from "../support/cli";
import { trip, departureInDays } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { interact, scrollToPart } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The operators' dashboard (/drift) in the browser, on desktop and mobile, with JavaScript and
// without: who may open it, a banner added there showing at its slot on the results page and
// counting a view and a click, a landing box edited and seen on the landing page, an import with
// its rejected lines in the history, and the audit log.

const suite = useServerAndBrowser({ demoTrips: 300 });

const PASSWORD = "drift-og-sne-2027";
const OPERATOR = "drift@example.dk";
const USER = "bruger@example.dk";
let tmp: string;

beforeAll(async () => {
  const db = new Database(suite.server.dbFile);
  const hash = await hashPassword(PASSWORD);
  for (const email of [OPERATOR, USER]) db.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(email, hash);
  db.close();
  // The role is given the documented way.
  const made = await runIndexer(["operators", "add", OPERATOR], { DATABASE_URL: suite.server.dbFile });
  expect(made.code).toBe(0);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-ops-"));
});
afterAll(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

async function logIn(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Adgangskode").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname !== "/konto/log-ind");
}

/** A banner's row in the dashboard's list, by provider. */
const bannerRow = (page: Page, provider: string) => page.getByTestId("banner-row").filter({ hasText: provider });

const COMBOS = [
  { name: "desktop, JavaScript", size: DESKTOP, javaScript: true, tag: "dj" },
  { name: "mobile, JavaScript", size: MOBILE, javaScript: true, tag: "mj" },
  { name: "desktop, no JavaScript", size: DESKTOP, javaScript: false, tag: "dn" },
  { name: "mobile, no JavaScript", size: MOBILE, javaScript: false, tag: "mn" },
] as const;

for (const combo of COMBOS) {
  describe(combo.name, () => {
    let ctx: BrowserContext;
    let page: Page;
    usePage(suite, { size: combo.size, javaScript: combo.javaScript }, (opened) => ({ ctx, page } = opened));
    const provider = `Skiskolen ${combo.tag}`;

    it("a logged-in user who is not an operator gets 404", async () => {
      suite.allowPageErrors(/status of 404 .*\/drift/);
      const other = await suite.newContext({ size: combo.size, javaScript: combo.javaScript });
      try {
        const p = await other.newPage();
        await p.goto("/konto/log-ind");
        await logIn(p, USER);
        for (const path of ["/drift", "/drift/bannere", "/drift/log"]) {
          const res = await p.goto(path);
          expect(res?.status()).toBe(404);
        }
        await p.goto("/konto");
        await p.getByTestId("account-intro").waitFor();
        expect(await p.getByTestId("account-ops-link").count()).toBe(0);
      } finally {
        await other.close();
      }
    });

    it("anonymous visitors are sent to log in, and an operator comes back to the dashboard", async () => {
      await page.goto("/drift/bannere");
      expect(new URL(page.url()).pathname).toBe("/konto/log-ind");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/drift/bannere");
      await logIn(page, OPERATOR);
      expect(new URL(page.url()).pathname).toBe("/drift/bannere");
      await page.getByTestId("ops-nav").waitFor();
      // The account page leads an operator to the dashboard.
      await page.goto("/konto");
      await page.getByTestId("account-ops-link").click();
      await page.waitForURL((url) => url.pathname === "/drift");
      await page.goto("/drift/bannere");
    });

    it("an operator adds a banner: refused with Danish messages, previewed at its slot, saved", async () => {
      suite.allowPageErrors(/status of 400 .*\/drift\/bannere\/ny/);
      await page.getByTestId("new-banner").click();
      await page.waitForURL(/\/drift\/bannere\/ny$/);
      await page.getByLabel("Udbyder").fill(provider);
      await page.getByLabel("Link (http eller https)").fill("ftp://example.com");
      await page.getByLabel("Billede (URL)").fill("/banners/skiudlejning.svg");
      await page.getByLabel("Plads i resultatlisten (1 = først)").fill("2");
      await page.getByRole("button", { name: "Gem" }).click();
      await expect(page.getByTestId("error-url").textContent()).resolves.toBe(
        "Skriv en fuld adresse, der begynder med http:// eller https://.",
      );
      await page.getByLabel("Link (http eller https)").fill(`https://example.com/${combo.tag}`);
      await page.getByRole("button", { name: "Forhåndsvis" }).click();
      const preview = page.getByTestId("banner-preview");
      await preview.waitFor();
      // The second entry of the list.
      const entries = preview.locator("li");
      expect(await entries.nth(1).getAttribute("data-testid")).toBe("preview-banner");
      await page.getByRole("button", { name: "Gem" }).click();
      await page.waitForURL(/\/drift\/bannere$/);
      await expect(bannerRow(page, provider).getByTestId("banner-status").textContent()).resolves.toBe("Vises");
    });

    it("the banner shows at its slot on the results page and counts a view (with JavaScript) and a click", async () => {
      const id = await bannerRow(page, provider).getAttribute("data-banner-id");
      await page.goto("/skirejser");
      const entries = page.locator('article, [data-testid="banner"]');
      await entries.first().waitFor();
      expect(await entries.nth(1).getAttribute("data-banner-id")).toBe(id);
      const banner = page.locator(`[data-testid="banner"][data-banner-id="${id}"]`);
      await scrollToPart(banner);
      // With JavaScript the banner's code loads as it comes near the screen; then it links to the site itself.
      if (combo.javaScript) await expect.poll(() => banner.getByRole("link").getAttribute("href")).toBe(`https://example.com/${combo.tag}`);
      // The click opens the banner's site in a new tab; that site is answered here (no internet).
      // Without JavaScript the link goes through /banner/:id, which counts it and redirects there.
      await ctx.route("https://example.com/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>Annoncør</title>" }),
      );
      const redirected = combo.javaScript ? undefined : ctx.waitForEvent("response", (r) => new URL(r.url()).pathname === `/banner/${id}`);
      const [popup] = await Promise.all([ctx.waitForEvent("page"), banner.getByRole("link").click()]);
      if (combo.javaScript) {
        await popup.waitForLoadState();
        expect(popup.url()).toBe(`https://example.com/${combo.tag}`);
      } else {
        const response = (await redirected)!;
        expect(response.status()).toBe(302);
        expect(await response.headerValue("location")).toBe(`https://example.com/${combo.tag}`);
      }
      await popup.close();
      await expect
        .poll(
          async () => {
            await page.goto("/drift/bannere");
            const row = bannerRow(page, provider);
            return [await row.getByTestId("banner-views").textContent(), await row.getByTestId("banner-clicks").textContent()];
          },
          { timeout: 20_000 },
        )
        .toEqual([combo.javaScript ? "1" : "0", "1"]);
    });

    it("deactivating takes it off the results page", async () => {
      const row = bannerRow(page, provider);
      const id = await row.getAttribute("data-banner-id");
      await row.getByRole("button", { name: "Deaktivér" }).click();
      await expect.poll(() => bannerRow(page, provider).getByTestId("banner-status").textContent()).toBe("Deaktiveret");
      await page.goto("/skirejser");
      await page.getByRole("article").first().waitFor();
      expect(await page.locator(`[data-testid="banner"][data-banner-id="${id}"]`).count()).toBe(0);
    });

    it("the banner's view and click (still counted once it is deactivated) show in the table under the banners' chart, for a chosen period; its CSV downloads", async () => {
      await page.goto("/drift/bannere");
      const id = await bannerRow(page, provider).getAttribute("data-banner-id");
      await page.getByTestId("ops-nav").getByRole("link", { name: "Klik og bannere" }).click();
      await page.waitForURL(/\/drift\/klik$/);
      const today = await page.getByLabel("Til og med").inputValue();
      await page.getByLabel("Fra", { exact: true }).fill(today);
      await page.getByRole("button", { name: "Vis", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("fra") === today);
      const section = page.getByTestId("clicks-bannere");
      await expect(section.getByTestId("clicks-bannere-chart").count()).resolves.toBe(1);
      const row = section
        .getByTestId("clicks-bannere-table")
        .locator("tbody tr")
        .filter({ hasText: `#${id} ${provider}` });
      const cells = await row.locator("td").allTextContents();
      expect(cells.slice(2, 4)).toEqual([combo.javaScript ? "1" : "0", "1"]);
      const href = await section.getByRole("link", { name: "Hent som CSV" }).getAttribute("href");
      const csv = await page.request.get(href!);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8; header=present");
      expect(await csv.text()).toContain(`${today};#${id} ${provider};${combo.javaScript ? "1" : "0"};1;`);
    });

    it("a bad period: the form says why in Danish", async () => {
      suite.allowPageErrors(/status of 400 .*\/drift\/klik\?/);
      const res = await page.goto("/drift/klik?fra=2026-02-30&til=2026-03-01");
      expect(res!.status()).toBe(400);
      await expect(page.getByTestId("period-error").textContent()).resolves.toBe("Skriv datoen som ÅÅÅÅ-MM-DD.");
    });

    it("a landing box edited (preview and contrast warning first) is seen on the landing page", async () => {
      await page.goto("/drift/forsidebokse");
      await page.getByTestId("ops-landing-box").first().getByRole("link", { name: "Rediger" }).click();
      await page.getByTestId("landing-form").waitFor();
      // A visitor's pointer or keys, not Playwright's fill, make the page ask for its scripts.
      if (combo.javaScript) await interact(page);
      const title = `Vinterferie ${combo.tag}`;
      await page.getByLabel("Titel").fill(title);
      await page.getByLabel("Tekstfarve").fill("#dddddd");
      if (!combo.javaScript) await page.getByRole("button", { name: "Forhåndsvis" }).click();
      // With JavaScript the preview follows the typing; without, it is rendered after Forhåndsvis.
      await expect.poll(() => page.getByTestId("landing-preview-box").textContent()).toContain(title);
      await expect.poll(() => page.getByTestId("contrast").textContent()).toMatch(/^Teksten er svær at læse: kontrasten er 1,\d:1/);
      await page.getByLabel("Tekstfarve").fill("#1e3a8a");
      if (!combo.javaScript) await page.getByRole("button", { name: "Forhåndsvis" }).click();
      await expect.poll(() => page.getByTestId("contrast").textContent()).toMatch(/^Kontrast mellem tekst og baggrund: \d+,\d:1$/);
      // The preview is a tile as wide as on the landing page (a third of its 64rem column), not the form's half.
      const preview = (await page.getByTestId("landing-preview-box").boundingBox())!;
      expect(preview.width).toBeLessThanOrEqual(320);
      await page.getByRole("button", { name: "Gem" }).click();
      await page.waitForURL(/\/drift\/forsidebokse$/);
      expect((await page.getByTestId("ops-landing-tile").first().boundingBox())!.width).toBeLessThanOrEqual(320);
      await page.goto("/");
      await expect(page.getByTestId("landing-box").first().textContent()).resolves.toContain(title);
    });

    it("an import appears in the history with its rejected lines", async () => {
      // The demo a first start loads is in the history too: no demo company's last import reads "Aldrig".
      await page.goto("/drift");
      expect(await page.getByTestId("ops-companies").locator("tbody tr").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("ops-companies").textContent()).not.toContain("Aldrig");
      await page.goto("/drift/importer");
      await page.getByTestId("import-row").filter({ hasText: "demo-data (første start)" }).waitFor();
      const feed = path.join(tmp, `feed-${combo.tag}.ndjson`);
      const good = trip({ id: `ops-${combo.tag}`, departureDate: departureInDays(40) });
      fs.writeFileSync(feed, [JSON.stringify(good), "ikke json", JSON.stringify({ id: "uden-felter" })].join("\n") + "\n");
      const ran = await runIndexer(["import", feed], { DATABASE_URL: suite.server.dbFile });
      expect(ran.code).toBe(1);
      await page.goto("/drift/importer");
      const row = page.getByTestId("import-row").filter({ hasText: `feed-${combo.tag}.ndjson` });
      await row.getByRole("link").click();
      await page.getByTestId("import-issues").waitFor();
      const issues = await page.getByTestId("import-issue").allTextContents();
      expect(issues).toHaveLength(2);
      expect(issues[0]).toMatch(/^2/);
      expect(issues[1]).toMatch(/^3/);
      // Neither rejected line names a travel company: they count under "ukendt".
      const unknown = page.getByTestId("import-company").filter({ hasText: "ukendt" });
      expect((await unknown.locator("td").allTextContents()).slice(-2)).toEqual(["2", "0"]);
      // The running server takes up the import's generation and says when.
      await expect
        .poll(
          async () => {
            await page.goto("/drift");
            const figures = await page.getByTestId("ops-figures").locator("dd").allTextContents();
            return figures[0] === figures[1] && (await page.getByTestId("served-since").count()) === 1;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(await page.getByTestId("served-since").textContent()).toMatch(/^Taget i brug af denne server: \d/);
    });

    it("the audit log shows who changed what", async () => {
      await page.goto("/drift/log");
      const rows = page.getByTestId("audit-row");
      await rows.first().waitFor();
      const texts = await rows.allTextContents();
      expect(texts[0]).toContain("Forsideboks ændret");
      expect(texts[0]).toContain(OPERATOR);
      expect(texts[1]).toContain("Banner deaktiveret");
      expect(texts.some((t) => t.includes("Banner oprettet") && t.includes(provider))).toBe(true);
    });
  });
}
