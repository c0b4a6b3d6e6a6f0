import { Client } from "typesense";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeTypesense, LIMITS } from "../support/fake-typesense";

// The fake server refuses what Typesense 27/28 refuses, with its messages, through the real
// client: the default run then fails where a live run would.

describe("the fake Typesense server keeps Typesense's documented limits", () => {
  let fake: FakeTypesense;
  let client: Client;
  const search = async (params: Record<string, unknown>) => {
    const { results } = (await client.multiSearch.perform({ searches: [{ collection: "c", q: "*", ...params }] }, {})) as {
      results: Array<{ code?: number; error?: string; found?: number }>;
    };
    return results[0];
  };
  const clauses = (n: number) => Array.from({ length: n }, (_, i) => `n:!=${i + 1000}`).join(" && ");

  beforeAll(async () => {
    fake = await new FakeTypesense().start();
    client = new Client({ nodes: [{ url: fake.url }], apiKey: fake.apiKey, numRetries: 0, logLevel: "silent" });
    await client.collections().create({
      name: "c",
      fields: [
        { name: "n", type: "int32", facet: true },
        { name: "s", type: "string" },
      ],
    });
    await client.collections("c").documents().import('{"id":"1","n":1,"s":"a"}\n{"id":"2","n":2,"s":"b"}', { action: "create" });
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it(`allows ${LIMITS.filterByMaxOps} filter_by operations (operands and &&), not one more`, async () => {
    expect(await search({ filter_by: clauses(50), per_page: 0 })).toEqual(expect.objectContaining({ found: 2 })); // 99 operations
    expect(await search({ filter_by: clauses(51), per_page: 0 })).toEqual({
      code: 400,
      error:
        "`filter_by` has too many operations. Maximum allowed: 100. Use `--filter-by-max-ops` command line argument to customize this value.",
    });
  });

  it("allows 250 hits a page, 3 sort fields, group_limit up to 99 on a facet field, known fields only", async () => {
    expect(await search({ per_page: 251 })).toEqual({ code: 422, error: "Only upto 250 hits can be fetched per page." });
    expect(await search({ sort_by: "n:asc,n:desc,n:asc,n:desc" })).toEqual({ code: 400, error: "Only upto 3 sort fields are allowed." });
    expect(await search({ group_by: "n", group_limit: 100 })).toEqual({
      code: 400,
      error: "Value of `group_limit` must be between 1 and 99.",
    });
    expect(await search({ group_by: "s" })).toEqual({ code: 400, error: "Group by field `s` should be a facet field." });
    expect(await search({ filter_by: "x:=1" })).toEqual({ code: 404, error: "Could not find a filter field named `x` in the schema." });
    expect(await search({ facet_by: "s" })).toEqual({ code: 404, error: "Could not find a facet field named `s` in the schema." });
    expect(await search({ filter_by: "n:>=2147483648" })).toEqual({
      code: 400,
      error: "Error with filter field `n`: `2147483648` exceeds the range of an int32.",
    });
  });

  it(`takes at most ${LIMITS.multiSearchesMax} searches in one multi_search`, async () => {
    const searches = Array.from({ length: LIMITS.multiSearchesMax + 1 }, () => ({ collection: "c", q: "*" }));
    await expect(client.multiSearch.perform({ searches }, {})).rejects.toThrow(
      "Number of multi searches exceeds `limit_multi_searches` parameter.",
    );
  });

  it("fails a created document whose id exists, and lets upsert replace it", async () => {
    const send = async (action: "create" | "upsert") =>
      String(await client.collections("c").documents().import('{"id":"1","n":5,"s":"x"}', { action }))
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(await send("create")).toEqual([
      expect.objectContaining({ success: false, code: 409, error: "A document with id 1 already exists." }),
    ]);
    expect(await send("upsert")).toEqual([{ success: true }]);
    expect(fake.documents("c").find((d) => d.id === "1")?.n).toBe(5);
  });

  it("resolves aliases and wants the API key", async () => {
    await client.aliases().upsert("a", { collection_name: "c" });
    expect((await client.collections("a").retrieve()).name).toBe("c");
    const stranger = new Client({ nodes: [{ url: fake.url }], apiKey: "forkert", numRetries: 0, logLevel: "silent" });
    await expect(stranger.collections().retrieve()).rejects.toMatchObject({ httpStatus: 401 });
  });
});
