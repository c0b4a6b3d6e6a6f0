import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { DESKTOP_MEDIA_QUERY } from "~/domain/constants";

// Parts of a page that only the desktop layout shows (display:none below DESKTOP_MEDIA_QUERY): the
// search bar, the filter sidebar and the sorting bar. The server renders them as always (without
// JavaScript they show at every width). In the browser their code loads only where they show: on
// a desktop-wide screen it starts loading as soon as the route's module runs, so it is usually
// there when the page hydrates and the part hydrates with it; if not, React keeps the part's
// server markup (it does not hydrate inside an element whose content is `dangerouslySetInnerHTML`)
// until the code is there, then renders the part in its place. On a narrower screen the markup
// stays as it is, and the code loads only if the screen becomes desktop-wide.

export interface DesktopPart<P> {
  /** The component once loaded; in the server's build from the start. */
  loaded: ComponentType<P> | null;
  load: () => Promise<ComponentType<P>>;
}

const isWide = () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
const parts: Array<DesktopPart<never>> = [];
const listeners = new Set<() => void>();

/**
 * A desktop-only part. `server` is the component in the server's build and null in the browser's
 * (`import.meta.env.SSR ? Component : null`, so the browser's bundle leaves it to `load`'s chunk).
 */
export function desktopPart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): DesktopPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const part: DesktopPart<P> = {
    loaded: server,
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
  parts.push(part as DesktopPart<never>);
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
    () => !isWide() || parts.every((p) => p.loaded !== null),
    () => false,
  );
}

/** A desktop-only part in a `div` of its own (the element whose server markup may be kept). */
export function DesktopOnly<P extends object>({ part, props }: { part: DesktopPart<P>; props: P }) {
  const [Component, setComponent] = useState(() => part.loaded);
  useEffect(() => {
    if (Component) return;
    const wide = window.matchMedia(DESKTOP_MEDIA_QUERY);
    let stopped = false;
    const load = () => {
      if (wide.matches)
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
  if (!Component) return <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <div>
      <Component {...props} />
    </div>
  );
}
