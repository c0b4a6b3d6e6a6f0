import { useLocation, useMatches } from "@remix-run/react";
import { isEmbedSearch } from "../embed";
import { SITE_NAV_END_ID } from "./site-nav";

// The browser paints nothing of a page before it has parsed what the first screen shows whole.
// The server streams the page in pieces; a paint between two of them showed, for a moment, a
// header menu without its links (the browser's own "Details" summary in their place) or a result
// card without its price's last lines, and the next frame moved them: a layout shift. The head
// names the elements to wait for (`<link rel="expect" blocking="render">`): the end of the header's
// links, and the end of what a route names in its handle (the results page: the end of its list).
// Chromium 124+ holds its first paint until each target's start tag is parsed, so every target is an
// empty element after the content it guards; other browsers ignore the links and paint as before.

export interface FirstPaintHandle {
  /** The id of an empty element after the route's first-screen content. */
  firstPaintAfter: string;
}

export function FirstPaintWaits() {
  const { search } = useLocation();
  const ids = useMatches()
    .map((m) => (m.handle as Partial<FirstPaintHandle> | undefined)?.firstPaintAfter)
    .filter((id) => id !== undefined);
  // Embed mode has no header: waiting for a target that never comes holds the paint to the end.
  if (!isEmbedSearch(search)) ids.unshift(SITE_NAV_END_ID);
  // React 18's types do not know `blocking` yet; the DOM attribute passes through as written.
  return ids.map((id) => <link key={id} rel="expect" href={`#${id}`} {...{ blocking: "render" }} />);
}
