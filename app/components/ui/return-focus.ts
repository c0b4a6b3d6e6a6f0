import { useEffect, useState } from "react";

// A dialog or drawer gives the focus back to what opened it when it closes. Headless UI does so
// only for a focus move it saw, and it watches from when its code loads, which for a lazily loaded
// panel is with the panel itself: so the panel reads the opener as it first renders (before its
// own initial focus moves away) and, once unmounted, focuses it again unless the focus went on
// somewhere else meanwhile (a link followed, a field of the page).

export function useReturnFocus(): void {
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (opener.isConnected && (now === null || now === document.body)) opener.focus();
      });
    },
    [opener],
  );
}
