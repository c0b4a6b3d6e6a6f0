import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { FACET_NUMBERS_PATH, SAVED_TRIPS_PATH } from "~/domain/constants";

// After a fetcher's POST Remix reloads every loader on the page, unless a route says otherwise.
// These POSTs change nothing a page's loader shows (the histogram's facet numbers only read), or
// only what the component that sent them shows from the answer (saving one trip).

/** Whether a submission leaves the page's loader data as it is (the results page and the root). */
export function keepsPageData({
  currentUrl,
  nextUrl,
  formAction,
  formData,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formAction" | "formData">): boolean {
  // A fetcher's answer can arrive while the page navigates: the new URL's data is loaded all the same.
  if (currentUrl.href !== nextUrl.href) return false;
  if (formAction === FACET_NUMBERS_PATH) return true;
  // Importing an anonymous visitor's saves changes many cards: that one reloads.
  return formAction === SAVED_TRIPS_PATH && formData?.get("intent") !== "import";
}
