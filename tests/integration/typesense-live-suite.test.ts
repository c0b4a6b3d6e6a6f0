import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runVitest } from "../support/cli";
import { FakeTypesense } from "../support/fake-typesense";

// The live suite is what an operator runs against a real Typesense (README "Search engines"):
// here it runs, in a Vitest of its own, against the fake server as if it were one, to show that
// it really queries the server (the contract and the 600 equivalence queries) and that it
// leaves no collection or alias behind.

interface TestResult {
  fullName: string;
  status: string;
}

const LIVE_FILES = ["tests/integration/engine-contract.test.ts", "tests/integration/engine-equivalence.test.ts"];

describe("the live suite (TYPESENSE_URL set)", () => {
  let fake: FakeTypesense;
  beforeAll(async () => {
    fake = await new FakeTypesense("live-suite-key").start();
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it("runs the engine contract and the 600 equivalence queries against the server, and cleans up after itself", async () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-live-")), "report.json");
    const ran = await runVitest(
      [...LIVE_FILES, "-t", "typesense", "--reporter=json", `--outputFile=${report}`],
      { TYPESENSE_URL: fake.url, TYPESENSE_API_KEY: fake.apiKey },
      900_000,
    );
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const results = (JSON.parse(fs.readFileSync(report, "utf8")) as { testResults: Array<{ assertionResults: TestResult[] }> }).testResults
      .flatMap((file) => file.assertionResults)
      .filter((t) => t.status === "passed");
    const passed = (prefix: string) => results.filter((t) => t.fullName.startsWith(prefix)).length;
    expect(passed("typesense engine contract")).toBeGreaterThanOrEqual(10);
    expect(passed("typesense ≡ embedded engine")).toBeGreaterThanOrEqual(12);
    // Each search is at least one multi_search: the 600 equivalence queries and the contract's.
    expect(fake.stats.multiSearches).toBeGreaterThan(600);
    expect([...fake.collections.keys()]).toEqual([]);
    expect([...fake.aliases.keys()]).toEqual([]);
  }, 960_000);
});
