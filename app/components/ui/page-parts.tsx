import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { DESKTOP_MEDIA_QUERY, INTERACTIONS, NEAR_SCREEN_MARGIN } from "~/domain/constants";
import { keepServerMarkup, useFollowLinks } from "./markup-only";
import { useHydrated } from "./use-hydrated";

// Parts of a page whose code the browser loads on demand, while the server renders them as always.
//
// - Desktop-only parts (display:none below DESKTOP_MEDIA_QUERY): the search bar, the filter sidebar
//   and the sorting bar; and phone-only parts (display:none from it up): the search summary and the
//   bar of drawers. Without JavaScript the desktop parts show at every width. In the browser their
//   code loads only where they show, at the visitor's first interaction with the page (the pointer
//   moves, a key, a touch, a scroll), so that a page's first load stays within the JavaScript
//   budget (README, "Performance"); elsewhere only if the screen's width crosses the line. What the
//   visitor does in the markup before the code is there is handed to the live part
//   (markup-handoff.ts; a part waits for a pressed pointer's release before it takes the markup's
//   place), and its links navigate in the page. Code that could not be fetched is asked for again
//   at the visitor's next press or key. Parts that do nothing until the visitor acts, on every
//   screen (the results page's travel-alert toggle and scroll-to-top control), load the same way.
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
  /** What its code waits for on a page the server rendered: the part near the screen, the visitor's first interaction, or both. */
  waitsFor?: { nearScreen?: true; interaction?: true };
}

const isWide = () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
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

let interacted: Promise<void> | undefined;

/**
 * Resolves at the visitor's first interaction with the page (a page already scrolled counts), which
 * is usually before this code is there: the page's script loader noted it and asked for the code
 * then (app/utils/script-loader.ts). The page hydrates then too (app/entry.client.tsx).
 */
export function firstInteraction(): Promise<void> {
  return (interacted ??= new Promise((resolve) => {
    if (window.pageUsed || window.scrollY > 0) return resolve();
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  }));
}

// Listened for from the start: a part below the fold asks only as it comes near the screen, when
// the visitor's scroll that brought it there may have ended.
if (typeof window !== "undefined") void firstInteraction();

const interactionParts: Array<PagePart<never>> = [];

/** A part whose code loads at the visitor's first interaction, where `wanted` (on every screen unless told). */
export function interactionPart<P>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  wanted: () => boolean = () => true,
): PagePart<P> {
  const part = partOnDemand(server, load, wanted);
  part.waitsFor = { interaction: true };
  interactionParts.push(part as PagePart<never>);
  if (!server && wanted()) void firstInteraction().then(() => part.load().catch(() => undefined));
  return part;
}

/** A desktop-only part: on a desktop-wide screen its code loads at the visitor's first interaction. */
export function desktopPart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): PagePart<P> {
  return interactionPart(server, load, isWide);
}

/** A phone-only part (hidden on a desktop-wide screen): elsewhere its code loads at the visitor's first interaction. */
export function phonePart<P>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): PagePart<P> {
  return interactionPart(server, load, () => !isWide());
}

/**
 * A part below the fold on a phone: its code loads when the part comes near the screen; with
 * `interactive`, a part that does nothing until it is used (a form, a map), not before the visitor's
 * first interaction either (on a desktop it may be near the screen from the start).
 */
export function nearScreenPart<P>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  { interactive = false } = {},
): PagePart<P> {
  const part = partOnDemand(server, load);
  part.waitsFor = interactive ? { nearScreen: true, interaction: true } : { nearScreen: true };
  return part;
}

// The parts whose server markup is on the screen while their code is wanted: not yet live.
const swapping = new Set<PagePart<never>>();

/**
 * Whether the page's desktop-only and phone-only parts are live: each loaded and in its markup's
 * place, or not shown on this screen. False on the server, while hydrating, and until the visitor's
 * first interaction has loaded them.
 */
export function useScreenPartsReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => swapping.size === 0 && interactionParts.every((p) => p.loaded !== null || !p.wanted()),
    () => false,
  );
}

/** Calls `retry` once, at the visitor's next press or key. */
function retryAtNextPress(retry: () => void) {
  const again = () => {
    window.removeEventListener("pointerdown", again, true);
    window.removeEventListener("keydown", again, true);
    retry();
  };
  window.addEventListener("pointerdown", again, true);
  window.addEventListener("keydown", again, true);
}

/** A part's kept markup while its code loads: what the visitor clicked and where the focus is. */
export interface KeptMarkup {
  root: HTMLElement;
  clicked: Element | null;
  focused: Element | null;
  /**
   * Resolves once no pointer is pressed in the markup, after the click its release brings: a
   * part swapped between a press and its release would lose the click (it goes to neither element).
   */
  released: () => Promise<void>;
  stop: () => void;
}

/** Starts watching a part's kept markup. */
export function watchKeptMarkup(root: HTMLElement): KeptMarkup {
  // What the visitor did before the page's code was there, as its script loader noted it (app/utils/script-loader.ts).
  const inRoot = (el: Element | null | undefined) => (el && root.contains(el) ? el : null);
  let pressed = inRoot(window.pagePressed) !== null;
  const waiting: Array<() => void> = [];
  const kept: KeptMarkup = {
    root,
    clicked: inRoot(window.pageClicked),
    focused: inRoot(document.activeElement),
    released: () => (pressed ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve()),
    stop: () => undefined,
  };
  if (kept.clicked) window.pageClicked = null;
  const onPointerDown = () => {
    pressed = true;
  };
  // The click follows the release in the same task: the waiting swap comes after it.
  const onPointerUp = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(() => waiting.splice(0).forEach((resolve) => resolve()));
  };
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button, summary") : null;
    if (!button || !root.contains(button) || (button instanceof HTMLButtonElement && button.type === "submit")) return;
    event.preventDefault();
    kept.clicked = button;
  };
  const onFocusIn = (event: FocusEvent) => {
    kept.focused = event.target instanceof Element ? event.target : null;
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) kept.focused = null;
  };
  root.addEventListener("click", onClick, true);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("pointerdown", onPointerDown, true);
  window.addEventListener("pointerup", onPointerUp, true);
  window.addEventListener("pointercancel", onPointerUp, true);
  kept.stop = () => {
    root.removeEventListener("click", onClick, true);
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("focusout", onFocusOut);
    root.removeEventListener("pointerdown", onPointerDown, true);
    window.removeEventListener("pointerup", onPointerUp, true);
    window.removeEventListener("pointercancel", onPointerUp, true);
  };
  return kept;
}

/** A part in a `div` of its own (the element whose server markup may be kept). */
export function PagePartView<P extends object>({ part, props }: { part: PagePart<P>; props: P }) {
  const kept = useRef<HTMLDivElement>(null);
  const watched = useRef<KeptMarkup | null>(null);
  const handOff = useRef<((kept: KeptMarkup, live: HTMLElement) => void) | null>(null);
  const followLinks = useFollowLinks();
  const { key } = useLocation();
  const [firstKey] = useState(key);
  // Only a part hydrated from the server's markup has markup to show while it waits, and only as
  // long as the page is the one the server rendered: after a navigation it may be out of date.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  // A part that waits for the visitor's interaction starts from its server markup in the browser even
  // when its code came first (it comes at the same interaction as the page's own scripts): what the
  // visitor did in the markup before the page hydrated is handed to the live part all the same.
  const [Component, setComponent] = useState(() => (!import.meta.env.SSR && fromServer && part.waitsFor?.interaction ? null : part.loaded));
  const waiting = part.waitsFor !== undefined && fromServer && key === firstKey;
  useEffect(() => {
    if (Component) return;
    let stopped = false;
    // Only a part that waits for the visitor is watched: the others load no hand-off code.
    if (waiting && kept.current && part.waitsFor?.interaction) watched.current ??= watchKeptMarkup(kept.current);
    const done = () => swapping.delete(part as PagePart<never>) && listeners.forEach((listener) => listener());
    const load = () => {
      if (!part.wanted()) return void done();
      if (watched.current) swapping.add(part as PagePart<never>);
      // A hand-off that fails to load costs what was done in the markup, not the part itself.
      const handoff = watched.current ? import("./markup-handoff").catch(() => null) : null;
      Promise.all([part.load(), handoff]).then(
        async ([c, h]) => {
          await watched.current?.released();
          if (stopped) return;
          handOff.current = h?.handOff ?? null;
          setComponent(() => c);
          done();
        },
        // The code could not be fetched (the network, or a deploy that replaced it): the visitor's
        // next press or key tries again, and what it does in the markup is still held for the part.
        () => !stopped && retryAtNextPress(load),
      );
    };
    const loadAfterInteraction = () => void firstInteraction().then(() => !stopped && load());
    if (waiting && kept.current && part.waitsFor?.nearScreen) {
      const near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          near.disconnect();
          if (part.waitsFor?.interaction) loadAfterInteraction();
          else load();
        },
        { rootMargin: NEAR_SCREEN_MARGIN },
      );
      near.observe(kept.current);
      return () => {
        stopped = true;
        near.disconnect();
        done();
      };
    }
    const wide = window.matchMedia(DESKTOP_MEDIA_QUERY);
    if (waiting) loadAfterInteraction();
    else load();
    wide.addEventListener("change", load);
    return () => {
      stopped = true;
      wide.removeEventListener("change", load);
      done();
    };
  }, [Component, part, waiting]);
  // The live part's element, as it is attached in place of the kept markup.
  const attachLive = (element: HTMLDivElement | null) => {
    if (!element || !watched.current) return;
    watched.current.stop();
    handOff.current?.(watched.current, element);
    watched.current = null;
  };
  if (!Component)
    return part.waitsFor?.nearScreen && !waiting ? (
      <div key="changed" />
    ) : (
      // Links in the kept markup navigate in the page, as the live part's do.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      <div key="kept" ref={kept} onClick={followLinks} {...keepServerMarkup} />
    );
  return (
    // A new element (its own key): the kept markup stays whole, for the hand-off to read.
    <div key="live" ref={attachLive}>
      <Component {...props} />
    </div>
  );
}
