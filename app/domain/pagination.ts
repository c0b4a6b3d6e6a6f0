import { PAGINATION_LINKS } from "./constants";

// Pagination (docs/screens.md "Pagination"): a window of page links around the current page.

export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** `count` consecutive page numbers around `page`, clamped to 1 … `pages`. */
export function pageWindow(page: number, pages: number, count: number): number[] {
  const n = Math.min(count, pages);
  const current = Math.min(Math.max(1, page), pages);
  const start = Math.min(Math.max(1, current - Math.floor((n - 1) / 2)), pages - n + 1);
  return Array.from({ length: n }, (_, i) => start + i);
}

export interface PageLink {
  page: number;
  /** In the window shown on extra-small and small screens, on mobile, and otherwise. */
  small: boolean;
  mobile: boolean;
  large: boolean;
}

/** Every page link of any screen size, each saying on which sizes it is shown; empty for one page. */
export function pageLinks(page: number, pages: number): PageLink[] {
  if (pages <= 1) return [];
  const small = pageWindow(page, pages, PAGINATION_LINKS.small);
  const mobile = pageWindow(page, pages, PAGINATION_LINKS.mobile);
  const large = pageWindow(page, pages, PAGINATION_LINKS.large);
  const all = [...new Set([...small, ...mobile, ...large])].sort((a, b) => a - b);
  return all.map((p) => ({ page: p, small: small.includes(p), mobile: mobile.includes(p), large: large.includes(p) }));
}
