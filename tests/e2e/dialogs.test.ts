import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/accounts/password.server";
import { DESKTOP } from "./support/browser";
import { open, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The results page's URL-addressable dialogs (`dialog=login|createSearchAgent`): with JavaScript a
// Headless UI Dialog (initial focus, focus trap, inert background, scroll lock, Escape and backdrop
// close it); without JavaScript the same dialog rendered by the server, closed by a plain link.

const suite = useServerAndBrowser({ demoTrips: 1500 });

const SEARCH = "/skirejser?adultCount=3";
const EMAIL = "dialog@example.dk";
const PASSWORD = "sne-og-sol-2027";

/** The focused element's `name` (or test id), or null when focus is outside the dialog. */
function focusedInside(page: Page, testId: string): Promise<string | null> {
  return page.evaluate((id) => {
    const el = document.activeElement;
    if (!el?.closest(`[data-testid="${id}"]`)) return null;
    return el.getAttribute("name") ?? el.getAttribute("data-testid") ?? el.textContent;
  }, testId);
}

/** Presses `key` 15 times; focus must stay inside the dialog and come round to where it started. */
async function expectTrapped(page: Page, testId: string, key: "Tab" | "Shift+Tab") {
  const start = await focusedInside(page, testId);
  const seen: (string | null)[] = [];
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press(key);
    seen.push(await focusedInside(page, testId));
  }
  expect(seen).not.toContain(null);
  expect(new Set(seen).size).toBeGreaterThan(2);
  expect(seen).toContain(start);
}

async function openDialog(page: Page, path: string, testId: string, focused: string) {
  await open(page, path);
  // Hydrated: the Headless UI Dialog (in its portal) has replaced the server-rendered markup.
  await page.locator(`[data-headlessui-portal] [data-testid="${testId}"]`).waitFor();
  await expect.poll(() => focusedInside(page, testId)).toBe(focused);
}

describe("with JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ page } = opened));

  it("the login dialog from the URL focuses the e-mail field, traps focus, makes the page inert and closes on Escape", async () => {
    await openDialog(page, `${SEARCH}&dialog=login`, "login-dialog", "email");
    expect(await page.locator("[data-testid=login-dialog]").count()).toBe(1);
    await expectTrapped(page, "login-dialog", "Tab");
    await expectTrapped(page, "login-dialog", "Shift+Tab");

    // The whole page behind — header, results and footer — is inert and hidden from assistive
    // technology, and the page does not scroll.
    const background = await page.evaluate(() =>
      ["site-header", "results-column", "site-footer"].map((id) => {
        const part = document.querySelector<HTMLElement>(`[data-testid=${id}]`)!;
        const link = part.querySelector<HTMLAnchorElement>("a[href]")!;
        link.focus();
        return {
          id,
          inert: part.closest("[inert]") !== null,
          hidden: part.closest("[aria-hidden=true]") !== null,
          focusable: document.activeElement === link,
        };
      }),
    );
    for (const part of background) expect(part).toEqual({ id: part.id, inert: true, hidden: true, focusable: false });
    expect(await focusedInside(page, "login-dialog")).toBe("email");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await page.getByTestId("login-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?adultCount=3");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  it("a click on the backdrop closes the login dialog and keeps the search", async () => {
    await openDialog(page, `${SEARCH}&dialog=login`, "login-dialog", "email");
    await page.mouse.click(8, 8);
    await page.getByTestId("login-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?adultCount=3");
  });

  it("opened by the toggle, the dialog takes focus, traps it, and gives it back to the toggle on Escape", async () => {
    await open(page, SEARCH);
    await page.getByTestId("agent-toggle").click();
    await page.locator("[data-headlessui-portal] [data-testid=login-dialog]").waitFor();
    await expect.poll(() => focusedInside(page, "login-dialog")).toBe("email");
    await expectTrapped(page, "login-dialog", "Tab");
    expect(await page.evaluate(() => document.querySelector("[data-testid=results-column]")?.closest("[inert]") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByTestId("login-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?adultCount=3");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("agent-toggle");
  });

  it("the close link closes the dialog", async () => {
    await openDialog(page, `${SEARCH}&dialog=login`, "login-dialog", "email");
    await page.getByTestId("close-dialog").click();
    await page.getByTestId("login-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?adultCount=3");
  });
});

describe("with JavaScript, logged in", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ page } = opened));
  beforeAll(async () => {
    // Sign-up is tested (and reworked) elsewhere: the user goes straight into the database.
    const db = new Database(suite.server.dbFile);
    db.prepare("INSERT INTO users (email, password_hash) VALUES (?, ?)").run(EMAIL, await hashPassword(PASSWORD));
    db.close();
    await page.goto("/konto/log-ind");
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Adgangskode").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname !== "/konto/log-ind");
  });

  it("the createSearchAgent dialog focuses the name field and traps focus", async () => {
    await openDialog(page, `${SEARCH}&dialog=createSearchAgent`, "create-agent-dialog", "name");
    await expectTrapped(page, "create-agent-dialog", "Tab");
    await expectTrapped(page, "create-agent-dialog", "Shift+Tab");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("create-agent-dialog").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?adultCount=3");
  });
});

describe("without JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript: false }, (opened) => ({ page } = opened));

  it("the server renders the login dialog with its form; the close link goes back to the search", async () => {
    await page.goto(`${SEARCH}&dialog=login`);
    const dialog = page.getByTestId("login-dialog");
    expect(await dialog.getAttribute("role")).toBe("dialog");
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    const titleId = await dialog.getAttribute("aria-labelledby");
    expect(await page.locator(`[id="${titleId}"]`).textContent()).toBe("Log ind");
    expect(await dialog.getByTestId("login-form").count()).toBe(1);
    expect(await dialog.getByLabel("E-mail").getAttribute("autofocus")).not.toBeNull();
    const close = dialog.getByTestId("close-dialog");
    expect(await close.textContent()).toBe("Luk");
    expect(await close.getAttribute("href")).toBe(SEARCH);
    await close.click();
    await page.waitForURL((url) => url.search === "?adultCount=3");
    expect(await page.getByTestId("login-dialog").count()).toBe(0);
  });
});
