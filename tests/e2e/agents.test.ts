import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/browser";
import { confirmFromMail, lastMailTo, submitSignUp } from "./support/accounts";
import { clickNav, open, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// Accounts, the travel-alert toggle and its dialogs, the search-agent page and saved trips,
// with JavaScript and without.

const suite = useServerAndBrowser({ demoTrips: 1500 });

const params = (page: Page) => new URL(page.url()).searchParams;
const PASSWORD = "sne-og-sol-2027";

/** Signs up and opens the e-mailed confirmation link, which logs in and leads to the agent page. */
async function signUp(page: Page, email: string) {
  await submitSignUp(page, email);
  await confirmFromMail(page, suite.server, email, PASSWORD);
  await page.waitForURL(/\/soegeagenter$/);
}

async function logOut(page: Page) {
  await clickNav(page, "nav-logout");
  // Log-out goes to the landing page (whose hero is its own header).
  await page.waitForURL((url) => url.pathname === "/");
}

describe("with JavaScript", () => {
  let ctx: BrowserContext;
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ ctx, page } = opened));

  it("not logged in: the toggle opens the login dialog and switches back off", async () => {
    await open(page, "/skirejser?adultCount=3");
    const toggle = page.getByTestId("agent-toggle");
    await expect(toggle.getAttribute("aria-checked")).resolves.toBe("false");
    // The tooltip 'Opret søgeagent' at the bottom describes the switch.
    const tooltip = page.getByRole("tooltip");
    expect(await tooltip.textContent()).toBe("Opret søgeagent");
    expect(await tooltip.getAttribute("data-placement")).toBe("bottom");
    await toggle.click();
    await page.getByTestId("login-dialog").waitFor();
    expect(params(page).get("dialog")).toBe("login");
    expect(params(page).get("adultCount")).toBe("3");
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expect(await seriousViolations(page)).toEqual([]);
    // Closing keeps the search.
    await page.getByTestId("close-dialog").click();
    await page.getByTestId("login-dialog").waitFor({ state: "detached" });
    expect(page.url()).toMatch(/\/skirejser\?adultCount=3$/);
  });

  it("a wrong password shows the Danish message; logging in from the dialog returns to the search with the create dialog open", async () => {
    suite.allowPageErrors(/status of 401 .*\/konto\/log-ind/);
    await signUp(page, "jens@example.dk");
    await logOut(page);
    await open(page, "/skirejser?adultCount=3&sort=price:asc");
    await page.getByTestId("agent-toggle").click();
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByLabel("E-mail").fill("jens@example.dk");
    await dialog.getByLabel("Adgangskode").fill("forkert");
    await dialog.getByTestId("login-submit").click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe("Forkert e-mail eller adgangskode");
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("create-agent-dialog").waitFor();
    expect(params(page).get("dialog")).toBe("createSearchAgent");
    expect(params(page).get("adultCount")).toBe("3");
    expect(params(page).get("sort")).toBe("price:asc");
    expect(await page.getByTestId("create-agent-form").getAttribute("data-mode")).toBe("create");
    expect(await page.getByLabel("Navn").inputValue()).toBe("Alle destinationer, 3 personer, Snarest muligt");
  });

  it("creates the agent; the toggle is then on and leads to the agent page", async () => {
    await page.getByLabel("Dagligt").check();
    await page.getByTestId("create-agent-price-drops").check();
    await page.getByTestId("create-agent-submit").click();
    await page.waitForURL(/\/soegeagenter$/);
    const agent = page.getByTestId("agent");
    // The URL changes a moment before the new page renders.
    await agent.first().waitFor();
    expect(await agent.count()).toBe(1);
    expect(await agent.getByTestId("agent-name").textContent()).toBe("Alle destinationer, 3 personer, Snarest muligt");
    expect(await agent.getByTestId("agent-summary").textContent()).toContain("Alle destinationer · 3 personer · Snarest muligt");
    expect(await agent.getByTestId("agent-matches").textContent()).toMatch(/^[\d.]+ rejser passer nu$/);
    expect(await agent.getByTestId("agent-status").textContent()).toBe("Aktiv · Dagligt · Besked ved prisfald");
    expect(await agent.getByTestId("agent-price-drops").isChecked()).toBe(true);
    await open(page, "/skirejser?adultCount=3&sort=price:asc&page=2");
    const toggle = page.getByTestId("agent-toggle");
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await toggle.click();
    await page.waitForURL(/\/soegeagenter$/);
  });

  it("logged in without an agent for the search: the toggle opens the create dialog and switches back off", async () => {
    await open(page, "/skirejser?adultCount=4");
    const toggle = page.getByTestId("agent-toggle");
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await page.getByTestId("create-agent-dialog").waitFor();
    expect(params(page).get("dialog")).toBe("createSearchAgent");
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await page.keyboard.press("Escape");
    await page.getByTestId("create-agent-dialog").waitFor({ state: "detached" });
    // Saving a trip afterwards reloads the toggle's check in the background: it opens nothing.
    const card = page.getByRole("article").first();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/gemte-rejser") && r.request().method() === "POST");
    await card.locator(".save-trip").click();
    await saved;
    await page.waitForLoadState("networkidle");
    expect(params(page).get("dialog")).toBeNull();
    expect(await page.getByTestId("create-agent-dialog").count()).toBe(0);
    await card.locator(".save-trip").click();
    await expect.poll(() => card.locator(".save-trip").textContent()).toBe("Gem rejse");
  });

  it("refuses a name one cannot see or that breaks the line, and keeps a name in composed form (NFC)", async () => {
    await page.goto("/soegeagenter");
    const agent = page.getByTestId("agent");
    const agentId = await agent.locator('input[name="agentId"]').first().inputValue();
    for (const name of ["\u200B\u200B", "\u00AD", "Tre\r\npersoner", "Tre\u0000personer", "Tre\u0085personer"]) {
      const res = await page.request.post("/soegeagenter", {
        form: { intent: "rename", agentId, name },
        headers: { Origin: suite.server.url },
      });
      expect(res.status(), JSON.stringify(name)).toBe(400);
      expect(await res.text()).toContain("Giv søgeagenten et navn på 1 til 100 tegn på én linje.");
    }
    // "Åre" typed as A and a combining ring is the name "Åre".
    await agent.getByLabel("Navn").fill("A\u030Are");
    await agent.getByTestId("agent-rename").click();
    await expect.poll(() => agent.getByTestId("agent-name").textContent()).toBe("\u00C5re");
  });

  it("renames, pauses, resumes, changes frequency and deletes the agent", async () => {
    await page.goto("/soegeagenter");
    const agent = page.getByTestId("agent");
    // "Giv besked ved prisfald" off again: an unchecked box sends nothing, which means off.
    await agent.getByTestId("agent-price-drops").uncheck();
    await agent.getByTestId("agent-save-price-drops").click();
    await expect.poll(() => agent.getByTestId("agent-status").textContent()).toBe("Aktiv · Dagligt");
    await agent.getByLabel("Navn").fill("Tre personer");
    await agent.getByTestId("agent-rename").click();
    await expect.poll(() => agent.getByTestId("agent-name").textContent()).toBe("Tre personer");
    await agent.getByTestId("agent-pause").click();
    await expect.poll(() => agent.getByTestId("agent-status").textContent()).toBe("Sat på pause · Dagligt");
    await agent.getByTestId("agent-frequency").selectOption("weekly");
    await agent.getByTestId("agent-save-frequency").click();
    await expect.poll(() => agent.getByTestId("agent-status").textContent()).toBe("Sat på pause · Ugentligt");
    await agent.getByTestId("agent-pause").click();
    await expect.poll(() => agent.getByTestId("agent-status").textContent()).toBe("Aktiv · Ugentligt");
    await agent.getByTestId("agent-open").click();
    await page.waitForURL(/\/skirejser\?adultCount=3$/);
    await page.goto("/soegeagenter");
    await page.getByTestId("agent-delete").click();
    await page.getByTestId("agents-empty").waitFor();
  });

  it("saves a trip from its card and removes it on the saved-trips page", async () => {
    await open(page, "/skirejser");
    const card = page.getByRole("article").first();
    const name = await card.locator("h2").textContent();
    const photo = await card.getByTestId("photo").getAttribute("src");
    expect(photo).toBeTruthy();
    // Saving changes the button only: the results page's loader (the search) does not run again.
    const searches: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const url = new URL(r.url());
      const routes = url.searchParams.get("_routes")?.split(",") ?? ["every route"];
      if (url.pathname === "/skirejser.data" && !routes.every((id) => id === "root")) searches.push(r.url());
    };
    page.on("request", onRequest);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/gemte-rejser") && r.request().method() === "POST");
    await card.locator(".save-trip").click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => card.locator(".save-trip").textContent()).toBe("Gemt");
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    expect(searches).toEqual([]);
    // Still saved after the page's data is reloaded.
    await open(page, "/skirejser");
    expect(await page.getByRole("article").first().locator(".save-trip").textContent()).toBe("Gemt");
    await clickNav(page, "nav-saved");
    await page.waitForURL(/\/gemte-rejser$/);
    await page.getByTestId("saved-trip").first().waitFor();
    const savedTrip = page.getByTestId("saved-trip");
    expect(await savedTrip.count()).toBe(1);
    expect(await savedTrip.locator("h2").textContent()).toBe(name);
    // The accommodation's photo, and its name leading to the accommodation's page at this very offer.
    expect(await savedTrip.getByTestId("photo").getAttribute("src")).toBe(photo);
    const tripId = (await savedTrip.getAttribute("data-trip-id"))!;
    await savedTrip.getByTestId("saved-trip-link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/ophold/") && url.hash === "#tilbud");
    await page.locator(`[data-testid="offer-row"][data-trip-id="${tripId}"]`).first().waitFor();
    await page.goBack();
    await page.waitForURL(/\/gemte-rejser$/);
    await page.getByTestId("remove-saved-trip").click();
    await page.getByTestId("saved-empty").waitFor();
  });

  it("an anonymous visitor's saves are kept on the server, shown on the saved-trips page, and carried to the account at log-in", async () => {
    await logOut(page);
    await open(page, "/skirejser?sort=price:asc");
    const cards = page.getByRole("article");
    const names = [await cards.nth(0).locator("h2").textContent(), await cards.nth(1).locator("h2").textContent()];
    await cards.nth(0).locator(".save-trip").click();
    await cards.nth(1).locator(".save-trip").click();
    await expect.poll(() => cards.nth(1).locator(".save-trip").getAttribute("aria-pressed")).toBe("true");
    // Still saved after the page is loaded again: the server has them, under the guest's cookie.
    await open(page, "/skirejser?sort=price:asc");
    expect(await cards.nth(0).locator(".save-trip").textContent()).toBe("Gemt");
    expect((await ctx.cookies()).map((c) => c.name)).toContain("__pistepris_gemte");
    await clickNav(page, "nav-saved");
    await page.waitForURL(/\/gemte-rejser$/);
    expect(await page.getByTestId("guest-saves-note").textContent()).toContain("huskes i denne browser i 30 dage");
    expect((await page.getByTestId("saved-trip").locator("h2").allTextContents()).sort()).toEqual(names.sort());
    // Logging in from the page's own link comes back to it, with the trips on the account.
    await page.getByTestId("guest-saves-note").getByRole("link", { name: "Log ind" }).click();
    await page.getByLabel("E-mail").fill("jens@example.dk");
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/gemte-rejser$/);
    await page.getByTestId("saved-trip").first().waitFor();
    expect(await page.getByTestId("guest-saves-note").count()).toBe(0);
    expect(await page.getByTestId("saved-trip").count()).toBe(2);
    expect((await ctx.cookies()).map((c) => c.name)).not.toContain("__pistepris_gemte");
  });

  it("a new visitor signs up from the login dialog and the e-mailed link brings them back to the search with the create dialog open", async () => {
    await page.goto("/soegeagenter");
    await logOut(page);
    await open(page, "/skirejser?adultCount=4&sort=price:asc");
    await page.getByTestId("agent-toggle").click();
    await page.getByTestId("login-dialog").getByRole("link", { name: "Opret konto" }).click();
    await page.waitForURL(/\/konto\/opret\?/);
    await submitSignUp(page, "karen@example.dk", { goto: false });
    expect(await page.getByTestId("signup-sent").textContent()).toContain("Vi har sendt en e-mail til karen@example.dk.");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tjek din e-mail");
    // Signing up again with an e-mail that has an account looks exactly the same, and e-mails a log-in link.
    await submitSignUp(page, "jens@example.dk");
    expect(await page.getByTestId("signup-sent").textContent()).toContain("Vi har sendt en e-mail til jens@example.dk.");
    expect(lastMailTo(suite.server, "jens@example.dk").subject).toBe("Du har allerede en konto på Pistepris");

    await confirmFromMail(page, suite.server, "karen@example.dk", PASSWORD);
    await page.getByTestId("create-agent-dialog").waitFor();
    expect(Object.fromEntries(params(page))).toEqual({ adultCount: "4", sort: "price:asc", dialog: "createSearchAgent" });
  });

  it("log-out ends the session on the server: a copy of the session cookie no longer opens the agent page", async () => {
    const cookie = (await ctx.cookies()).find((c) => c.name === "__pistepris");
    expect(cookie?.httpOnly).toBe(true);
    const withCopy = () =>
      fetch(`${suite.server.url}/soegeagenter`, { headers: { Cookie: `__pistepris=${cookie!.value}` }, redirect: "manual" });
    expect((await withCopy()).status).toBe(200);
    await page.goto("/soegeagenter");
    await logOut(page);
    const after = await withCopy();
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/konto\/log-ind/);
  });

  it("a cross-site POST is refused with 403", async () => {
    const res = await fetch(`${suite.server.url}/soegeagenter`, {
      method: "POST",
      headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=delete&agentId=1",
    });
    expect(res.status).toBe(403);
  });
});

describe("without JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript: false }, (opened) => ({ page } = opened));

  it("the toggle link, the login dialog, creating, pausing and deleting an agent, and saving a trip", async () => {
    await signUp(page, "nojs@example.dk");
    await clickNav(page, "nav-logout");
    await page.waitForURL(/\/$/);

    await page.goto("/skirejser?adultCount=5");
    await page.getByTestId("agent-toggle-link").click();
    await page.getByTestId("login-dialog").waitFor();
    expect(params(page).get("dialog")).toBe("login");
    await page.getByLabel("E-mail").fill("nojs@example.dk");
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("create-agent-dialog").waitFor();
    expect(page.url()).toMatch(/\/skirejser\?adultCount=5&dialog=createSearchAgent$/);
    await page.getByLabel("Ugentligt").check();
    await page.getByTestId("create-agent-submit").click();
    await page.waitForURL(/\/soegeagenter$/);
    expect(await page.getByTestId("agent-status").textContent()).toBe("Aktiv · Ugentligt");
    await page.getByTestId("agent-pause").click();
    await page.waitForURL(/\/soegeagenter$/);
    expect(await page.getByTestId("agent-status").textContent()).toBe("Sat på pause · Ugentligt");
    // "Giv besked ved prisfald" is a plain checkbox and a submit button.
    await page.getByLabel("Giv besked ved prisfald").check();
    await page.getByTestId("agent-save-price-drops").click();
    await page.waitForURL(/\/soegeagenter$/);
    expect(await page.getByTestId("agent-status").textContent()).toBe("Sat på pause · Ugentligt · Besked ved prisfald");
    await page.getByTestId("agent-delete").click();
    await page.getByTestId("agents-empty").waitFor();

    // With an agent gone the toggle link opens the create dialog again.
    await page.goto("/skirejser?adultCount=5");
    expect(await page.getByTestId("agent-toggle-link").getAttribute("href")).toBe("/skirejser?adultCount=5&dialog=createSearchAgent");

    const card = page.getByRole("article").first();
    await card.locator(".save-trip").click();
    await page.waitForURL(/\/skirejser\?adultCount=5$/);
    expect(await page.getByRole("article").first().locator(".save-trip").textContent()).toBe("Gemt");
    await page.goto("/gemte-rejser");
    expect(await page.getByTestId("saved-trip").count()).toBe(1);
  });

  it("a guest saves a trip with a plain form post, finds it on the saved-trips page, and keeps it by logging in", async () => {
    await clickNav(page, "nav-logout");
    await page.waitForURL(/\/$/);
    await page.goto("/skirejser?adultCount=3&sort=price:asc");
    const card = page.getByRole("article").nth(2);
    const name = await card.locator("h2").textContent();
    await card.locator(".save-trip").click();
    await page.waitForURL((url) => url.pathname === "/skirejser" && url.searchParams.get("adultCount") === "3");
    expect(await page.getByRole("article").nth(2).locator(".save-trip").getAttribute("aria-pressed")).toBe("true");
    await page.goto("/gemte-rejser");
    expect(await page.getByTestId("saved-trip").locator("h2").allTextContents()).toEqual([name]);
    await page.getByTestId("guest-saves-note").getByRole("link", { name: "Log ind" }).click();
    await page.getByLabel("E-mail").fill("nojs@example.dk");
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/gemte-rejser$/);
    // The one saved while logged in before, and the guest's.
    expect(await page.getByTestId("saved-trip").count()).toBe(2);
    expect(await page.getByTestId("saved-trip").locator("h2").allTextContents()).toContain(name);
  });
});
