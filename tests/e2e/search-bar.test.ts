import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE } from "./support/browser";
import { interact, seriousViolations, waitForLive } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The search bar, the mobile search summary and the landing page, with and without JavaScript,
// at desktop and mobile sizes.

const suite = useServerAndBrowser({ demoTrips: 3000 });

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Loads a page and waits for the network to go quiet. Not support/page's `open`, which also waits for
 * hydration: this one serves the pages without JavaScript too, which never hydrate. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/** The URL the JavaScript run produced, to compare with the plain form's. */
let jsSearchUrl = "";

describe("desktop with JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ page } = opened));

  it("shows the landing boxes from SQLite, coloured from their rows, each opening its search", async () => {
    await open(page, "/");
    const boxes = page.getByTestId("landing-box");
    expect(await boxes.count()).toBe(6);
    const first = boxes.first();
    expect(await first.getAttribute("href")).toBe("/skirejser?weeks=7,8");
    expect(await first.textContent()).toContain("Vinterferien uge 7 og 8");
    const style = await first.evaluate((el) => getComputedStyle(el));
    expect(style.borderTopColor).toBe("rgb(147, 197, 253)");
    expect(style.backgroundColor).toBe("rgb(239, 246, 255)");
    expect(await first.locator("svg path").getAttribute("d")).toBeTruthy();
    await first.click();
    await page.waitForURL(/\/skirejser\?weeks=7(%2C|,)8$/);
    expect(page.url()).toMatch(/weeks=7(%2C|,)8/);
  });

  it("edits every step and runs the search from the landing page", async () => {
    await open(page, "/");
    await interact(page);
    const button = page.getByTestId("search-button");
    expect(await button.textContent()).toBe("Søg");

    // Hvor: search as you type (answered by /api/destinations, through a Remix fetcher), pick a region
    await page.getByTestId("step-where-toggle").click();
    expect(await page.getByTestId("step-where-toggle").getAttribute("aria-expanded")).toBe("true");
    await page.getByTestId("panel-where").getByLabel("Vælg destinationer").check();
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname.startsWith("/api/destinations") && url.searchParams.get("q") === "tir";
    });
    await page.getByLabel("Søg efter land, område eller skisportssted").fill("tir");
    const response = await answered;
    expect(response.ok()).toBe(true);
    expect(new URL(response.url()).searchParams.get("persons")).toBe("2");
    const api = await page.request.get("/api/destinations?q=tir&persons=2");
    const body = (await api.json()) as { countries: Array<{ slug: string; regions: Array<{ slug: string; count: number }> }> };
    expect(body.countries.map((c) => c.slug)).toEqual(["oestrig"]);
    expect(body.countries[0].regions.map((r) => r.slug)).toEqual(["tirol"]);
    await expect.poll(() => page.getByTestId("destination-country").count()).toBe(1);
    const tirol = page.getByTestId("destination-tree").locator('input[value="tirol"]');
    await tirol.check();
    // choosing the country covers the region: it is shown ticked and disabled
    await page.getByTestId("destination-tree").locator('input[value="oestrig"]').check();
    expect(await tirol.isDisabled()).toBe(true);
    await page.getByTestId("destination-tree").locator('input[value="oestrig"]').uncheck();
    await tirol.check();
    // the bar names the place chosen, not a count
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Tirol");
    // editing the landing page's draft keeps 'Søg'
    expect(await button.textContent()).toBe("Søg");
    // Escape closes the panel and gives the focus back to its step
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("panel-where").isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("step-where-toggle");

    // Hvem: steppers with limits (adults 1–12, children 0–11, at most 12 in all)
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("panel-who").isVisible()).toBe(true);
    const adults = page.getByTestId("adultCount-input");
    const children = page.getByTestId("childrenCount-input");
    await page.getByLabel("Færre voksne").click();
    expect(await adults.inputValue()).toBe("1");
    expect(await page.getByLabel("Færre voksne").isDisabled()).toBe(true);
    await adults.fill("12");
    expect(await page.getByLabel("Flere voksne").isDisabled()).toBe(true);
    expect(await page.getByLabel("Flere børn").isDisabled()).toBe(true);
    await adults.fill("3");
    await page.getByLabel("Flere børn").click();
    expect(await children.inputValue()).toBe("1");
    expect(await page.getByTestId("step-who-value").textContent()).toBe("4 personer");
    // 'Færdig' closes the panel and gives the focus back to its step
    await page.getByTestId("panel-who-done").click();
    expect(await page.getByTestId("panel-who").isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("step-who-toggle");

    // Hvornår: the winter-holiday quick pick, months, dates and back
    await page.getByTestId("step-when-toggle").click();
    const when = page.getByTestId("panel-when");
    await when.getByLabel("Måneder").check();
    await when.locator('input[name="months"]').first().check();
    const month = await when
      .locator('input[name="months"]')
      .first()
      .evaluate((e) => e.closest("label")!.textContent!.trim());
    expect(await page.getByTestId("step-when-value").textContent()).toBe(month.replace(/ \d{4}$/, ""));
    await when.getByLabel("Afrejsedatoer").check();
    await when.locator('input[name="dates"]').nth(1).check();
    await when.locator('input[name="dates"]').nth(2).check();
    expect(await page.getByTestId("step-when-value").textContent()).toMatch(/^\d+\. \w+\. og \d+\. \w+\.$/);
    await when.getByLabel("Snarest muligt").check();
    expect(await page.getByTestId("step-when-value").textContent()).toBe("Snarest muligt");
    await when.getByLabel("Uger").check();
    expect(await when.locator('[data-holiday="true"] input[value="7"]').count()).toBe(1);
    await page.getByTestId("quick-pick-vinterferie").click();
    expect(await page.getByTestId("step-when-value").textContent()).toBe("Uge 7–8");
    expect(await when.locator('input[name="weeks"][value="7"]').isChecked()).toBe(true);
    expect(await when.locator('input[name="weeks"][value="8"]').isChecked()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);
    // a click outside the bar closes the open panel
    await page.getByRole("heading", { level: 1 }).click();
    expect(await page.getByTestId("panel-when").isHidden()).toBe(true);

    await button.click();
    await page.waitForURL(/\/skirejser\?/);
    expect(params(page)).toEqual({ destinationSlugs: "tirol", adultCount: "3", childrenCount: "1", weeks: "7,8" });
    jsSearchUrl = page.url();
  });

  it("on the results page reads 'Rediger søgning' while up to date, 'Søg' after an edit, and runs the search", async () => {
    await open(page, "/skirejser?destinationSlugs=tirol&weeks=7");
    await waitForLive(page);
    const button = page.getByTestId("search-button");
    expect(await button.textContent()).toBe("Rediger søgning");
    // 'Rediger søgning' reopens the editing step
    await button.click();
    expect(await page.getByTestId("panel-where").isVisible()).toBe(true);
    // one panel at a time: another step's toggle closes the open one
    await page.getByTestId("step-who-toggle").click();
    expect(await page.getByTestId("panel-who").isVisible()).toBe(true);
    expect(await page.getByTestId("panel-where").isHidden()).toBe(true);
    await page.getByLabel("Flere voksne").click();
    expect(await button.textContent()).toBe("Søg");
    await page.keyboard.press("Escape");
    await button.click();
    await page.waitForURL((u) => u.searchParams.get("adultCount") === "3");
    expect(params(page)).toEqual({ destinationSlugs: "tirol", adultCount: "3", weeks: "7" });
    await expect.poll(() => button.textContent()).toBe("Rediger søgning");
    await button.click();
    expect(await page.getByTestId("panel-who").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows a map area as 'Området på kortet' and offers to go back to destinations", async () => {
    await open(page, "/skirejser?bbox=45,6,47,8");
    await waitForLive(page);
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Området på kortet");
    await page.getByTestId("step-where-toggle").click();
    await page.getByRole("button", { name: "Tilbage til destinationer" }).click();
    expect(await page.getByTestId("panel-where").getByLabel("Vælg destinationer").isChecked()).toBe(true);
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Alle destinationer");
    expect(await page.getByTestId("search-button").textContent()).toBe("Søg");
  });
});

describe("mobile with JavaScript", () => {
  let page: Page;
  usePage(suite, { size: MOBILE }, (opened) => ({ page } = opened));

  it("shows the compact summary, opens and closes the search modal", async () => {
    await open(page, "/");
    const summary = page.getByTestId("mobile-search-summary");
    expect(await page.getByTestId("search-bar").isVisible()).toBe(false);
    expect(await page.getByTestId("mobile-search-summary-names").textContent()).toBe("Alle destinationer");
    expect(await page.getByTestId("mobile-search-summary-text").textContent()).toBe("Alle · 2 personer · Snarest muligt");
    await summary.click();
    const modal = page.getByTestId("mobile-search-modal");
    await modal.waitFor();
    expect(await page.getByRole("dialog", { name: "Din søgning" }).count()).toBe(1);
    expect(await modal.getByTestId("step-where").isVisible()).toBe(true);
    await page.getByTestId("mobile-search-close").click();
    await modal.waitFor({ state: "detached" });
    await summary.click();
    await modal.waitFor();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
  });

  it("edits every step in the modal and runs the search", async () => {
    await open(page, "/");
    await page.getByTestId("mobile-search-summary").click();
    const modal = page.getByTestId("mobile-search-modal");
    await modal.getByLabel("Vælg kategorier").check();
    await modal.locator('input[name="tags"][value="familievenlig"]').check();
    await modal.getByTestId("mobile-step-who-toggle").click();
    await modal.getByLabel("Flere børn").click();
    await modal.getByLabel("Flere børn").click();
    await modal.getByTestId("mobile-step-when-toggle").click();
    await modal.getByLabel("Uger").check();
    await modal.getByTestId("quick-pick-juleferie").click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("mobile-search-submit").click();
    await page.waitForURL(/\/skirejser\?/);
    const p = params(page);
    expect(p.tags).toBe("familievenlig");
    expect(p.childrenCount).toBe("2");
    expect(p.weeks).toMatch(/^5[12],(1|52|53)$/);
    await waitForLive(page);
    expect(await page.getByTestId("mobile-search-summary-names").textContent()).toMatch(/^Familievenlig · Uge (5[12]–5[23]|52, 1)$/);
    expect(await page.getByTestId("mobile-search-summary-text").textContent()).toBe("1 kategori · 4 personer · 2 uger");
  });

  it("leads with the search by name, over the compact counted units, on the results page", async () => {
    for (const [query, names, text] of [
      ["destinationSlugs=tirol,oestrig&dates=2027-02-13", "Tirol + 1 · 13. feb.", "2 områder · 2 personer · 1 dag"],
      ["tags=luksus,budget&adultCount=1&months=2027-02,2027-03", "Luksus + 1 · Februar og marts", "2 kategorier · 1 person · 2 måneder"],
      ["bbox=45,6,47,8&weeks=7", "Området på kortet · Uge 7", "Geo · 2 personer · 1 uge"],
    ]) {
      await open(page, `/skirejser?${query}`);
      expect(await page.getByTestId("mobile-search-summary-names").textContent()).toBe(names);
      expect(await page.getByTestId("mobile-search-summary-text").textContent()).toBe(text);
      // The name is the prominent part: larger and bolder than the units under it.
      const [big, small] = await Promise.all(
        ["mobile-search-summary-names", "mobile-search-summary-text"].map((id) =>
          page.getByTestId(id).evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
        ),
      );
      expect(big).toBeGreaterThan(small);
    }
  });
});

describe("without JavaScript", () => {
  it("the search bar links to the search form's page, a plain GET form that gives the same URL as the JavaScript run", async () => {
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    await open(page, "/");
    // the bar shows the search's steps and the link; the JavaScript toggles do not show
    expect(await page.getByTestId("search-button").isVisible()).toBe(false);
    expect(await page.getByTestId("search-bar").textContent()).toContain("Alle destinationer");
    await page.getByTestId("search-page-link").click();
    await page.waitForURL(/\/soeg$/);
    const form = page.getByTestId("search-form");
    for (const step of ["where", "who", "when"]) expect(await page.getByTestId(`panel-${step}`).isVisible()).toBe(true);
    await form.getByLabel("Vælg destinationer").check();
    await form.getByText("Områder i Østrig").click(); // a <details>, native without JavaScript
    await form.locator('input[name="destinationSlugs"][value="tirol"]').check();
    await form.getByLabel("Voksne", { exact: true }).fill("3");
    await form.getByLabel("Børn", { exact: true }).fill("1");
    await form.getByLabel("Uger").check();
    await form.locator('input[name="weeks"][value="7,8"]').check();
    // a choice left ticked under another kind is ignored
    await form.locator('input[name="months"]').first().check();
    await page.getByTestId("search-submit").click();
    await page.waitForURL(/\/skirejser/);
    expect(params(page)).toEqual({ destinationSlugs: "tirol", adultCount: "3", childrenCount: "1", weeks: "7,8" });
    expect(page.url()).toBe(jsSearchUrl);
    await ctx.close();
  });

  it("on mobile shows the bar with the link instead of the summary button; the results page's search is carried along", async () => {
    const ctx = await suite.newContext({ size: MOBILE, javaScript: false });
    const page = await ctx.newPage();
    await open(page, "/skirejser?weeks=7");
    expect(await page.getByTestId("mobile-search-summary").isVisible()).toBe(false);
    expect(await page.getByTestId("search-page-link").isVisible()).toBe(true);
    // the results page's filters and sort are carried along, and its chosen destinations kept
    await open(page, "/skirejser?destinationSlugs=tirol&weeks=7&minRating=3&sort=price:asc");
    await page.getByTestId("search-page-link").click();
    await page.getByTestId("search-form").getByLabel("Snarest muligt").check();
    await page.getByTestId("search-submit").click();
    await page.waitForURL((u) => u.pathname === "/skirejser" && !u.searchParams.has("weeks"));
    expect(params(page)).toEqual({ destinationSlugs: "tirol", minRating: "3", sort: "price:asc" });
    await ctx.close();
  });

  it("picks new destinations from the results page too, and the form's page links back to the results", async () => {
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    await open(page, "/skirejser?sort=price:asc");
    await page.getByTestId("search-page-link").click();
    await page.waitForURL(/\/soeg\?sort=price/);
    expect(await page.getByRole("link", { name: "Tilbage til resultaterne" }).getAttribute("href")).toBe("/skirejser?sort=price:asc");
    const form = page.getByTestId("search-form");
    await form.getByLabel("Vælg destinationer").check();
    await form.getByText("Områder i Østrig").click();
    await form.locator('input[name="destinationSlugs"][value="tirol"]').check();
    await page.getByTestId("search-submit").click();
    await page.waitForURL(/destinationSlugs=tirol/);
    expect(params(page)).toEqual({ destinationSlugs: "tirol", sort: "price:asc" });
    await ctx.close();
  });
});
