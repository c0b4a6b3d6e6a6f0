import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDb } from "../../db/client";
import { users } from "../../db/schema";
import { createAgent } from "../../app/services/agents/agents.server";
import { importLines, runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { startSmtp, tripIdsIn, type TestSmtp } from "../support/smtp";
import { DESKTOP, MOBILE } from "./support/browser";
import { open, seriousViolations } from "./support/page";
import { usePage, useServerAndBrowser } from "./support/suite";

// A feed imported, then the same feed with one lower price: the drop shows once on the
// accommodation page's offers table (with the price before and the price-history chart), once on
// the result card, and once in the e-mail of a search agent that opted in to price drops (the
// imports e-mail the agents, over a real SMTP server; a `notify` run after them sends nothing more), with JavaScript and
// without. The demo data's photos are drawn by the app itself and load under the CSP; a card
// without a photo shows the neutral placeholder; the page's gallery shows the demo's photos.

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

let smtp: TestSmtp;
const AGENT_MAIL = "prisfald@example.dk";
/** The e-mails to the agent's owner from each step: the two imports (each e-mails the agents when done) and a `notify` run after them. */
const mailsOf: Array<TestSmtp["messages"]> = [];

async function cli(args: string[]) {
  const before = smtp.messages.length;
  const ran = await runIndexer(args, { DATABASE_URL: suite.server.dbFile, SMTP_URL: smtp.url });
  expect(ran.code, ran.stderr).toBe(0);
  mailsOf.push(smtp.messages.slice(before).filter((m) => m.to.includes(AGENT_MAIL)));
  return ran;
}

beforeAll(async () => {
  smtp = await startSmtp();
  // An account with an agent for the company's trips that opted in to price drops, made before the imports.
  const db = openDb(suite.server.dbFile);
  try {
    const user = db.insert(users).values({ email: AGENT_MAIL, passwordHash: "x" }).returning({ id: users.id }).get().id;
    createAgent(db, user, { name: "Prisfald Rejser", query: `travelCompanies=${company.slug}`, frequency: "instant", priceDrops: true });
  } finally {
    db.$client.close();
  }
  await cli(["import", writeFeed(14000)]);
  const { stdout } = await cli(["import", writeFeed(12800)]);
  expect(stdout).toMatch(/opdateret:\s+1/);
  await cli(["notify"]);
  // The server switches to the new data by itself.
  const cheapest = async () =>
    (
      (await (await fetch(`${suite.server.url}/api/search?travelCompanies=${company.slug}&sort=price:asc`)).json()) as {
        items: Array<{ trip: { price: number } }>;
      }
    ).items[0]?.trip.price;
  await vi.waitFor(async () => expect(await cheapest()).toBe(12800), { timeout: 30_000, interval: 200 });
}, 180_000);
afterAll(() => smtp?.close());

describe("the opted-in agent's e-mails", () => {
  it("the first import's lists the three new trips; the second's lists the lowered one alone, as a drop, once; a notify run after them sends nothing", () => {
    expect(mailsOf.map((mails) => mails.length)).toEqual([1, 1, 0]);
    expect(tripIdsIn(mailsOf[0][0]).sort()).toEqual(["pf-0", "pf-1", "pf-2"]);
    const [mail] = mailsOf[1];
    expect(mail.subject).toBe('1 prisfald til din søgeagent "Prisfald Rejser"');
    expect(tripIdsIn(mail)).toEqual(["pf-0"]);
    expect(mail.text.match(/Prisen er faldet 1\.200 kr\. \(før 14\.000 kr\.\)/g)).toHaveLength(1);
  });
});

const PAGE = `/ophold/pf-hotel-0?travelCompanies=${company.slug}`;

async function checkPage(page: Page) {
  const rows = page.getByTestId("offer-row");
  await rows.first().waitFor();
  expect(await rows.count()).toBe(1);
  const drops = page.getByTestId("offer-drop");
  expect(await drops.count()).toBe(1);
  // Per person, the default price type, as the card tells it: the table and the chart of the cheapest price after each of the two imports.
  expect(await drops.textContent()).toMatch(/^Prisen er faldet 600 kr\. pr\. person siden \d+\. \S+ Før 7\.000 kr\.$/);
  expect(await rows.first().getByTestId("offer-price").textContent()).toBe("6.400 kr.");
  expect(await page.getByTestId("price-history-summary").textContent()).toMatch(/: laveste 6\.400 kr\., højeste 7\.000 kr\.$/);
  expect(await page.getByTestId("price-history-table").locator("tbody tr").count()).toBe(2);
  // A line with its unit, a kroner axis from the highest price at the top to the lowest at the bottom, and a time axis to today,
  // which the last price holds to (the line reaches the chart's right end).
  expect(await page.getByTestId("price-history-unit").textContent()).toBe("Kr. pr. person");
  const chart = await page.getByTestId("price-history").evaluate((figure) => {
    const labels = [...figure.querySelectorAll('[data-testid="price-history-axis"] > .absolute')]
      .map((el) => ({ text: el.textContent, y: el.getBoundingClientRect().y }))
      .sort((a, b) => a.y - b.y);
    const svg = figure.querySelector("svg")!;
    const line = figure.querySelector("path")!.getBBox();
    return {
      labels: labels.map((l) => l.text),
      time: [...figure.querySelectorAll('[data-testid="price-history-time"] > *')].map((el) => el.textContent),
      lineEnd: (line.x + line.width) / svg.viewBox.baseVal.width,
      lineRise: line.height,
    };
  });
  expect(chart.labels).toEqual(["7.000 kr.", "6.400 kr."]);
  expect(chart.time).toEqual([expect.stringMatching(/^\d+\. \S+$/), "I dag"]);
  expect(chart.lineEnd).toBeGreaterThan(0.98);
  expect(chart.lineRise).toBeGreaterThan(0);
}

async function checkCards(page: Page) {
  const cards = page.getByRole("article");
  expect(await cards.count()).toBe(3);
  const dropped = cards.first();
  expect(await dropped.locator("h2").textContent()).toBe("Prisfaldhotel 0");
  // Per person, as the card's price: 7.000 kr. before, 6.400 kr. now.
  expect(await dropped.getByTestId("price-drop").textContent()).toBe("Prisfald – før 7.000 kr.");
  // Its title in the same unit: 600 kr. per person (1.200 kr. for the party of two).
  expect(await dropped.getByTestId("price-drop").getAttribute("title")).toMatch(/^Prisen er faldet 600 kr\. pr\. person siden \d+\. \S+$/);
  expect(await cards.nth(1).getByTestId("price-drop").count()).toBe(0);
  // The feed's trips have no photo: a placeholder of the same size.
  expect(await dropped.locator(".photo-none").count()).toBe(1);
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

  it("its photo leads to the accommodation page with the search, whose offers table shows the drop and the price before, once", async () => {
    await page.getByRole("article").first().locator(".rc-photo a").click();
    await page.waitForURL((url) => url.pathname === "/ophold/pf-hotel-0");
    expect(new URL(page.url()).searchParams.get("travelCompanies")).toBe(company.slug);
    await checkPage(page);
    if (javaScript) expect(await seriousViolations(page)).toEqual([]);
  });

  it("the page of a demo accommodation shows its photos in a gallery, the first one also its share image and JSON-LD image", async () => {
    await page.goto("/skirejser?travelCompanies=&sort=price:desc");
    await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await page.waitForURL(/\/ophold\//);
    await page.getByTestId("gallery").waitFor();
    const photos = page.getByTestId("gallery").getByTestId("photo");
    expect(await photos.count()).toBeGreaterThan(0);
    const first = await photos.first().getAttribute("src");
    expect(first).toMatch(/\/demo-billeder\/[^/]+\.svg$/);
    expect(await photos.first().getAttribute("loading")).toBe("eager");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(first);
    expect(await page.locator('meta[name="twitter:image"]').getAttribute("content")).toBe(first);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { image: string };
    expect(ld.image).toBe(first);
  });

  it("the demo's cards show their photos, drawn by the app and allowed by the CSP, in a box that does not move", async () => {
    await page.goto("/skirejser?travelCompanies=&sort=price:desc");
    const photo = page.getByRole("article").first().getByTestId("photo");
    expect(await photo.getAttribute("src")).toMatch(/\/demo-billeder\/[^/]+\.svg$/);
    // The first card's photo is the first screen's largest paint: it loads with the page, the others lazily.
    expect(await photo.getAttribute("loading")).toBe("eager");
    expect(await page.getByRole("article").nth(1).getByTestId("photo").getAttribute("loading")).toBe("lazy");
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    const box = await photo.evaluate((img) => {
      const r = img.parentElement!.getBoundingClientRect();
      return r.width / r.height;
    });
    expect(box).toBeCloseTo(4 / 3, 1);
  });
});

describe("a photo whose server does not answer", () => {
  let page: Page;
  usePage(suite, { size: MOBILE }, (opened) => ({ page } = opened));

  it("shows the placeholder's mountain in its box, on the card and on the page, its alt text kept", async () => {
    // The address of an image server that has stopped: its port refuses.
    const stopped = http.createServer();
    await new Promise<void>((resolve) => stopped.listen(0, "127.0.0.1", resolve));
    const gone = `http://127.0.0.1:${(stopped.address() as AddressInfo).port}/billeder/hytte.jpg`;
    await new Promise((resolve) => stopped.close(resolve));
    suite.allowPageErrors(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
    const line = trip({
      id: "bb-1",
      travelCompany: { slug: "brudte-billeder", name: "Brudte Billeder" },
      accommodation: { id: "bb-hytte", name: "Hytten uden billede", imageUrl: gone, images: [`${gone}?v=2`] },
      departureDate: departureInDays(60),
    });
    expect((await importLines(suite.server.dbFile, [line])).code).toBe(0);
    await expect.poll(async () => (await fetch(`${suite.server.url}/ophold/bb-hytte`)).status).toBe(200);

    /** Each photo: marked failed and shrunk out of sight, its box drawing the mountain, and its alt text. */
    const photos = () =>
      page.getByTestId("photo").evaluateAll((imgs) =>
        imgs.map((img) => ({
          failed: img.hasAttribute("data-failed") && img.getBoundingClientRect().width <= 1,
          mountain: getComputedStyle(img.parentElement!, "::before").content === '""',
          alt: img.getAttribute("alt"),
        })),
      );
    await open(page, "/skirejser?travelCompanies=brudte-billeder");
    await page.getByTestId("photo").scrollIntoViewIfNeeded();
    await expect.poll(photos).toEqual([{ failed: true, mountain: true, alt: "" }]);

    // Without the page's own scripts too (they wait for an interaction: app/utils/script-loader.ts).
    suite.allowPageErrors(/net::ERR_FAILED .*\/assets\/.*\.js/);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/ophold/bb-hytte");
    await expect.poll(photos).toEqual([1, 2].map((n) => ({ failed: true, mountain: true, alt: `Hytten uden billede, billede ${n} af 2` })));
    await page.unroute(/\/assets\/.*\.js$/);
  });
});

describe("on a phone", () => {
  let page: Page;
  usePage(suite, { size: MOBILE, javaScript: false }, (opened) => ({ page } = opened));
  it("marks the drop too, on the card and on the page", async () => {
    await page.goto(SEARCH);
    await checkCards(page);
    await page.goto(PAGE);
    await checkPage(page);
  });
});
