import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccounts, logInThroughPage } from "./support/accounts";
import { DESKTOP, MOBILE } from "./support/browser";
import { open } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// The traveller's path through the results page (one server for all of it), at 1440×900 and
// 390×844, with and without JavaScript:
// - names instead of counts: the search bar says the place ("Val Thorens", "Val Thorens + 2") and
//   the weeks by name, the results say how many places and trips at their top, a new search agent
//   is named by its search and its summary lists the filters, and on a phone 'Filtre' counts the
//   set filters and the filters are removable chips;
// - states and words: a page beyond the last goes to the last page (or, when nothing matches, to
//   the first, with the no-results notice), every apply button has one name, and the phone
//   drawer's counts follow the boxes ticked in it;
// - a price typed or slid counts once it settles, and only then clamps the other bound;
// - the keyboard and the phone's first screen: a skip link, the focus moved into what opens, and a
//   phone card whose price is on the first screen.

const suite = useServerAndBrowser({ demoTrips: 3000 });

const SIZES = [
  ["1440×900", DESKTOP],
  ["390×844", MOBILE],
] as const;

const PASSWORD = "sne-og-sol-2027";
const VAL_THORENS = "/skirejser?destinationSlugs=val-thorens&weeks=7,8&adultCount=4";
const THREE_PLACES = "/skirejser?destinationSlugs=val-thorens,tignes,zermatt&months=2027-02";
const FILTERED = "/skirejser?minRating=3&mealPlanTypes=halvpension&travelCompanies=alpetours";

const search = (page: Page) => new URL(page.url()).search;

/** The API's counts for a results URL: places (accommodations) and trips. */
async function counts(path: string): Promise<{ places: number; trips: number }> {
  const res = await fetch(`${suite.server.url}/api/search${new URL(path, suite.server.url).search}`);
  const body = (await res.json()) as { pagination: { totalCount: number }; totalCount: number };
  return { places: body.pagination.totalCount, trips: body.totalCount };
}

const da = (n: number) => n.toLocaleString("da-DK");

/**
 * The number of places and trips at the top of the results: the API's, above the first card, and
 * on the first screen (not on a phone without JavaScript, where the filter form comes first).
 */
async function expectCountsOnTop(page: Page, path: string, firstScreen = true) {
  const { places, trips } = await counts(path);
  expect(places).toBeGreaterThan(0);
  const line = page.getByTestId("result-counts");
  expect(await line.textContent()).toBe(
    `${da(places)} ${places === 1 ? "sted" : "steder"} med ${da(trips)} ${trips === 1 ? "rejse" : "rejser"}`,
  );
  const lineBox = (await line.boundingBox())!;
  const card = (await page.getByRole("article").first().boundingBox())!;
  expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(card.y);
  if (firstScreen) expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

describe("desktop, 1440×900, with JavaScript", () => {
  let page: Page;
  usePage(suite, { size: DESKTOP }, (opened) => ({ page } = opened));

  it("the search bar names the place, the party and the weeks; more places as the first and a count", async () => {
    await open(page, VAL_THORENS);
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Val Thorens");
    expect(await page.getByTestId("step-who-value").textContent()).toBe("4 personer");
    expect(await page.getByTestId("step-when-value").textContent()).toBe("Uge 7–8");
    await open(page, THREE_PLACES);
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Val Thorens + 2");
    expect(await page.getByTestId("step-when-value").textContent()).toBe("Februar");
  });

  it("names a place picked in the bar, before the search runs", async () => {
    await open(page, VAL_THORENS);
    await page.getByTestId("step-where-toggle").click();
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "tign");
    await page.getByLabel("Søg efter land, område eller skisportssted").fill("tign");
    await answered;
    await page.getByTestId("destination-tree").locator('input[value="tignes"]').check();
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Val Thorens + 1");
    await page.getByTestId("selected-destinations").getByRole("button", { name: "Fjern Val Thorens" }).click();
    expect(await page.getByTestId("step-where-value").textContent()).toBe("Tignes");
  });

  it("says how many places and trips it found at the top of the results", async () => {
    await open(page, VAL_THORENS);
    await expectCountsOnTop(page, VAL_THORENS);
    await open(page, "/skirejser");
    await expectCountsOnTop(page, "/skirejser");
  });

  it("shows no phone chips on a wide screen: the sidebar has the filters", async () => {
    await open(page, FILTERED);
    expect(await page.getByTestId("mobile-chips").isVisible()).toBe(false);
  });
});

describe("a new search agent, logged in", () => {
  const agentSearch = `${VAL_THORENS}&minPrice=3000&mealPlanTypes=halvpension`;
  const name = "Val Thorens, 4 personer, Uge 7–8, Pr. person: fra 3.000 kr., Halvpension";

  for (const [label, size, email] of [
    ["1440×900", DESKTOP, "navn-desktop@example.dk"],
    ["390×844", MOBILE, "navn-mobil@example.dk"],
  ] as const) {
    describe(label, () => {
      let page: Page;
      usePage(suite, { size }, (opened) => ({ page } = opened));
      beforeAll(async () => {
        await createAccounts(suite.server, [email], PASSWORD);
        await logInThroughPage(page, email, PASSWORD);
      });

      it("the dialog opened from the URL names it by place, party, weeks and filters; the agent page lists them", async () => {
        await open(page, `${agentSearch}&dialog=createSearchAgent`);
        const field = page.getByTestId("create-agent-dialog").getByLabel("Navn");
        expect(await field.inputValue()).toBe(name);
        // Used on the page it was loaded with (no page error: the suite fails a test on any).
        await page.getByTestId("create-agent-submit").click();
        await page.waitForURL(/\/soegeagenter$/);
        const agent = page.getByTestId("agent").first();
        await agent.waitFor();
        expect(await agent.getByTestId("agent-name").textContent()).toBe(name);
        expect(await agent.getByTestId("agent-summary").textContent()).toContain(
          "Val Thorens · 4 personer · Uge 7–8 · Pr. person: fra 3.000 kr. · Halvpension",
        );
      });
    });
  }
});

describe("phone, 390×844, with JavaScript", () => {
  let page: Page;
  usePage(suite, { size: MOBILE }, (opened) => ({ page } = opened));

  it("says how many places and trips it found at the top of the results", async () => {
    await open(page, VAL_THORENS);
    await expectCountsOnTop(page, VAL_THORENS);
  });

  it("'Filtre' carries a badge with the number of set filters, and no badge when none is set", async () => {
    await open(page, FILTERED);
    const button = page.getByTestId("open-filters");
    expect(await button.getByTestId("filters-badge").textContent()).toBe("3");
    expect(await page.getByRole("button", { name: "Filtre, 3 valgt" }).count()).toBe(1);
    await open(page, VAL_THORENS);
    expect(await button.getByTestId("filters-badge").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Filtre", exact: true }).count()).toBe(1);
  });

  it("shows the set filters as removable chips over the results", async () => {
    await open(page, FILTERED);
    const chips = page.getByTestId("mobile-chips");
    expect(await chips.isVisible()).toBe(true);
    expect(await chips.getByTestId("chip").allTextContents()).toEqual(["3+ stjerner×", "Halvpension×", "Alpetours×"]);
    await chips.getByRole("link", { name: "Fjern filter: Halvpension" }).click();
    await expect.poll(() => search(page)).toBe("?minRating=3&travelCompanies=alpetours");
    await expect.poll(() => page.getByTestId("filters-badge").textContent()).toBe("2");
    await open(page, VAL_THORENS);
    expect(await page.getByTestId("mobile-chips").count()).toBe(0);
  });
});

describe("without JavaScript", () => {
  it("1440×900: the bar's steps name the place and the weeks; the counts are at the top", async () => {
    const ctx = await suite.newContext({ size: DESKTOP, javaScript: false });
    const page = await ctx.newPage();
    await page.goto(THREE_PLACES);
    const bar = page.getByTestId("search-bar");
    expect(await bar.locator("dd").allTextContents()).toEqual(["Val Thorens + 2", "2 personer", "Februar"]);
    await expectCountsOnTop(page, THREE_PLACES);
    await ctx.close();
  });

  it("390×844: the filters are removable chips (plain links), the counts are at the top", async () => {
    const ctx = await suite.newContext({ size: MOBILE, javaScript: false });
    const page = await ctx.newPage();
    await page.goto(FILTERED);
    await expectCountsOnTop(page, FILTERED, false);
    const chips = page.getByTestId("mobile-chips");
    expect(await chips.isVisible()).toBe(true);
    await chips.getByRole("link", { name: "Fjern filter: Alpetours" }).click();
    await page.waitForURL((u) => u.search === "?minRating=3&mealPlanTypes=halvpension");
    expect(await page.getByTestId("mobile-chips").getByTestId("chip").allTextContents()).toEqual(["3+ stjerner×", "Halvpension×"]);
    await ctx.close();
  });
});

async function lastPage(query: string): Promise<number> {
  const res = await fetch(`${suite.server.url}/api/search?${query}`);
  const { pagination } = (await res.json()) as { pagination: { totalCount: number; pageSize: number } };
  return Math.ceil(pagination.totalCount / pagination.pageSize);
}

describe("a page beyond the last", () => {
  for (const [label, size] of SIZES) {
    for (const javaScript of [true, false]) {
      it(`${label}, JavaScript ${javaScript ? "on" : "off"}: ?page=99 shows the last page's results, an empty search the notice`, async () => {
        const last = await lastPage("weeks=7");
        expect(last).toBeGreaterThan(1);
        expect(last).toBeLessThan(99);
        const ctx = await suite.newContext({ size, javaScript });
        const page = await ctx.newPage();
        const res = await page.goto("/skirejser?weeks=7&page=99");
        expect(res?.status()).toBe(200);
        expect(new URL(page.url()).search).toBe(`?weeks=7&page=${last}`);
        expect(await page.getByRole("article").count()).toBeGreaterThan(0);
        expect(
          await page
            .getByTestId("page-link")
            .filter({ hasText: String(last) })
            .first()
            .getAttribute("aria-current"),
        ).toBe("page");

        await page.goto("/skirejser?travelCompanies=findes-ikke&page=3");
        expect(new URL(page.url()).search).toBe("?travelCompanies=findes-ikke");
        expect(await page.getByTestId("no-results").isVisible()).toBe(true);
        expect(await page.getByRole("article").count()).toBe(0);
        await ctx.close();
      });
    }
  }

  it("a navigation in the page to a page beyond the last lands on the last page too", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await open(page, "/skirejser?weeks=7");
    // A navigation in the page (as a <Link> makes): its loader's redirect is followed too.
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
        "/skirejser?weeks=7&page=99",
      ),
    );
    const last = await lastPage("weeks=7");
    await page.waitForURL((u) => u.searchParams.get("page") === String(last));
    expect(await page.getByRole("article").count()).toBeGreaterThan(0);
    await ctx.close();
  });
});

describe("one name for the apply buttons", () => {
  /** The text of every button that applies a pending choice, where each shows. */
  async function applyButtons(): Promise<string[]> {
    const texts: string[] = [];
    const nojs = await suite.newContext({ size: DESKTOP, javaScript: false });
    const plain = await nojs.newPage();
    await plain.goto("/skirejser");
    texts.push((await plain.getByTestId("apply-filters").textContent())!);
    await plain.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await plain.waitForURL(/\/ophold\//);
    texts.push((await plain.getByTestId("offers-form-submit").textContent())!);
    await nojs.close();

    const phone = await suite.newContext({ size: MOBILE });
    const page = await phone.newPage();
    await open(page, "/skirejser");
    await page.getByTestId("open-filters").click();
    await page.getByTestId("filter-drawer").locator('[data-testid="rating-3"]').click();
    texts.push((await page.getByTestId("save-filters").textContent())!);
    await page.getByTestId("filter-drawer-close").click();
    await page.getByTestId("filter-drawer").waitFor({ state: "detached" });
    await page.getByTestId("open-sort").click();
    await page.getByTestId("sort-option").nth(2).click();
    texts.push((await page.getByTestId("apply-sort").textContent())!);
    await phone.close();
    return texts;
  }

  it("filters (the plain form and the phone drawer), sort and an accommodation's offers all say 'Gem ændringer'", async () => {
    expect(await applyButtons()).toEqual(["Gem ændringer", "Gem ændringer", "Gem ændringer", "Gem ændringer"]);
  });
});

describe("390×844: the filter drawer's counts", () => {
  /** The count beside each option of a drawer section, by its label. */
  async function sectionCounts(page: Page, section: string): Promise<Record<string, number>> {
    const rows = page.getByTestId("filter-drawer").locator(`[data-section="${section}"] label`);
    const pairs = await rows.evaluateAll((els) =>
      els.map((e) => {
        const text = e.textContent ?? "";
        const count = /\(([\d.]+)\)\s*$/.exec(text)?.[1] ?? "0";
        return [text.replace(/\s*\([\d.]+\)\s*$/, "").trim(), Number(count.replace(/\./g, ""))] as const;
      }),
    );
    return Object.fromEntries(pairs);
  }

  it("follow the ticked boxes: after ticking a company they are that draft's, as the API counts them", async () => {
    const ctx = await suite.newContext({ size: MOBILE });
    const page = await ctx.newPage();
    await open(page, "/skirejser");
    await page.getByTestId("open-filters").click();
    const drawer = page.getByTestId("filter-drawer");
    await drawer.waitFor();
    const before = await sectionCounts(page, "Pension");
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === "/api/facet-numbers" &&
        (JSON.parse(r.request().postData() ?? "{}") as { requiredFacetFields?: string[] }).requiredFacetFields?.includes("mealPlanType") ===
          true,
    );
    await drawer.locator('input[name="travelCompanies"][value="alpetours"]').check();
    await answered;
    const api = (await (await fetch(`${suite.server.url}/api/search?travelCompanies=alpetours`)).json()) as {
      facetNumbers: { mealPlanType: { value: Record<string, number> } };
    };
    await expect
      .poll(async () => Object.values(await sectionCounts(page, "Pension")).reduce((a, b) => a + b, 0))
      .toBe(Object.values(api.facetNumbers.mealPlanType.value).reduce((a, b) => a + b, 0));
    const after = await sectionCounts(page, "Pension");
    expect(after).not.toEqual(before);
    // Unticked again: the page's own counts.
    await drawer.locator('input[name="travelCompanies"][value="alpetours"]').uncheck();
    await expect.poll(() => sectionCounts(page, "Pension")).toEqual(before);
    await ctx.close();
  });
});

// A price typed or slid counts once it settles, and only then clamps the other bound: typing
// 25000 into the maximum of minPrice=5000&maxPrice=20000 never sees "2" reset the minimum, and a
// slider runs one search when it is let go (or 1 s after its last key), not one per key press.
// The sidebar runs the search on a wide screen, the drawer edits a draft on a phone, and without
// JavaScript the plain form sends what is typed.

const START = "/skirejser?minPrice=5000&maxPrice=20000";

/** Counts the results page's data requests (each search the page runs is one). */
function countSearches(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => void (new URL(r.url()).pathname === "/skirejser.data" && n++));
  return () => n;
}

/** A page on a clock of its own that stands still from now on: the test moves it. */
async function onOwnClock(size: typeof DESKTOP | typeof MOBILE, path: string) {
  const ctx = await suite.newContext({ size });
  const page = await ctx.newPage();
  await page.clock.install();
  await open(page, path);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  return { ctx, page };
}

describe("1440×900 with JavaScript: the sidebar", () => {
  it("typing 25000 into the maximum keeps the minimum, and searches once, after the 1 s debounce", async () => {
    const { ctx, page } = await onOwnClock(DESKTOP, START);
    const searches = countSearches(page);
    const sidebar = page.getByTestId("sidebar");
    const min = sidebar.getByLabel("Mindste pris", { exact: true });
    const max = sidebar.getByLabel("Højeste pris", { exact: true });
    await max.selectText();
    for (const key of "25000") {
      await page.keyboard.type(key);
      await page.clock.runFor(300);
      // Each keystroke on its own: "2", "25", … would clamp the minimum if they counted.
      expect(await min.inputValue()).toBe("5.000 kr.");
      expect(search(page)).toBe("?minPrice=5000&maxPrice=20000");
    }
    await page.clock.runFor(700);
    await expect.poll(() => search(page)).toBe("?minPrice=5000&maxPrice=25000");
    expect(await min.inputValue()).toBe("5.000 kr.");
    expect(searches()).toBe(1);
    await ctx.close();
  });

  it("once settled, a maximum below the minimum clamps the minimum; Enter settles at once", async () => {
    const { ctx, page } = await onOwnClock(DESKTOP, START);
    const searches = countSearches(page);
    const max = page.getByTestId("sidebar").getByLabel("Højeste pris", { exact: true });
    await max.selectText();
    await page.keyboard.type("3000");
    await page.keyboard.press("Enter");
    await expect.poll(() => search(page)).toBe("?minPrice=2900&maxPrice=3000");
    expect(searches()).toBe(1);
    await ctx.close();
  });

  it("the maximum's slider, moved with five arrow keys, searches once, 1 s after the last", async () => {
    const { ctx, page } = await onOwnClock(DESKTOP, START);
    const searches = countSearches(page);
    const slider = page.getByTestId("sidebar").getByLabel("Højeste pris (skyder)");
    await slider.focus();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("ArrowLeft");
      await page.clock.runFor(200);
    }
    expect(searches()).toBe(0);
    expect(await page.getByTestId("sidebar").getByLabel("Højeste pris", { exact: true }).inputValue()).toBe("19.500 kr.");
    await page.clock.runFor(1000);
    await expect.poll(() => search(page)).toBe("?minPrice=5000&maxPrice=19500");
    expect(searches()).toBe(1);
    await ctx.close();
  });

  it("the minimum's slider, dragged, searches once, when it is let go", async () => {
    const { ctx, page } = await onOwnClock(DESKTOP, START);
    const searches = countSearches(page);
    const slider = page.getByTestId("sidebar").getByLabel("Mindste pris (skyder)");
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.25, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) {
      await page.mouse.move(box.x + box.width * (0.25 + i * 0.05), y);
      await page.clock.runFor(500);
    }
    // Held for 3 s: nothing searched yet.
    expect(searches()).toBe(0);
    await page.mouse.up();
    await expect.poll(() => new URL(page.url()).searchParams.get("minPrice")).not.toBe("5000");
    expect(Number(new URL(page.url()).searchParams.get("minPrice"))).toBeGreaterThan(5000);
    await page.clock.runFor(2000);
    expect(searches()).toBe(1);
    await ctx.close();
  });
});

describe("390×844 with JavaScript: the filter drawer", () => {
  it("typing 25000 into the maximum keeps the minimum; 'Gem ændringer' runs both", async () => {
    const { ctx, page } = await onOwnClock(MOBILE, START);
    await page.getByTestId("open-filters").click();
    const drawer = page.getByTestId("filter-drawer");
    await drawer.waitFor();
    const min = drawer.getByLabel("Mindste pris", { exact: true });
    const max = drawer.getByLabel("Højeste pris", { exact: true });
    await max.selectText();
    for (const key of "25000") {
      await page.keyboard.type(key);
      await page.clock.runFor(300);
      expect(await min.inputValue()).toBe("5.000 kr.");
    }
    await page.clock.runFor(700);
    await drawer.getByTestId("save-filters").click();
    await expect.poll(() => search(page)).toBe("?minPrice=5000&maxPrice=25000");
    await ctx.close();
  });
});

describe("390×844 without JavaScript", () => {
  it("the form sends the typed maximum beside the minimum", async () => {
    const ctx = await suite.newContext({ size: MOBILE, javaScript: false });
    const page = await ctx.newPage();
    await page.goto(START);
    await page.getByLabel("Højeste pris", { exact: true }).fill("25000");
    await page.getByTestId("apply-filters").click();
    await page.waitForURL((u) => u.searchParams.get("maxPrice") === "25000");
    expect(search(page)).toBe("?minPrice=5000&maxPrice=25000");
    await ctx.close();
  });
});

// The keyboard and the phone's first screen: a skip link to the results (the first Tab), the
// focus moved into what opens (a step of the search bar, Enter on 'Hvor' included, the phone's
// drawers and search modal), and a phone card short enough that its price is on the first screen.

/** The focused element's test id, or that of its nearest ancestor with one. */
const focusedIn = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest("[data-testid]")?.getAttribute("data-testid") ?? document.activeElement?.tagName);

/** Whether the focused element is inside the element with this test id. */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId);

describe("the skip link", () => {
  for (const [label, size] of SIZES) {
    for (const javaScript of [true, false]) {
      it(`${label}, JavaScript ${javaScript ? "on" : "off"}: the first Tab shows it, Enter goes past the bar and filters, the next Tab is in the first result`, async () => {
        const ctx = await suite.newContext({ size, javaScript });
        const page = await ctx.newPage();
        if (javaScript) await open(page, "/skirejser");
        else await page.goto("/skirejser");
        await page.keyboard.press("Tab");
        const link = page.getByTestId("skip-link");
        expect(await link.evaluate((e) => e === document.activeElement)).toBe(true);
        expect(await link.textContent()).toBe("Spring til resultaterne");
        // Shown while focused: inside the window, big enough to read and to tap.
        const box = (await link.boundingBox())!;
        expect(box.width).toBeGreaterThan(100);
        expect(box.height).toBeGreaterThan(30);
        expect(box.y).toBeGreaterThanOrEqual(0);
        await page.keyboard.press("Enter");
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("resultater");
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.closest("article") === document.querySelector("article"))).toBe(true);
        await ctx.close();
      });
    }
  }
});

describe("1440×900: the focus moves into a step that opens", () => {
  it("Enter on 'Hvor' opens the step with the focus in it; Escape gives it back to 'Hvor'", async () => {
    const ctx = await suite.newContext({ size: DESKTOP });
    const page = await ctx.newPage();
    await open(page, "/skirejser?destinationSlugs=val-thorens");
    await page.getByTestId("step-where-toggle").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("panel-where").waitFor();
    await expect.poll(() => focusInside(page, "panel-where")).toBe(true);
    // The chosen kind of area has the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("destinations");
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedIn(page)).toBe("step-where-toggle");
    // 'Hvornår' with a click, 'Rediger søgning' reopening the last step: the focus goes in too.
    await page.getByTestId("step-when-toggle").click();
    await expect.poll(() => focusInside(page, "panel-when")).toBe(true);
    await page.keyboard.press("Escape");
    await page.getByTestId("search-button").click();
    await expect.poll(() => focusInside(page, "panel-when")).toBe(true);
    await ctx.close();
  });
});

describe("390×844: the focus moves into the drawers and the search modal", () => {
  let page: Page;
  usePage(suite, { size: MOBILE }, (opened) => ({ page } = opened));
  beforeAll(() => open(page, "/skirejser"));

  /** Whether the focus is on the dialog that holds this panel (where Headless UI puts it on a touch screen) or inside the panel. */
  const focusInDialogOf = (testId: string) =>
    page.evaluate((id) => {
      const panel = document.querySelector(`[data-testid="${id}"]`);
      const dialog = document.activeElement?.closest('[role="dialog"]');
      return panel !== null && dialog?.contains(panel) === true;
    }, testId);

  for (const [opener, panel] of [
    ["open-filters", "filter-drawer"],
    ["open-sort", "sort-drawer"],
    ["mobile-search-summary", "mobile-search-modal"],
  ] as const) {
    it(`${opener} → the focus in ${panel}'s dialog, the next Tab inside ${panel}, back on ${opener} when it closes`, async () => {
      await page.getByTestId(opener).focus();
      await page.keyboard.press("Enter");
      await page.getByTestId(panel).waitFor();
      await expect.poll(() => focusInDialogOf(panel)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await focusInside(page, panel)).toBe(true);
      await page.keyboard.press("Escape");
      await page.getByTestId(panel).waitFor({ state: "detached" });
      await expect.poll(() => focusedIn(page)).toBe(opener);
    });
  }
});

describe("390×844: a result card's price is on the first screen", () => {
  for (const javaScript of [true, false]) {
    it(`JavaScript ${javaScript ? "on" : "off"}: the first card's price is in view on arrival, and every card's price within a screen of its top`, async () => {
      const ctx = await suite.newContext({ size: MOBILE, javaScript });
      const page = await ctx.newPage();
      if (javaScript) await open(page, "/skirejser");
      else await page.goto("/skirejser");
      const cards = page.getByRole("article");
      expect(await cards.count()).toBeGreaterThan(5);
      const price = (await cards.first().locator(".rc-price").boundingBox())!;
      // Without JavaScript the filter form comes first: the card's own layout is what counts there.
      if (javaScript) expect(price.y + price.height).toBeLessThanOrEqual(844);
      const heights = await cards.evaluateAll((els) =>
        els.map((card) => {
          const top = card.getBoundingClientRect().top;
          const p = card.querySelector(".rc-price")!.getBoundingClientRect();
          return { priceBottom: p.bottom - top, card: card.getBoundingClientRect().height };
        }),
      );
      for (const h of heights) {
        expect(h.priceBottom).toBeLessThanOrEqual(520);
        expect(h.card).toBeLessThanOrEqual(760);
      }
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await ctx.close();
    });
  }
});
