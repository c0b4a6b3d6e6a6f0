import { useEffect, useState, type ComponentType } from "react";
import { DESKTOP_MEDIA_QUERY } from "~/domain/constants";

// Parts of a page that only the desktop layout shows (display:none below DESKTOP_MEDIA_QUERY): the
// search bar, the filter sidebar and the sorting bar. The server renders them as always (without
// JavaScript they show at every width). In the browser their code loads only where they show: on a
// desktop-wide screen it starts loading as soon as the route's module runs (app/entry.client.tsx
// waits for it before hydrating, and a navigation's data usually takes longer), so they hydrate and
// render with the rest of the page; on a narrower one React leaves the server's markup as it is (it
// does not hydrate inside an element whose content is `dangerouslySetInnerHTML`), and their code
// loads, and they render, only if the screen becomes desktop-wide.

export interface DesktopPart<P> {
  /** The component once loaded; in the server's build from the start. */
  loaded: ComponentType<P> | null;
  load: () => Promise<ComponentType<P>>;
}

const parts: Array<{ load: () => Promise<unknown> }> = [];
const isWide = () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches;

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
        (component) => (part.loaded = component),
        (error: unknown) => {
          loading = undefined; // tried again next time
          throw error;
        },
      )),
  };
  parts.push(part);
  if (!server && isWide()) part.load().catch(() => undefined);
  return part;
}

/** Loads the desktop-only parts of the page's routes when the screen is desktop-wide (before hydrating). */
export async function loadDesktopParts(): Promise<void> {
  if (isWide()) await Promise.all(parts.map((p) => p.load()));
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
