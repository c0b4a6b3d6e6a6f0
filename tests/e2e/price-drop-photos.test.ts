import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { DESKTOP, MOBILE } from "./support/browser";
import { open, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// A feed imported, then the same feed with one lower price: the result card of that offer marks
// the drop, with JavaScript and without. The demo data's photos are drawn by the app itself and
// load under the CSP; a card without a photo shows the neutral placeholder.

const suite = useServerAndBrowser({ demoTrips: 300 });
const company = { slug: "prisfald-rejser", name: "Prisfald Rejser" };
const SEARCH = `/skirejser?travelCompanies=${company.slug}&sort=price:asc`;

function writeFeed(priceOfFirst: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-feed-")), "feed.ndjson");
  const line = (k: number, price: number) =>
    JSON.stringify(
      trip({
        id: `pf-${k}`,
        travelCompany: company,
        accommodation: { id: `pf-hotel-${k}`, name: `Prisfaldhotel ${k}` },
        departureDate: departureInDays(60),
        price,
        pricePerPerson: price / 2,
        originalPrice: null,
        url: `https://prisfald.example.dk/${k}`,
      }),
    );
  fs.writeFileSync(file, [line(0, priceOfFirst), line(1, 15000), line(2, 16000)].join("\n") + "\n");
  return file;
}

beforeAll(async () => {
  await runIndexer(["import", writeFeed(14000)], { DATABASE_URL: suite.server.dbFile });
  const { stdout } = await runIndexer(["import", writeFeed(12800)], { DATABASE_URL: suite.server.dbFile });
  expect(stdout).toMatch(/opdateret:\s+1/);
  // The server switches to the new data by itself.
  const cheapest = async () =>
    (
      (await (await fetch(`${suite.server.url}/api/search?travelCompanies=${company.slug}&sort=price:asc`)).json()) as {
        items: Array<{ trip: { price: number } }>;
      }
    ).items[0]?.trip.price;
  await vi.waitFor(async () => expect(await cheapest()).toBe(12800), { timeout: 30_000, interval: 200 });
}, 120_000);

async function checkCards(page: Page) {
  const cards = page.getByTestId("result-card");
  expect(await cards.count()).toBe(3);
  const dropped = cards.first();
  expect(await dropped.locator("h3").textContent()).toBe("Prisfaldhotel 0");
  expect(await dropped.getByTestId("price-drop").textContent()).toBe("Prisfald – før 14.000 kr.");
  expect(await dropped.getByTestId("price-drop").getAttribute("title")).toMatch(/^Prisen er faldet 1\.200 kr\. siden \d+\. \S+$/);
  expect(await cards.nth(1).getByTestId("price-drop").count()).toBe(0);
  // The feed's trips have no photo: a placeholder of the same size.
  expect(await dropped.getByTestId("photo-placeholder").count()).toBe(1);
}

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
] as const)("%s", (_, javaScript) => {
  let page: Page;
  usePage(suite, { size: DESKTOP, javaScript }, (opened) => ({ page } = opened));

  it("the card of the offer whose price fell says so, with the old price", async () => {
    if (javaScript) await open(page, SEARCH);
    else await page.goto(SEARCH);
    await checkCards(page);
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);
  });

  it("the demo's cards show their photos, drawn by the app and allowed by the CSP, in a box that does not move", async () => {
    await page.goto("/skirejser?travelCompanies=&sort=price:desc");
    const photo = page.getByTestId("result-card").first().getByTestId("photo");
    expect(await photo.getAttribute("src")).toMatch(/\/demo-billeder\/[^/]+\.svg$/);
    expect(await photo.getAttribute("loading")).toBe("lazy");
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    const box = await photo.evaluate((img) => {
      const r = img.parentElement!.getBoundingClientRect();
      return r.width / r.height;
    });
    expect(box).toBeCloseTo(4 / 3, 1);
  });
});

describe("on a phone", () => {
  let page: Page;
  usePage(suite, { size: MOBILE, javaScript: false }, (opened) => ({ page } = opened));
  it("marks the drop too", async () => {
    await page.goto(SEARCH);
    await checkCards(page);
  });
});
