import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The server's HTML is the whole page (every part of it works without JavaScript); hydration only
// makes it quicker to use. So it starts once the browser has painted that HTML: after the next
// frame, or after 100 ms where frames are held back (a hidden tab, a partner's frame off screen).
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
requestAnimationFrame(() => setTimeout(hydrate, 0));
setTimeout(hydrate, 100);
