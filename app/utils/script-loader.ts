// The page's scripts wait for its first paint. The server's page stream (app/utils/html-stream.server.ts)
// holds back what Remix's <Scripts> writes (HELD_SCRIPTS): its module preloads get a `rel` and its
// module script a `type` that no browser acts on. The
// script below, at the end of the body, gives them back their own once the browser reports the
// page's first contentful paint (the paint on the screen, not only drawn): the stylesheet and the
// first screen's photos have the connection to themselves until then, and the page works as plain
// links and forms meanwhile (app/entry.client.tsx hydrates a frame after its modules have run).
//
// - A page that never reports a paint (a tab opened in the background, a browser without paint
//   timing) asks for them after SCRIPTS_DEADLINE_MS all the same.
// - A partner's frame (embed mode, `data-embed`) asks at once: it sizes itself with its scripts.
// - The module script is replaced by a copy with its own `type` in the same place, so React
//   hydrates the same elements; the copy carries the page's CSP nonce.

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

/** The latest the page asks for its scripts when no paint is reported. */
export const SCRIPTS_DEADLINE_MS = 3_000;

export const SCRIPT_LOADER = `(function () {
  var asked = false;
  function ask() {
    if (asked) return;
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
  if (document.querySelector("[data-embed]")) return ask();
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length > 0) ask();
    }).observe({ type: "paint", buffered: true });
  } catch (e) {
    return ask();
  }
  setTimeout(ask, ${SCRIPTS_DEADLINE_MS});
})();`;
