// A page's scripts wait for the visitor's first interaction with it (README "Performance"). Every
// page works as plain links and forms, so the scripts only make it quicker to use, and a visitor who
// only looks needs none: the page's first load is its HTML, stylesheet and photos.
//
// - The server's page stream (app/utils/html-stream.server.ts) holds back what Remix's <Scripts>
//   writes (HELD_SCRIPTS): its module preloads get a `rel` and its module script a `type` that no
//   browser acts on.
// - SCRIPT_LOADER, in the page's head, gives them back their own at the first interaction (the
//   pointer moves or presses, a key, a touch, a scroll: INTERACTIONS), and notes it (`pageUsed`),
//   so that the page hydrates and loads the parts that wait for it as soon as its code is there
//   (app/components/ui/page-parts.tsx). A button pressed or clicked before then (a phone's first tap
//   on *Filtre*), which does nothing without the code, is noted too: the live part, or the hydrated
//   page (app/components/ui/click-before-hydration.ts), clicks it. A page scrolled already (back to
//   it, or to an anchor) counts as used. A page whose content needs its scripts (SCRIPTS_AT_ONCE: a
//   partner's frame, which sizes itself with them; the results page served with its map open)
//   asks at once, and hydrates at once.
// - The module script is replaced by a copy with its own `type` in the same place, so React
//   hydrates the same elements; the copy carries the page's CSP nonce.
// - The loader also notes, from the start, that the page is being left (`beforeunload`: a link or a
//   form used before hydration is loading the next page as a plain one). Then it asks for nothing,
//   and app/entry.client.tsx does not hydrate: Remix's router would rewrite the history entry and
//   cancel that load.

import { INTERACTIONS, SCRIPTS_AT_ONCE } from "~/domain/constants";

declare global {
  interface Window {
    /** Set by SCRIPT_LOADER at the visitor's first interaction with the page. */
    pageUsed?: boolean;
    /**
     * Noted by SCRIPT_LOADER before the page's code is there: the last button clicked that does
     * nothing without it (`type="button"`), and the element a pointer is pressed on now, for the
     * parts that take their markup's place (`watchKeptMarkup`, app/components/ui/page-parts.tsx).
     */
    pageClicked?: Element | null;
    pagePressed?: Element | null;
    /** Set by SCRIPT_LOADER once the page is being left. */
    pageLeaving?: boolean;
    /** Stops SCRIPT_LOADER's `beforeunload` listener (once hydrated; the router handles leaving). */
    stopWatchingLeave?: () => void;
  }
}

const HELD_PRELOAD = "held-modulepreload";
const HELD_MODULE = "held-module";

/**
 * What the page stream writes in place of Remix's markup (see above). The preloads also get
 * `fetchpriority="low"`: photos still loading after the first paint come first.
 */
export const HELD_SCRIPTS = [
  { from: '<link rel="modulepreload"', to: `<link rel="${HELD_PRELOAD}" fetchpriority="low"` },
  { from: ' type="module" async=""', to: ` type="${HELD_MODULE}" async=""` },
] as const;

export const SCRIPT_LOADER = `(function () {
  var asked = false;
  var interactions = ${JSON.stringify(INTERACTIONS)};
  function onLeave() { window.pageLeaving = true; }
  addEventListener("beforeunload", onLeave);
  // Back to a page the browser kept (its back-forward cache): it stays after all, and goes on.
  addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    window.pageLeaving = false;
    if (window.pageUsed) ask();
  });
  window.stopWatchingLeave = function () { removeEventListener("beforeunload", onLeave); };
  function ask() {
    if (asked || window.pageLeaving) return;
    if (document.readyState === "loading") return void document.addEventListener("DOMContentLoaded", ask);
    asked = true;
    document.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function (link) { link.rel = "modulepreload"; });
    document.querySelectorAll('script[type="${HELD_MODULE}"]').forEach(function (held) {
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = held.nonce;
      script.textContent = held.textContent;
      held.replaceWith(script);
    });
  }
  function used() {
    window.pageUsed = true;
    interactions.forEach(function (type) { removeEventListener(type, used, true); });
    ask();
  }
  interactions.forEach(function (type) { addEventListener(type, used, { capture: true, passive: true }); });
  addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && button.type === "button") window.pageClicked = button;
  }, true);
  addEventListener("pointerdown", function (event) { window.pagePressed = event.target instanceof Element ? event.target : null; }, true);
  ["pointerup", "pointercancel"].forEach(function (type) { addEventListener(type, function () { window.pagePressed = null; }, true); });
  document.addEventListener("DOMContentLoaded", function () {
    if (window.scrollY > 0) used();
    else if (document.querySelector('${SCRIPTS_AT_ONCE}')) ask();
  });
})();`;
