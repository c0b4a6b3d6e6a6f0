// A photo whose server does not answer (a travel company's image host down, a link gone stale)
// shows the placeholder's mountain, not a broken image: its `img` gets `data-failed`, which
// app/tailwind.css (`.photo-box`) turns into the placeholder, keeping the alt text for screen
// readers. Error events do not bubble, so one listener in the capture phase hears every photo's,
// those React renders later too. The script runs in the page's head (app/root.tsx), before the
// first photo is parsed and without waiting for the page's own scripts (app/utils/script-loader.ts).
// Without JavaScript a failed photo stays the browser's broken image with its alt text.

export const FAILED_PHOTOS_SCRIPT = `(function () {
  function mark(target, failed) {
    if (target instanceof HTMLImageElement && target.matches(".photo-box > img")) target.toggleAttribute("data-failed", failed);
  }
  document.addEventListener("error", function (event) { mark(event.target, true); }, true);
  // A photo element React reuses for another photo is judged afresh.
  document.addEventListener("load", function (event) { mark(event.target, false); }, true);
})();`;
