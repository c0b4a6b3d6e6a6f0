import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FEED_LIMITS } from "~/domain/constants";
import { importLines } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { open } from "./support/page";
import { useServerAndBrowser } from "./support/suite";

// A feed's names as long as docs/feed.md "Limits" lets them be (FEED_LIMITS.nameLength): an
// accommodation named by a single word, a company, region and resort by many. On a phone and on a
// desktop, with JavaScript and without, no page grows wider than the window (the saved trips' page
// neither), the name breaks in its box, and the buttons naming the company stay in theirs, their
// text whole.

const suite = useServerAndBrowser({ demoTrips: 300 });

/** `text` repeated to exactly the longest name a feed may carry, without a space at the end. */
const longest = (text: string) =>
  text
    .repeat(Math.ceil(FEED_LIMITS.nameLength / text.length))
    .slice(0, FEED_LIMITS.nameLength)
    .trimEnd();
const ACCOMMODATION = longest("Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherungsanstalt");
const COMPANY = { slug: "langt-navn-rejser", name: longest("Rejsebureauet med det allerlængste firmanavn i hele Skandinavien ApS ") };
const RESORT = "langby";
const PAGES = [`/skirejser?destinationSlugs=${RESORT}`, "/ophold/langt-navn-hotel", `/skiferie/${RESORT}`];

beforeAll(async () => {
  const lines = [40, 47].map((days, k) =>
    trip({
      id: `langt-navn-${k}`,
      travelCompany: COMPANY,
      accommodation: {
        id: "langt-navn-hotel",
        name: ACCOMMODATION,
        lat: 47.33,
        lng: 13.4,
        destination: {
          slug: RESORT,
          name: longest("Sankt-Johann-im-Pongau-Alpendorf-Wagrain-Flachau-"),
          region: { slug: "langt-omraade", name: longest("Salzburger Sportwelt Amadé Skiregion ") },
          country: { slug: "oestrig", name: "Østrig" },
        },
      },
      departureDate: departureInDays(days),
      url: `https://langt-navn.example.dk/${k}`,
    }),
  );
  const ran = await importLines(suite.server.dbFile, lines);
  expect(ran.code, ran.stderr).toBe(0);
  // The server switches to the new data by itself.
  await vi.waitFor(async () => expect((await fetch(`${suite.server.url}${PAGES[1]}`)).status).toBe(200), {
    timeout: 30_000,
    interval: 200,
  });
}, 120_000);

/** What on the page leaves its box: the page itself, the names, the buttons naming the company (their text whole) and the offers table. */
function outOfBounds(page: Page): Promise<string[]> {
  return page.evaluate((company) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const buttons = ".rc-link, .offer-go > a, [data-testid=saved-trip-offer]";
    for (const el of document.querySelectorAll<HTMLElement>(`${buttons}, h1, h2, table.offers`)) {
      const box = el.parentElement!.closest("article, section, .offers-box, [data-testid=saved-trip]") ?? el.parentElement!;
      const [r, b] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
      if (r.right > b.right + 1 || r.left < b.left - 1) out.push(`${el.tagName} ${el.className} sticks out of its ${box.tagName}`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible")
        out.push(`${el.tagName} ${el.className} overflows`);
    }
    for (const a of document.querySelectorAll(buttons))
      if (!a.textContent!.includes(company)) out.push(`"${a.textContent}" does not name the company in full`);
    return out;
  }, COMPANY.name);
}

describe.each([
  ["desktop", DESKTOP],
  ["phone", MOBILE],
] as const)("%s", (_, size) => {
  for (const javaScript of [true, false])
    it(`JavaScript ${javaScript ? "on" : "off"}: the results, accommodation, destination and saved-trips pages keep the longest names in their boxes`, async () => {
      const ctx = await suite.newContext({ size, javaScript });
      const page = await ctx.newPage();
      for (const path of PAGES) {
        if (javaScript) await open(page, path);
        else await page.goto(path);
        expect(await outOfBounds(page), path).toEqual([]);
      }
      // Each kind of box was there to check.
      expect(await page.locator("h1").textContent()).toContain("Sankt-Johann");
      await page.goto(PAGES[1]);
      expect(await page.locator("h1").textContent()).toBe(ACCOMMODATION);
      expect(await page.locator(".offer-go > a").count()).toBe(2);
      // Saved, the trip's card on the saved trips' page.
      if (javaScript) await open(page, PAGES[0]);
      else await page.goto(PAGES[0]);
      // "Gemt" shows at once with JavaScript: the save is done when the server has answered.
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/gemte-rejser") && r.request().method() === "POST");
      await page.getByRole("article").first().getByRole("button", { name: "Gem rejse" }).click();
      await saved;
      await page.getByRole("article").first().getByRole("button", { name: "Gemt" }).waitFor();
      await page.goto("/gemte-rejser");
      expect(await page.getByTestId("saved-trip-offer").count()).toBe(1);
      expect(await outOfBounds(page), "/gemte-rejser").toEqual([]);
      await ctx.close();
    });
});
