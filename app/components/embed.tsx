import { useEffect, useRef, type ReactNode } from "react";
import { DESKTOP_MEDIA_QUERY, EMBED_MESSAGE, EMBED_MOBILE_SCROLL_DELAY_MS } from "~/domain/constants";

// Embed mode (`embed=1`): the results page inside a partner's iframe (public/embed.js).
// The page talks to the partner page through postMessage: it reports its height on every size
// change, so the iframe fits its content, and asks for a scroll to the widget's start after a
// sort or page change — at once on the desktop layout, after 1 second on the mobile layout.

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

/** The embedded page's content: reports its height to the partner page whenever it changes. */
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
    return () => observer.disconnect();
  }, []);
  // flow-root: the children's margins stay inside the measured box.
  return (
    <div ref={ref} className="flow-root" data-embed="true">
      {children}
    </div>
  );
}
