import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { DESKTOP_MEDIA_QUERY } from "~/domain/constants";
import { keepServerMarkup } from "./markup-only";

// Parts of a page whose code the browser loads on demand, while the server renders them as always.
//
// - Desktop-only parts (display:none below DESKTOP_MEDIA_QUERY): the search bar, the filter sidebar
//   and the sorting bar. Without JavaScript they show at every width. In the browser their code
//   loads only where they show: on a desktop-wide screen it starts loading as soon as the route's
//   module runs, so it is usually there when the page hydrates and the part hydrates with it; on a
//   narrower screen the code loads only if the screen becomes desktop-wide.
// - Parts loaded when they are rendered: the results-map view (and Leaflet with it).
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
  let loading: Promise<ComponentType<P>> | undefined;
  const part: PagePart<P> = {
    loaded: server,
    wanted,
    load: () =>
      (loading ??= load().then(
        (component) => {
          part.loaded = component;
          listeners.forEach((listener) => listener());
          return component;
        },
        (error: unknown) => {
          loading = undefined; // tried again next time
          throw error;
        },
      )),
  };
  return part;
}

/** A desktop-only part: its code starts loading at once on a desktop-wide screen. */
export function desktopPart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): PagePart<P> {
  const part = partOnDemand(server, load, isWide);
  desktopParts.push(part as PagePart<never>);
  if (!server && isWide()) part.load().catch(() => undefined);
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
  useEffect(() => {
    if (Component) return;
    const wide = window.matchMedia(DESKTOP_MEDIA_QUERY);
    let stopped = false;
    const load = () => {
      if (part.wanted())
        void part.load().then(
          (c) => !stopped && setComponent(() => c),
          () => undefined,
        );
    };
    load();
    wide.addEventListener("change", load);
    return () => {
      stopped = true;
      wide.removeEventListener("change", load);
    };
  }, [Component, part]);
  if (!Component) return <div {...keepServerMarkup} />;
  return (
    <div>
      <Component {...props} />
    </div>
  );
}
