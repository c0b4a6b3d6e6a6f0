import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadDesktopParts } from "./components/ui/desktop-only";

// Remix's own entry, but on a desktop-wide screen the parts only that layout shows load first, so
// they hydrate with the page (app/components/ui/desktop-only.tsx).
void loadDesktopParts()
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  );
