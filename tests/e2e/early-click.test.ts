import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { HYDRATION_DEADLINE_MS } from "../../app/domain/constants";
import { DESKTOP } from "./support/browser";
import { useServerAndBrowser } from "./support/suite";

// A click between the first paint and hydration: the page paints from the server's HTML before its
// scripts run, so a link or a GET form used then starts loading the next page as a plain one.
// app/entry.client.tsx then leaves the page being left as it is (no hydration: Remix's router would
// rewrite its history entry), and the browser must get to the next page without a page error.
//
// Each test holds back the page's scripts and the next page's response, clicks, and lets the next
// page come only once the page being left has decided: hydrated up to Remix's router, or not at
// all. While the browser is leaving a page Playwright cannot evaluate in it (DevTools holds its
// commands until the next page commits), so the page reports that by itself: a script added before
// the page's own asks for PROBE with what it found.

const PROBE = "/__e2e-hydration";
const WAIT_MS = 30_000;

const suite = useServerAndBrowser({ demoTrips: 300 });

/** `promise`, or a clear error after WAIT_MS: every wait here ends. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT_MS} ms`)), WAIT_MS)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Runs in the page before its own scripts, and reports (to PROBE) whether hydration started once
 * that is decided: after the entry module has run and the page is being left, one hydration
 * deadline later (a timer set after the entry's own deadline timer fires after it). With `hold`,
 * the page's frames and timers wait until it is being left, so that the entry has run (its
 * listener is there) but not yet hydrated when the click comes; they run in order once every
 * `beforeunload` listener has. A string, not a function: the test runner rewrites a function's
 * import().
 */
const reportHydration = (hold: boolean) => `(() => {
  if (window !== window.top) return;
  const realSetTimeout = window.setTimeout.bind(window);
  const realFrame = window.requestAnimationFrame.bind(window);
  const held = [];
  if (${hold}) {
    window.requestAnimationFrame = (callback) => (held.push(() => callback(performance.now())), 0);
    window.setTimeout = (callback, _ms, ...args) => (held.push(() => callback(...args)), 0);
  }
  let markLeft;
  const left = new Promise((resolve) => (markLeft = resolve));
  addEventListener("beforeunload", () =>
    realSetTimeout(() => {
      window.requestAnimationFrame = realFrame;
      window.setTimeout = realSetTimeout;
      for (const run of held.splice(0)) run();
      markLeft();
    }, 0),
  );
  // The page's module script sets the route modules just before it imports the entry; importing it
  // here too resolves once that same module has run. A page left before it asked for its scripts
  // (the module script still held, app/utils/script-loader.ts) asks for none: nothing will run.
  window.__e2eEntryRan = new Promise((resolve) => {
    const poll = () => {
      if (window.__remixRouteModules && window.__remixManifest) resolve(import(window.__remixManifest.entry.module));
      else if (window.pageLeaving && document.querySelector('script[type="held-module"]')) resolve();
      else realSetTimeout(poll, 5);
    };
    poll();
  }).then(() => true);
  // React marks the document as its container when hydration starts; Remix's router is made in its first render.
  const started = () => Object.keys(document).some((key) => key.startsWith("__reactContainer"));
  const report = () => {
    if (started() && !window.__remixRouter) return void realSetTimeout(report, 5);
    void fetch("${PROBE}?hydrating=" + started());
  };
  Promise.all([window.__e2eEntryRan, left]).then(() => realSetTimeout(report, ${HYDRATION_DEADLINE_MS}));
})();`;

let ctx: BrowserContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/**
 * Opens `start` with its scripts held back and uses it with `act`: with `scripts: "after"` they
 * arrive once the next page has been asked for; with "before" they run first, but the page's
 * frames and timers wait, so the entry is there and has not hydrated yet. Returns the page (on its
 * way to the next one), whether the page being left started hydrating, and the page's errors.
 */
async function actBeforeHydration(start: string, scriptsArrive: "before" | "after", act: (page: Page) => Promise<void>) {
  ctx = await suite.newContext({ size: DESKTOP });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript({ content: reportHydration(scriptsArrive === "before") });

  const scripts = deferred();
  const leaving = deferred();
  const decided = deferred<string>();
  const next = deferred();
  let acted = false;
  await page.route("**/*", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === PROBE) {
      decided.resolve(url.searchParams.get("hydrating") ?? "");
      return route.fulfill({ status: 204 });
    }
    if (/^\/assets\/[^/]+\.js$/.test(url.pathname)) await scripts.promise;
    else if (acted && request.isNavigationRequest()) {
      leaving.resolve();
      await next.promise;
    }
    await route.continue();
  });

  await page.goto(start, { waitUntil: "commit" });
  if (scriptsArrive === "before") {
    scripts.resolve();
    // The pointer moves over the page, its head parsed: the page asks for its scripts (app/utils/script-loader.ts).
    await page.waitForLoadState("domcontentloaded");
    await page.mouse.move(5, 5);
    await within(page.evaluate("window.__e2eEntryRan"), "entry module run");
  }
  acted = true;
  // Playwright's click waits for the navigation it starts, which is held: awaited once it may go on.
  const acting = act(page);
  await within(
    Promise.race([leaving.promise, acting.then(() => Promise.reject(new Error("the page was not left")))]),
    "request for the next page",
  );
  scripts.resolve();
  const hydrating = await within(decided.promise, "word from the page about hydrating");
  next.resolve();
  await within(acting, "end of the click");
  return { page, hydrating: hydrating === "true", errors };
}

const sortLink = (page: Page) => page.getByTestId("sort-link").filter({ hasText: "Største rabat" });

// With JavaScript the filter form shows no button (its script applies each change); Enter in a
// field submits it all the same, and before hydration that is the plain GET.
async function submitFilters(page: Page) {
  await page.locator('input[name="travelCompanies"][value="alpetours"]').check();
  await page.getByLabel("Højeste pris", { exact: true }).fill("9.000 kr.");
  await page.getByLabel("Højeste pris", { exact: true }).press("Enter");
}

async function expectFilteredResults(page: Page) {
  await page.waitForURL((url) => url.searchParams.get("travelCompanies") === "alpetours" && url.searchParams.get("maxPrice") === "9000");
  await expect.poll(() => page.locator('input[name="travelCompanies"][value="alpetours"]').isChecked()).toBe(true);
  const cards = await page.getByRole("article").allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  for (const text of cards) expect(text).toContain("Se tilbuddet hos Alpetours");
}

describe("the results page, used after its entry ran and before it hydrated", () => {
  it("follows a link, and the page being left does not hydrate", async () => {
    const { page, hydrating, errors } = await actBeforeHydration("/skirejser", "before", (p) => sortLink(p).click());
    expect(hydrating).toBe(false);
    await page.waitForURL((url) => url.search === "?sort=discountPercentage:desc");
    await expect.poll(() => sortLink(page).getAttribute("aria-current")).toBe("true");
    expect(errors).toEqual([]);
  });

  it("submits its GET filter form, and the page being left does not hydrate", async () => {
    const { page, hydrating, errors } = await actBeforeHydration("/skirejser", "before", submitFilters);
    expect(hydrating).toBe(false);
    await expectFilteredResults(page);
    expect(errors).toEqual([]);
  });
});

describe("the results page, used before its scripts arrived", () => {
  // The page's script loader, in its head, knows it is being left: it asks for no script, or the
  // entry, arriving after, does not hydrate; the browser gets to the next page.
  it("follows a link, and the page being left does not hydrate", async () => {
    const { page, hydrating, errors } = await actBeforeHydration("/skirejser", "after", (p) => sortLink(p).click());
    expect(hydrating).toBe(false);
    await page.waitForURL((url) => url.search === "?sort=discountPercentage:desc");
    await expect.poll(() => sortLink(page).getAttribute("aria-current")).toBe("true");
    expect(errors).toEqual([]);
  });

  it("submits its GET filter form, and the page being left does not hydrate", async () => {
    const { page, hydrating, errors } = await actBeforeHydration("/skirejser", "after", submitFilters);
    expect(hydrating).toBe(false);
    await expectFilteredResults(page);
    expect(errors).toEqual([]);
  });
});
