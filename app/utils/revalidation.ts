import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { SAVED_TRIPS_PATH } from "~/domain/constants";

// After a fetcher's POST Remix reloads every loader on the page, unless a route says otherwise.
// Saving or removing one trip changes only what the button that sent it shows from the answer.

/** Whether a submission leaves the page's loader data as it is (the results page and the root). */
export function keepsPageData({
  currentUrl,
  nextUrl,
  formAction,
  formData,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formAction" | "formData">): boolean {
  // A fetcher's answer can arrive while the page navigates: the new URL's data is loaded all the same.
  if (currentUrl.href !== nextUrl.href) return false;
  // Importing an anonymous visitor's saves changes many cards: that one reloads.
  return formAction === SAVED_TRIPS_PATH && formData?.get("intent") !== "import";
}
