import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { showPlaceholderForFailedPhotos } from "./components/ui/failed-photos";
import { HYDRATION_DEADLINE_MS } from "./domain/constants";

// Remix's own entry, but the server's HTML (the whole page: every part of it works without
// JavaScript) is painted before hydration makes it quicker to use: hydration starts after the next
// frame, or after 100 ms where frames are held back (a hidden tab, a partner's frame off screen).
// A link or form used before then has started loading another page, which Remix's router would
// cancel as it starts (it rewrites the history entry), so then the page is left as it is.
let started = false;
let leaving = false;
const onLeave = () => (leaving = true);
addEventListener("beforeunload", onLeave);

function hydrate() {
  if (started) return;
  started = true;
  removeEventListener("beforeunload", onLeave);
  if (leaving) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
showPlaceholderForFailedPhotos(document);
requestAnimationFrame(() => setTimeout(hydrate, 0));
setTimeout(hydrate, HYDRATION_DEADLINE_MS);
