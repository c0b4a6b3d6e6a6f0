import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EMBED_MESSAGE, RESULTS_PATH } from "../../app/domain/constants";
import { offerRedirectHref, parseResultsParams, resultsHref } from "../../app/domain/results-url";

// Embed mode and affiliate links in the results URL.

describe("embed mode in the results URL", () => {
  it("keeps embed=1 and aff in the canonical URL of every change", () => {
    const state = parseResultsParams(new URLSearchParams("embed=1&aff=partner-1&destinationSlugs=val-thorens"));
    expect(state.embed).toBe(true);
    expect(state.aff).toBe("partner-1");
    const next = resultsHref({ ...state, query: { ...state.query, page: 2 } });
    expect(new URL(next, "http://x").searchParams.get("embed")).toBe("1");
    expect(new URL(next, "http://x").searchParams.get("aff")).toBe("partner-1");
  });

  it("ignores any other value of embed", () => {
    for (const v of ["0", "true", "yes", ""]) expect(parseResultsParams(new URLSearchParams(`embed=${v}`)).embed).toBeUndefined();
    expect(resultsHref(parseResultsParams(new URLSearchParams("embed=0")))).toBe(RESULTS_PATH);
  });
});

describe("outbound offer links", () => {
  it("go through the redirect route, with the affiliate id", () => {
    expect(offerRedirectHref("alpetours-t1", "partner-1")).toBe("/ud/alpetours-t1?aff=partner-1");
    expect(offerRedirectHref("a:b.c", undefined)).toBe("/ud/a%3Ab.c");
  });
});

describe("public/embed.js", () => {
  const js = fs.readFileSync("public/embed.js", "utf8");
  it("points at the results path and speaks the page's messages", () => {
    expect(js).toContain(`var RESULTS_PATH = "${RESULTS_PATH}";`);
    expect(js).toContain(`"${EMBED_MESSAGE.height}"`);
    expect(js).toContain(`"${EMBED_MESSAGE.scroll}"`);
    expect(js).toContain("event.origin !== origin || event.source !== iframe.contentWindow");
  });
});
