import { describe, expect, it } from "vitest";
import { nextState } from "../../app/components/results/search-state";
import { isCanonical, parseResultsParams, resultsHref } from "../../app/domain/results-url";

// The results page's dialogs are addressable in the URL (`dialog=login|createSearchAgent`)
// and never part of the search.

describe("dialog param", () => {
  it("is kept by the results URL codec and does not change the search", () => {
    const withDialog = parseResultsParams(new URLSearchParams("adultCount=3&dialog=createSearchAgent&sort=price:asc"));
    const without = parseResultsParams(new URLSearchParams("adultCount=3&sort=price:asc"));
    expect(withDialog.dialog).toBe("createSearchAgent");
    expect(withDialog.query).toEqual(without.query);
    expect(resultsHref(withDialog)).toBe("/skirejser?adultCount=3&sort=price:asc&dialog=createSearchAgent");
    expect(isCanonical("?adultCount=3&sort=price:asc&dialog=createSearchAgent", withDialog)).toBe(true);
    // The encoded spelling of an older link is the same URL.
    expect(isCanonical("?adultCount=3&sort=price%3Aasc&dialog=createSearchAgent", withDialog)).toBe(true);
    expect(parseResultsParams(new URLSearchParams("adultCount=3&sort=price%3Aasc&dialog=createSearchAgent"))).toEqual(withDialog);
    expect(parseResultsParams(new URLSearchParams("dialog=login")).dialog).toBe("login");
  });

  it("drops unknown dialog names", () => {
    const state = parseResultsParams(new URLSearchParams("dialog=%3Cscript%3E"));
    expect(state.dialog).toBeUndefined();
    expect(resultsHref(state)).toBe("/skirejser");
  });

  it("a change of the results closes the dialog", () => {
    const state = parseResultsParams(new URLSearchParams("adultCount=3&dialog=login"));
    expect(resultsHref(nextState(state, { page: 2 }))).toBe("/skirejser?adultCount=3&page=2");
  });
});
