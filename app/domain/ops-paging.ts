// Paging of the dashboard's long lists: the page number from the query string, and the count of pages.

/** The 1-based page asked for: a whole number from 1 up, anything else page 1. */
export function pageParam(raw: string | null): number {
  if (raw === null || !/^[1-9]\d{0,6}$/.test(raw)) return 1;
  return Number(raw);
}

/** How many pages `total` rows fill (at least one, so an empty list is page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
