import { describe, expect, it } from "vitest";
import { reusedFor } from "../../server/readiness";

// /readyz is public (docs/operations.md#health): its store probe writes and its Typesense check asks
// the server, so however often it is asked they run at most once per period, one run at a time.

describe("reusedFor", () => {
  it("runs the check once per period, shares a run in progress, and runs it again after the period", async () => {
    let runs = 0;
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const check = reusedFor(1_000, async () => `run ${++runs}`);
      expect(await Promise.all([check(), check(), check()])).toEqual(["run 1", "run 1", "run 1"]);
      now += 999;
      expect(await check()).toBe("run 1");
      now += 1;
      expect(await check()).toBe("run 2");
      expect(runs).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it("answers a check that throws with its failure, and tries again after the period", async () => {
    let fail = true;
    const check = reusedFor(0, () => {
      if (fail) throw new Error("databasen kan ikke skrives");
      return undefined;
    });
    await expect(check()).rejects.toThrow("databasen kan ikke skrives");
    fail = false;
    expect(await check()).toBeUndefined();
  });
});
