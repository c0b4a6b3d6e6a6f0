// A photo whose server does not answer (a travel company's image host down, a link gone stale)
// shows the placeholder's mountain, not a broken image: its `img` gets `data-failed`, which
// app/tailwind.css (`.photo-box`) turns into the placeholder, keeping the alt text for screen
// readers. Error events do not bubble, so one listener in the capture phase hears every photo's,
// those React renders later too. A photo that finished before it was added is asked to decode,
// which fails for a broken one only (its natural size would also be 0 for an SVG without one).
// Without JavaScript a failed photo stays the browser's broken image with its alt text.

const PHOTO = ".photo-box > img";

function mark(target: EventTarget | null, failed: boolean): void {
  if (target instanceof HTMLImageElement && target.matches(PHOTO)) target.toggleAttribute("data-failed", failed);
}

export function showPlaceholderForFailedPhotos(doc: Document): void {
  doc.addEventListener("error", (event) => mark(event.target, true), true);
  // A photo element React reuses for another photo is judged afresh.
  doc.addEventListener("load", (event) => mark(event.target, false), true);
  for (const img of doc.querySelectorAll<HTMLImageElement>(PHOTO)) if (img.complete) img.decode().catch(() => mark(img, true));
}
