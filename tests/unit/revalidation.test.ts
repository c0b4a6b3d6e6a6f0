import { describe, expect, it } from "vitest";
import { keepsPageData } from "../../app/utils/revalidation";

// Which fetcher submissions leave the page's loader data as it is (app/utils/revalidation.ts).

const page = new URL("http://pistepris.test/skirejser?minRating=3");
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("keepsPageData", () => {
  it("keeps the data after saving or removing one trip", () => {
    expect(keepsPageData({ currentUrl: page, nextUrl: page, formAction: "/gemte-rejser", formData: form({ intent: "save" }) })).toBe(true);
    expect(keepsPageData({ currentUrl: page, nextUrl: page, formAction: "/gemte-rejser", formData: form({ intent: "remove" }) })).toBe(
      true,
    );
  });

  it("reloads after importing a browser's saves, and after any other submission", () => {
    expect(keepsPageData({ currentUrl: page, nextUrl: page, formAction: "/gemte-rejser", formData: form({ intent: "import" }) })).toBe(
      false,
    );
    expect(keepsPageData({ currentUrl: page, nextUrl: page, formAction: "/konto/log-ind" })).toBe(false);
  });

  it("reloads when the page navigates, even if a save ends during the navigation", () => {
    const next = new URL("http://pistepris.test/skirejser?minRating=3&accommodationFeatures=pool");
    expect(keepsPageData({ currentUrl: page, nextUrl: next, formAction: "/gemte-rejser", formData: form({ intent: "save" }) })).toBe(false);
  });
});
