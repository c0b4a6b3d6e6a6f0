import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadDesktopParts } from "./components/ui/desktop-only";

// Remix's own entry, with two changes. The server's HTML is the whole page (every part of it works
// without JavaScript); hydration only makes it quicker to use. So it starts once the browser has
// painted that HTML: after the next frame, or after 100 ms where frames are held back (a hidden
// tab, a partner's frame off screen). And on a desktop-wide screen the parts only that layout shows
// load first, so they hydrate with the page (app/components/ui/desktop-only.tsx).
let started = false;
function hydrate() {
  if (started) return;
  started = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
void loadDesktopParts()
  .catch(() => undefined)
  .then(() => {
    requestAnimationFrame(() => setTimeout(hydrate, 0));
    setTimeout(hydrate, 100);
  });
