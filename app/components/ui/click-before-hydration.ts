import { useEffect } from "react";

/**
 * Clicks again, once the page has hydrated, the button a visitor clicked before the page's code was
 * there (noted by its script loader, app/utils/script-loader.ts: one that does nothing without it),
 * unless a part that takes its markup's place has taken the click (watchKeptMarkup,
 * app/components/ui/page-parts.tsx; the page's effects run before the root's).
 */
export function useClickBeforeHydration() {
  useEffect(() => {
    const button = window.pageClicked;
    window.pageClicked = null;
    if (button instanceof HTMLElement && button.isConnected) button.click();
  }, []);
}
