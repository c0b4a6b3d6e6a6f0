import { describe, expect, it } from "vitest";
import { FEED_LIMITS, STORE_LIMITS, TRIP_ID_PATTERN } from "~/domain/constants";
import { MAX_COMPANIES, MAX_MEAL_PLANS, packTrip } from "~/search/embedded/build";

// The limits that keep whatever an import accepts inside what the rest of the site can hold.

describe("limits", () => {
  it("keep the companies and meal plans for sale inside the embedded index's packed codes", () => {
    expect(STORE_LIMITS.companies).toBeLessThanOrEqual(MAX_COMPANIES);
    expect(STORE_LIMITS.mealPlans).toBeLessThanOrEqual(MAX_MEAL_PLANS);
    // The highest codes survive packing next to the other fields.
    const packed = packTrip(MAX_COMPANIES - 1, MAX_MEAL_PLANS - 1, 1, 127, 63);
    expect([packed & 0x3ff, (packed >>> 10) & 0x3f, (packed >>> 16) & 1, (packed >>> 17) & 0x7f, (packed >>> 24) & 0x3f]).toEqual([
      MAX_COMPANIES - 1,
      MAX_MEAL_PLANS - 1,
      1,
      127,
      63,
    ]);
  });

  it("let a clashing offer's public id, <company>:<id>:<n>, stay a valid trip id", () => {
    const longest = `${"c".repeat(FEED_LIMITS.slugLength)}:${"i".repeat(FEED_LIMITS.idLength)}:${STORE_LIMITS.offers}`;
    expect(longest).toMatch(TRIP_ID_PATTERN);
  });
});
