import { useEffect, useRef, type ReactNode } from "react";
import { DESKTOP_MEDIA_QUERY, EMBED_MESSAGE, EMBED_MOBILE_SCROLL_DELAY_MS, SCRIPTS_AT_ONCE_ATTRIBUTE } from "~/domain/constants";

// Embed mode (`embed=1`): the results page inside a partner's iframe (public/embed.js).
// The page talks to the partner page through postMessage: it reports its height on every size
// change, so the iframe fits its content, and asks for a scroll to the widget's start after a
// sort or page change — at once on the desktop layout, after 1 second on the mobile layout.
// The partner page tells it which part of the (tall, never scrolling) iframe its window shows;
// the page keeps that in `--embed-top` and `--embed-height`, where `.in-view` (app/tailwind.css)
// puts drawers and dialogs, so they open where the visitor is looking.

/** Whether a query string is in embed mode (root.tsx decides the site header and footer with it). */
export function isEmbedSearch(search: string): boolean {
  return new URLSearchParams(search).get("embed") === "1";
}

function postToPartner(message: Record<string, unknown>) {
  if (typeof window === "undefined" || window.parent === window) return;
  // Nothing private is sent (a height, a scroll request): any partner origin may receive it.
  window.parent.postMessage(message, "*");
}

let pendingScroll: ReturnType<typeof setTimeout> | undefined;

/** Asks the partner page to scroll to the widget's start (mobile layout: after EMBED_MOBILE_SCROLL_DELAY_MS). */
export function requestPartnerScroll() {
  if (typeof window === "undefined") return;
  clearTimeout(pendingScroll);
  const send = () => postToPartner({ type: EMBED_MESSAGE.scroll, top: 0 });
  if (window.matchMedia(DESKTOP_MEDIA_QUERY).matches) send();
  else pendingScroll = setTimeout(send, EMBED_MOBILE_SCROLL_DELAY_MS);
}

/** The partner page's `viewport` message: the band of the iframe its window shows, kept for `.in-view`. */
function followPartnerViewport(event: MessageEvent) {
  if (event.source !== window.parent) return;
  const data: unknown = event.data;
  if (!data || typeof data !== "object" || (data as { type?: unknown }).type !== EMBED_MESSAGE.viewport) return;
  const top = Number((data as { top?: unknown }).top);
  const height = Number((data as { height?: unknown }).height);
  if (!(Number.isFinite(top) && Number.isFinite(height) && top >= 0 && height > 0)) return;
  const root = document.documentElement.style;
  root.setProperty("--embed-top", `${Math.round(top)}px`);
  root.setProperty("--embed-height", `${Math.round(height)}px`);
}

/** The embedded page's content: reports its height to the partner page whenever it changes, and follows its window. */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToPartner({ type: EMBED_MESSAGE.height, height });
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(el);
    window.addEventListener("message", followPartnerViewport);
    return () => {
      observer.disconnect();
      window.removeEventListener("message", followPartnerViewport);
    };
  }, []);
  // flow-root: the children's margins stay inside the measured box.
  return (
    <div ref={ref} className="flow-root" data-embed="true" {...SCRIPTS_AT_ONCE_ATTRIBUTE}>
      {children}
    </div>
  );
}
