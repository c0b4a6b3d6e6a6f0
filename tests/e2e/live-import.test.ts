import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runIndexer } from "../support/cli";
import { departureInDays, trip } from "../support/feed";
import { useServer } from "./support/suite";

// An import swaps the running server's index: no restart, and not one failed request meanwhile.

describe("import while the server is answering", () => {
  const suite = useServer({ demoTrips: 20_000 });

  it("serves the new data without a restart and without a failed request", async () => {
    const newCompany = { slug: "nyt-selskab", name: "Nyt Selskab" };
    const feed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-feed-")), "feed.ndjson");
    fs.writeFileSync(
      feed,
      Array.from({ length: 50 }, (_, k) =>
        JSON.stringify(
          trip({
            id: `nyt-${k}`,
            travelCompany: newCompany,
            departureDate: departureInDays(60),
            price: 10000 + 2 * k,
            pricePerPerson: 5000 + k,
            originalPrice: null,
          }),
        ),
      ).join("\n") + "\n",
    );
    const before = await (await fetch(`${suite.server.url}/api/search?travelCompanies=nyt-selskab`)).json();
    expect(before.totalCount).toBe(0);

    let stop = false;
    const statuses: number[] = [];
    const load = (async () => {
      while (!stop) {
        const res = await fetch(`${suite.server.url}/api/search?sort=price:asc`).catch(() => null);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer();
      }
    })();
    const { stdout } = await runIndexer(["import", feed], { DATABASE_URL: suite.server.dbFile });
    expect(stdout).toMatch(/tilføjet:\s+50/);

    const newTrips = async () =>
      ((await (await fetch(`${suite.server.url}/api/search?travelCompanies=nyt-selskab`)).json()) as { totalCount: number }).totalCount;
    await expect.poll(newTrips).toBe(50);
    stop = true;
    await load;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
