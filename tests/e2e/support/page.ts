import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Frame, Locator, Page } from "playwright-core";

/** Opens a page and waits until it is live (waitForLive) and the network is quiet. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForLive(page);
  await page.waitForLoadState("networkidle");
}

/**
 * Waits until a page (or the page in `frame`) says it is live (`data-hydrated`): hydrated, with the
 * parts whose code waits for the visitor's first interaction loaded (app/components/ui/page-parts.tsx).
 * The pointer moves over the page, as a visitor's would, until it is; in a frame, which may be out of
 * the window's view, the frame gets the pointer's event itself.
 */
export async function waitForLive(page: Page, frame: Page | Frame = page) {
  const live = frame.locator('[data-hydrated="true"]');
  for (let i = 0; (await live.count()) === 0; i++) {
    if (frame === page) await page.mouse.move(1 + (i % 2), 1);
    else await frame.locator("body").dispatchEvent("pointermove");
    await live.waitFor({ timeout: 250 }).catch(() => undefined);
  }
}

/**
 * The visitor's first interaction with a page (the pointer moves over it), which asks for its scripts
 * (app/utils/script-loader.ts); resolves once the page has hydrated (Remix's router is there) and
 * the network is quiet. For pages without `data-hydrated` (waitForLive).
 */
export async function interact(page: Page) {
  await page.mouse.move(2, 2);
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

/** The names of the scripts the page requested so far, without their hashes (`card-parts`, `map-view`). */
export function scriptsOf(page: Page): () => string[] {
  const names: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") names.push(new URL(r.url()).pathname.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, ""));
  });
  return () => names;
}

/**
 * Scrolls an element to the middle of the screen in one step. A part below the fold is swapped for
 * its live copy as it comes near the screen (app/components/ui/page-parts.tsx), which Playwright's
 * scrollIntoViewIfNeeded, waiting for the element to hold still, may find detached.
 */
export async function scrollToPart(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
}

/**
 * Clicks one of the header's links (app/components/ui/site-nav.tsx, `nav-…`), opening the phone's
 * 'Menu' first where the links sit behind it, as a visitor would.
 */
export async function clickNav(page: Page, testId: string) {
  const link = page.getByTestId(testId);
  const menu = page.locator(".site-menu > summary");
  // A wide screen shows the link once the header has it (after a log-in, say); a phone shows 'Menu'.
  await page.locator(`[data-testid="${testId}"]:visible, .site-menu > summary:visible`).first().waitFor();
  if (!(await link.isVisible())) await menu.click();
  await link.click();
}

/** axe-core's serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

type Target = Page | Frame;

/**
 * Resolves after two rendered frames: scroll events, resize observations and the effects they
 * cause have run. For checking that something did NOT happen, without sleeping.
 */
export function framesRendered(target: Target): Promise<void> {
  return target.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Resolves once the browser has delivered the intersection observations for the element's current
 * position. Observers are notified in the order they were made, so when ours (made last) has its
 * answer, every observer of the page has had its own.
 */
export function intersectionsDelivered(locator: Locator): Promise<void> {
  return locator.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe(el);
      }),
  );
}

/**
 * Records every layout shift of the context's pages once their HTML is parsed (read them with
 * `layoutShifts`): a page whose parts move as its scripts, styles, images or data load, or as it
 * hydrates, moves what a visitor is about to click. Shifts while the streamed HTML is still being
 * parsed are left out: there the browser paints a part of the document, cut wherever the network
 * cut it (a button painted before its text arrived), which says nothing of the page's own doing.
 */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { layoutShifts: Array<{ value: number; nodes: string }> };
    w.layoutShifts = [];
    // When the parser finished the document (readyState leaves "loading").
    let parsedAt = Infinity;
    document.addEventListener("readystatechange", () => (parsedAt = Math.min(parsedAt, performance.now())));
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }>) {
        if (e.startTime < parsedAt) continue;
        w.layoutShifts.push({
          value: e.value,
          // Each moved element by its class attribute (an SVG element's className is an object), else
          // its name, with where it was and went (x,y w×h), the time since navigation, and the
          // element it was in: enough to find it when a run on a busy machine fails.
          nodes:
            `at ${Math.round(e.startTime)} ms: ` +
            (e.sources ?? [])
              .map((s: { node?: Node; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }) => {
                const el = s.node instanceof Element ? s.node : null;
                const name = el ? `${el.localName}.${el.getAttribute("class") ?? ""}` : (s.node?.nodeName ?? "");
                const parent = el?.parentElement ? ` in ${el.parentElement.localName}.${el.parentElement.getAttribute("class") ?? ""}` : "";
                const r = (b?: DOMRectReadOnly) => (b ? `${b.x},${b.y} ${b.width}×${b.height}` : "?");
                return `${name}${parent} (${r(s.previousRect)} → ${r(s.currentRect)})`;
              })
              .join("; "),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Per element: whether the browser has laid out its content (content-visibility skips it while it is
 * far from the screen, app/tailwind.css), and whether it is on the screen.
 */
export function layoutStates(items: Locator): Promise<Array<{ laidOut: boolean; onScreen: boolean }>> {
  return items.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        laidOut: el.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        onScreen: box.bottom > 0 && box.top < innerHeight,
      };
    }),
  );
}

/**
 * Scrolls the page to its end half a screen at a time, as a reader does, a frame between steps: how
 * many of the elements were seen on the screen, and the indexes of those seen there not laid out.
 */
export async function readToTheEnd(page: Page, items: Locator): Promise<{ seen: number; bare: number[] }> {
  const seen = new Set<number>();
  const bare: number[] = [];
  for (;;) {
    (await layoutStates(items)).forEach((e, i) => {
      if (!e.onScreen) return;
      seen.add(i);
      if (!e.laidOut) bare.push(i);
    });
    const atEnd = await page.evaluate(() => {
      const end = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
      window.scrollBy(0, innerHeight / 2);
      return end;
    });
    if (atEnd) return { seen: seen.size, bare };
    await framesRendered(page);
  }
}

/** The layout shifts recorded on the page so far (watchLayoutShifts), after two more frames. */
export async function layoutShifts(page: Page): Promise<Array<{ value: number; nodes: string }>> {
  await framesRendered(page);
  return page.evaluate(() => (window as unknown as { layoutShifts: Array<{ value: number; nodes: string }> }).layoutShifts);
}

/**
 * The names a map's own base layer shows (app/components/map/base-layer.ts) that a visitor can see:
 * each label's centre inside the map, nothing over any part of it (a marker, a control, the note
 * that the tiles failed), and its text drawn there, seen in a screenshot of its middle (dark pixels of the text;
 * a label under the countries' fill shows none). The browser decodes the screenshot.
 */
export async function visibleResortLabels(page: Page, map: Locator): Promise<string[]> {
  const area = (await map.boundingBox())!;
  const seen: string[] = [];
  for (const label of await map.locator(".pp-resort-label").all()) {
    const box = await label.boundingBox();
    if (!box) continue;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (x < area.x || x > area.x + area.width || y < area.y || y > area.y + area.height) continue;
    // The label's pane takes no pointer, so what the browser finds at a point of it is what lies on
    // top: the map's own box (or a tile) where nothing covers it.
    const covered = await label.evaluate((el) => {
      const map = el.closest(".leaflet-container");
      const r = el.getBoundingClientRect();
      for (let i = 0; i <= 8; i++)
        for (const fy of [0.25, 0.75]) {
          const top = document.elementFromPoint(r.left + 1 + ((r.width - 2) * i) / 8, r.top + r.height * fy);
          if (top !== map && !top?.closest(".leaflet-tile-pane")) return true;
        }
      return false;
    });
    if (covered) continue;
    // The middle of the label: its text's dark pixels.
    const middle = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.25, width: box.width * 0.4, height: box.height * 0.5 };
    const dark = (await screenPixels(page, middle)).filter(([r, g, b]) => 0.3 * r + 0.59 * g + 0.11 * b < 100).length;
    if (dark > 5) seen.push((await label.textContent())!);
  }
  return seen;
}

/** The colours ([r, g, b]) drawn in a box of the page (CSS pixels), read from a screenshot the browser decodes. */
export async function screenPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number[][]> {
  const png = await page.screenshot({ clip });
  const rgba = await page.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [img.width, img.height];
    const g = canvas.getContext("2d")!;
    g.drawImage(img, 0, 0);
    return [...g.getImageData(0, 0, img.width, img.height).data];
  }, png.toString("base64"));
  return Array.from({ length: rgba.length / 4 }, (_, i) => rgba.slice(4 * i, 4 * i + 3));
}

/** A page's hydration data: the inline script into which Remix streams its loaders' data. */
export function hydrationData(html: string): string {
  return [...html.matchAll(/<script[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]).find((s) => s.includes("streamController.enqueue"))!;
}
