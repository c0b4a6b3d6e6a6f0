import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccounts, logInThroughPage } from "./support/accounts";
import { DESKTOP, MOBILE } from "./support/browser";
import { open } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// Names instead of counts: the search bar says the place ("Val Thorens", "Val Thorens + 2") and the
// weeks by name, the results say how many places and trips at their top, a new search agent is
// named by its search and its summary lists the filters, and on a phone 'Filtre' counts the set
// filters and the filters are removable chips. At 1440×900 and 390×844, with and without JavaScript.

const suite = useServerAndBrowser({ demoTrips: 3000 });

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
