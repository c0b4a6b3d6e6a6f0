// @vitest-environment jsdom
import { createElement, type ReactElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "../../app/components/ui/use-hydrated";

// useHydrated (app/components/ui/use-hydrated.ts): false on the server and while the page
// hydrates, true after, and the render that makes it true leaves the browser its turns (a
// transition), where a forced synchronous render would hold the main thread for the whole page.

const PARTS = 40;
const PART_WORK_MS = 1;

/** The event loop's turns taken so far (a timer that counts itself on). */
let turns = 0;

function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A part of a page that takes a millisecond to render, and records what it rendered and when. */
function part(seen: { hydrated: boolean; turn: number }[]): () => ReactElement {
  return function Part() {
    const hydrated = useHydrated();
    busy(PART_WORK_MS);
    seen.push({ hydrated, turn: turns });
    return createElement("span", null, hydrated ? "live" : "static");
  };
}

function until(condition: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) resolve();
      else if (Date.now() - started > 10_000) reject(new Error(`no ${what} within 10 s`));
      else setTimeout(check, 5);
    };
    check();
  });
}

describe("useHydrated", () => {
  it("is false while the page hydrates, then true in a render that yields to the event loop", async () => {
    const seen: { hydrated: boolean; turn: number }[] = [];
    const Part = part(seen);
    const page = () => createElement("main", null, ...Array.from({ length: PARTS }, (_, i) => createElement(Part, { key: i })));

    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(container.textContent).toBe("static".repeat(PARTS));
    seen.length = 0;

    let counting = true;
    const count = () => {
      turns++;
      if (counting) setTimeout(count, 0);
    };
    count();
    const root = hydrateRoot(container, page());
    await until(() => container.textContent === "live".repeat(PARTS), "page with every part live");
    counting = false;

    const whileHydrating = seen.filter((s) => !s.hydrated);
    const after = seen.filter((s) => s.hydrated);
    // Hydration renders every part once, with the server's value.
    expect(whileHydrating).toHaveLength(PARTS);
    expect(after).toHaveLength(PARTS);
    expect(seen.findIndex((s) => s.hydrated)).toBe(PARTS);
    // 40 ms of rendering in React's slices of 5 ms: the event loop had turns in between. A forced
    // synchronous render would render every part within one turn.
    expect(after[after.length - 1].turn).toBeGreaterThan(after[0].turn);
    root.unmount();
    container.remove();
  });

  it("is true from the first render of a part mounted after the page hydrated", async () => {
    const seen: { hydrated: boolean; turn: number }[] = [];
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    root.render(createElement(part(seen)));
    await until(() => container.textContent === "live", "part");
    expect(seen.map((s) => s.hydrated)).toEqual([true]);
    root.unmount();
    container.remove();
  });
});
