import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE } from "./support/browser";
import { usePage, useServerAndBrowser } from "./support/suite";

// The results page with JavaScript disabled: filter through the GET form, sort and page with links,
// banner clicks through the redirect route.

const suite = useServerAndBrowser({ demoTrips: 3000 });

const search = (page: Page) => new URL(page.url()).search;

function clicks(bannerId: number): number {
  const db = new Database(suite.server.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from banner_events where banner_id = ? and kind = 'click'").get(bannerId) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("without JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript: false }, (opened) => ({ page } = opened));

  it("filters with the GET form and its submit button, keeping the sort and the affiliate id", async () => {
    await page.goto("/skirejser?sort=price:asc&aff=p9");
    expect(search(page)).toBe("?sort=price:asc&aff=p9");
    await page.locator('input[name="travelCompanies"][value="alpetours"]').check();
    await page.locator('input[name="travelCompanies"][value="sneglad"]').check();
    await page.locator('input[name="minRating"][value="3"]').check();
    await page.getByLabel("Højeste pris", { exact: true }).fill("9.000 kr.");
    await page.getByTestId("apply-filters").click();
    await page.waitForLoadState("load");
    // the form's spelling is redirected to the canonical URL
    // (the companies in the form's order: by facet count)
    expect(search(page)).toMatch(
      /^\?maxPrice=9000&minRating=3&travelCompanies=(alpetours,sneglad|sneglad,alpetours)&sort=price:asc&aff=p9$/,
    );
    expect(await page.locator('input[name="travelCompanies"][value="alpetours"]').isChecked()).toBe(true);
    expect(await page.getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("9.000 kr.");
    const companies = await page.getByRole("article").evaluateAll((els) => els.map((e) => e.textContent ?? ""));
    expect(companies.length).toBeGreaterThan(0);
    for (const text of companies) expect(text).toMatch(/Se tilbuddet hos (Alpetours|Sneglad Rejser)/);

    // 'Eksklusiv' drops the ski-pass days; 'Samlet pris' drops the per-person bounds
    await page.locator('input[name="skiPassIncluded"][value="false"]').check();
    await page.getByLabel("Færrest liftkortdage", { exact: true }).fill("3 dage");
    await page.locator('[data-testid="sidebar"] label', { hasText: "Samlet pris" }).click();
    await page.getByTestId("apply-filters").click();
    await page.waitForLoadState("load");
    expect(search(page)).toMatch(
      /^\?minRating=3&skiPassIncluded=false&travelCompanies=(alpetours,sneglad|sneglad,alpetours)&sort=price:asc&priceType=total&aff=p9$/,
    );
    expect(await page.locator('[data-section="Liftkort dage"]').count()).toBe(0);
    expect(await page.getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("180.000 kr.");
  });

  it("sorts and pages with links", async () => {
    await page.goto("/skirejser");
    await page.getByTestId("sort-link").filter({ hasText: "Største rabat" }).click();
    await page.waitForLoadState("load");
    expect(search(page)).toBe("?sort=discountPercentage:desc");
    const discounts = await page.locator(".rc-discount").allTextContents();
    const pct = discounts.map((d) => Number(d.replace(/\D/g, "")));
    expect(pct.length).toBeGreaterThan(2);
    expect([...pct].sort((a, b) => b - a)).toEqual(pct);
    await page.getByTestId("page-link").filter({ hasText: /^2$/ }).click();
    await page.waitForLoadState("load");
    expect(search(page)).toBe("?sort=discountPercentage:desc&page=2");
    expect(await page.getByTestId("page-link").filter({ hasText: /^2$/ }).getAttribute("aria-current")).toBe("page");
    await page.getByTestId("page-prev").click();
    await page.waitForLoadState("load");
    expect(search(page)).toBe("?sort=discountPercentage:desc");
  });

  it("banner links go through the redirect route, which records the click", async () => {
    await page.goto("/skirejser?aff=p9");
    const banner = page.getByTestId("banner").first();
    const id = Number(await banner.getAttribute("data-banner-id"));
    const href = await banner.locator("a").getAttribute("href");
    expect(href).toBe(`/banner/${id}?aff=p9`);
    const before = clicks(id);
    const res = await fetch(`${suite.server.url}${href}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^https:\/\/example\.com\//);
    expect(clicks(id)).toBe(before + 1);
    expect((await fetch(`${suite.server.url}/banner/99999`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${suite.server.url}/banner/x`, { redirect: "manual" })).status).toBe(404);
    // the JavaScript event API takes posts from our pages only, and validates its input
    const postEvent = (body: string, headers: Record<string, string> = { Origin: suite.server.url }) =>
      fetch(`${suite.server.url}/api/banner-events`, { method: "POST", body, headers }).then((r) => r.status);
    expect(await postEvent('{"bannerId":"1","kind":"view"}')).toBe(400);
    expect(await postEvent("nope")).toBe(400);
    expect(await postEvent(JSON.stringify({ bannerId: id, kind: "view" }))).toBe(204);
    expect(await postEvent(JSON.stringify({ bannerId: id, kind: "view" }), {})).toBe(403);
  });

  it("the map link shows the cards across the page and a line saying the map needs JavaScript, no empty map box", async () => {
    await page.goto("/skirejser?sort=price:asc");
    await page.getByTestId("map-toggle").first().click();
    await page.waitForLoadState("load");
    expect(search(page)).toBe("?sort=price:asc&map=1");
    const notice = page.getByTestId("map-no-script");
    expect(await notice.textContent()).toBe("Kortet kan kun vises med JavaScript. Stederne i resultatet står nedenfor.");
    const view = (await page.getByTestId("map-view").boundingBox())!;
    const card = (await page.getByRole("article").first().boundingBox())!;
    // The cards start at the view's left edge, right under the notice, and use its width.
    expect(Math.abs(card.x - view.x)).toBeLessThan(2);
    expect(card.width).toBeGreaterThan(view.width * 0.9);
    expect(card.y - (await notice.boundingBox())!.y).toBeLessThan(120);
  });

  it("on a phone the drawers degrade to the plain sidebar form and sorting links", async () => {
    const mobile = await suite.newContext({ size: MOBILE, javaScript: false });
    const p = await mobile.newPage();
    await p.goto("/skirejser");
    expect(await p.getByTestId("sidebar").isVisible()).toBe(true);
    expect(await p.getByTestId("sorting-bar").isVisible()).toBe(true);
    expect(await p.getByTestId("mobile-bar").isVisible()).toBe(false);
    await p.locator('input[name="mealPlanTypes"][value="halvpension"]').check();
    await p.getByTestId("apply-filters").click();
    await p.waitForLoadState("load");
    expect(new URL(p.url()).search).toBe("?mealPlanTypes=halvpension");
    await mobile.close();
  });
});
