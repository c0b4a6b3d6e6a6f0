import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { firstInteraction } from "./components/ui/page-parts";
import { HYDRATION_DEADLINE_MS, SCRIPTS_AT_ONCE } from "./domain/constants";

// Remix's own entry, but the server's HTML (the whole page: every part of it works without
// JavaScript) is all a visitor who only looks needs. The page asks for this module at the visitor's
// first interaction with it (the pointer moves or presses, a key, a touch, a scroll;
// app/utils/script-loader.ts), and hydrates a frame later (or after HYDRATION_DEADLINE_MS where
// frames are held back). A page whose content needs its scripts (a partner's frame, the results
// page served with its map open: SCRIPTS_AT_ONCE) hydrates at once.
//
// A link or form used before hydration has started loading another page as a plain one, which
// Remix's router would cancel as it starts (it rewrites the history entry): the page's script
// loader notes that from the start (`pageLeaving`), and then the page is left as it is. Hydration
// is not a transition: React renders it in one task, so a click or a key comes before it (and is
// the page's plain one) or after it, never into a half-hydrated page, which React 18 fails with its
// error #345 at the visitor's first click (tests/e2e/agents.test.ts, log-out).
let started = false;

function hydrate() {
  if (started || window.pageLeaving) return;
  started = true;
  window.stopWatchingLeave?.();
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
}

function hydrateSoon() {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
  setTimeout(hydrate, HYDRATION_DEADLINE_MS);
}

// Back to a page the browser kept (its back-forward cache) after it was left before hydrating.
addEventListener("pageshow", (event) => event.persisted && window.pageUsed && hydrateSoon());
if (document.querySelector(SCRIPTS_AT_ONCE)) hydrateSoon();
else void firstInteraction().then(hydrateSoon);
