import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { DESKTOP_MEDIA_QUERY, NEAR_SCREEN_MARGIN } from "~/domain/constants";
import { keepServerMarkup } from "./markup-only";
import { useHydrated } from "./use-hydrated";

// Parts of a page whose code the browser loads on demand, while the server renders them as always.
//
// - Desktop-only parts (display:none below DESKTOP_MEDIA_QUERY): the search bar, the filter sidebar
//   and the sorting bar. Without JavaScript they show at every width. In the browser their code
//   loads only where they show: on a desktop-wide screen it starts loading as soon as the route's
//   module runs, so it is usually there when the page hydrates and the part hydrates with it; on a
//   narrower screen the code loads only if the screen becomes desktop-wide.
// - Parts loaded when they are rendered: the results-map view (and Leaflet with it).
// - Parts below the fold on a phone (pagination and banners of the results page; the price calendar,
//   price history, offers form and map of an accommodation page): their code loads when the part
//   comes within NEAR_SCREEN_MARGIN of the screen, so a page's first load stays within the
//   JavaScript budget (README, "Performance"). Until then they are the server's markup, whose links
//   and forms work as without JavaScript. After a navigation in the page the markup may be out of
//   date, so a part not yet loaded is left empty and loads at once.
//
// Until a part's code is there, React keeps its server markup (it does not hydrate inside an element
// whose content is `dangerouslySetInnerHTML`), then renders the part in its place. (React.lazy
// under Suspense would throw away the server markup at the page's first update during hydration.)

export interface PagePart<P> {
  /** The component once loaded; in the server's build from the start. */
  loaded: ComponentType<P> | null;
  load: () => Promise<ComponentType<P>>;
  /** Whether its code is wanted on this screen now. */
  wanted: () => boolean;
  /** Whether its code waits until the part comes near the screen. */
  nearScreen?: boolean;
}

const isWide = () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
const desktopParts: Array<PagePart<never>> = [];
const listeners = new Set<() => void>();

/**
 * A part whose code loads on demand. `server` is the component in the server's build and null in
 * the browser's (`import.meta.env.SSR ? Component : null`, so the browser's bundle leaves it to
 * `load`'s chunk).
 */
export function partOnDemand<P>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  wanted: () => boolean = () => true,
): PagePart<P> {
  const part: PagePart<P> = {
    loaded: server,
    wanted,
    load: loadOnce(() =>
      load().then((component) => {
        part.loaded = component;
        listeners.forEach((listener) => listener());
        return component;
      }),
    ),
  };
  return part;
}

/** `load` run once, its promise shared; after a failure the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** A desktop-only part: its code starts loading at once on a desktop-wide screen. */
export function desktopPart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): PagePart<P> {
  const part = partOnDemand(server, load, isWide);
  desktopParts.push(part as PagePart<never>);
  if (!server && isWide()) part.load().catch(() => undefined);
  return part;
}

/** A part below the fold on a phone: its code loads when the part comes near the screen. */
export function nearScreenPart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): PagePart<P> {
  const part = partOnDemand(server, load);
  part.nearScreen = true;
  return part;
}

/**
 * Whether the page's desktop-only parts are live: every one loaded, or the screen narrower (where
 * they do not show). False on the server and while hydrating.
 */
export function useDesktopPartsReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => !isWide() || desktopParts.every((p) => p.loaded !== null),
    () => false,
  );
}

/** A part in a `div` of its own (the element whose server markup may be kept). */
export function PagePartView<P extends object>({ part, props }: { part: PagePart<P>; props: P }) {
  const [Component, setComponent] = useState(() => part.loaded);
  const kept = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  const [firstKey] = useState(key);
  // Only a part hydrated from the server's markup has markup to show while it waits, and only as
  // long as the page is the one the server rendered: after a navigation it may be out of date.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  const waiting = part.nearScreen === true && fromServer && key === firstKey;
  useEffect(() => {
    if (Component) return;
    let stopped = false;
    const load = () => {
      if (part.wanted())
        void part.load().then(
          (c) => !stopped && setComponent(() => c),
          () => undefined,
        );
    };
    if (waiting && kept.current) {
      const near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          near.disconnect();
          load();
        },
        { rootMargin: NEAR_SCREEN_MARGIN },
      );
      near.observe(kept.current);
      return () => {
        stopped = true;
        near.disconnect();
      };
    }
    const wide = window.matchMedia(DESKTOP_MEDIA_QUERY);
    load();
    wide.addEventListener("change", load);
    return () => {
      stopped = true;
      wide.removeEventListener("change", load);
    };
  }, [Component, part, waiting]);
  if (!Component) return part.nearScreen && !waiting ? <div key="changed" /> : <div ref={kept} {...keepServerMarkup} />;
  return (
    <div>
      <Component {...props} />
    </div>
  );
}
