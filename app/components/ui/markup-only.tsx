import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * The props of an element whose content the browser keeps from the server's markup: React hydrates
 * the element itself but neither its content (an element with inner HTML has no children to
 * hydrate) nor, later, replaces it (the inner HTML never changes). Never rendered on the server.
 */
export const keepServerMarkup = { dangerouslySetInnerHTML: { __html: "" }, suppressHydrationWarning: true } as const;

/**
 * A click handler for an element holding plain links (kept markup, or a result card's parts, which
 * the server renders outside the router): a plain click on one of its links to this site
 * navigates in the page, as a Remix <Link> would.
 */
export function useFollowLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || link.target || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
}
