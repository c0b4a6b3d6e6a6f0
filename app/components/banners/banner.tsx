import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BANNER_EVENTS_PATH, BANNER_REDIRECT_PATH, BANNER_VISIBILITY_THRESHOLD } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { useHydrated } from "../ui/use-hydrated";

// A paid banner. A view is recorded once per page view when at least 50% of it is visible; a click
// is recorded and opens the banner's URL in a new tab. Without JavaScript the link goes through
// /banner/:id, which records the click and redirects to the stored URL.

export interface BannerData {
  id: number;
  provider: string;
  url: string;
  image: string;
  position: number;
}

function send(body: { bannerId: number; kind: "view" | "click"; affiliateId?: string }) {
  const json = JSON.stringify(body);
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(BANNER_EVENTS_PATH, json))
    return;
  fetch(BANNER_EVENTS_PATH, { method: "POST", body: json, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(
    () => {},
  );
}

export function Banner({ banner, aff }: { banner: BannerData; aff?: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const hydrated = useHydrated();
  const { key } = useLocation();
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    let seen = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (seen || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= BANNER_VISIBILITY_THRESHOLD)) return;
        seen = true;
        observer.disconnect();
        send({ bannerId: banner.id, kind: "view", ...(aff ? { affiliateId: aff } : {}) });
      },
      { threshold: BANNER_VISIBILITY_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // A new page view (location key) counts a new view.
  }, [banner.id, aff, key]);

  const redirect = `${BANNER_REDIRECT_PATH}/${banner.id}${aff ? `?aff=${encodeURIComponent(aff)}` : ""}`;
  return (
    <aside aria-label={texts.banners.label(banner.provider)} data-testid="banner" data-banner-id={banner.id}>
      <a
        ref={ref}
        href={hydrated ? banner.url : redirect}
        target="_blank"
        rel="noopener sponsored"
        className="block overflow-hidden rounded-xl border border-slate-200 bg-white"
        onClick={() => send({ bannerId: banner.id, kind: "click", ...(aff ? { affiliateId: aff } : {}) })}
      >
        <span className="block px-3 pt-1 text-[11px] uppercase tracking-wide text-slate-500">{texts.banners.ad}</span>
        <img
          src={banner.image}
          alt={texts.banners.label(banner.provider)}
          width={880}
          height={120}
          className="block h-auto w-full"
          loading="lazy"
        />
      </a>
    </aside>
  );
}
