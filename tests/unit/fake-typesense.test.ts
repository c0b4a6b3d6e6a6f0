import { Client } from "typesense";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeTypesense } from "../support/fake-typesense";
import { LIMITS } from "../support/fake-typesense";
import { createKey, dropNamesStartingWith, exportDocuments, startTypesense, testAlias } from "../support/typesense";

interface Result {
  code?: number;
  error?: string;
  found?: number;
  request_params?: { collection_name?: string };
  facet_counts?: Array<{ counts: Array<{ value: string; count: number }> }>;
}

/** A multi_search of any parameters (the client's typings know only its own). */
async function multiSearch(client: Client, searches: Array<Record<string, unknown>>): Promise<Result[]> {
  const perform = client.multiSearch.perform.bind(client.multiSearch) as unknown as (
    r: { searches: unknown[] },
    c: object,
  ) => Promise<{ results: Result[] }>;
  return (await perform({ searches }, {})).results;
}

// The fake server refuses and answers what Typesense 27/28 refuses and answers, with its messages,
// through the real client: the default run then fails where a live run would. In the live suite
// (TYPESENSE_URL) these same tests run against the real server, which shows the fake is right.

describe("the fake Typesense server keeps Typesense's documented limits", () => {
  let fake: FakeTypesense;
  let client: Client;
  const prefix = testAlias("fake");
  const c = `${prefix}_c`;
  const search = async (params: Record<string, unknown>, collection = c, on = client) =>
    (await multiSearch(on, [{ collection, q: "*", ...params }]))[0];
  const clauses = (n: number) => Array.from({ length: n }, (_, i) => `n:!=${i + 1000}`).join(" && ");

  beforeAll(async () => {
    fake = await startTypesense();
    client = new Client({ nodes: [{ url: fake.url }], apiKey: fake.apiKey, numRetries: 0, logLevel: "silent" });
    await client.collections().create({
      name: c,
      fields: [
        { name: "n", type: "int32", facet: true },
        { name: "s", type: "string" },
      ],
    });
    await client.collections(c).documents().import('{"id":"1","n":1,"s":"a"}\n{"id":"2","n":2,"s":"b"}', { action: "create" });
  });
  afterAll(async () => {
    if (fake) await dropNamesStartingWith(fake, prefix);
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
    expect(await search({ facet_by: "n", facet_strategy: "alle" })).toEqual({ code: 400, error: "Invalid facet index type: alle" });
  });

  it(`takes at most ${LIMITS.multiSearchesMax} searches in one multi_search`, async () => {
    const searches = Array.from({ length: LIMITS.multiSearchesMax + 1 }, () => ({ collection: c, q: "*" }));
    await expect(multiSearch(client, searches)).rejects.toThrow("Number of multi searches exceeds `limit_multi_searches` parameter.");
  });

  it("fails a created document whose id exists, lets upsert replace it, and exports what it holds", async () => {
    const send = async (action: "create" | "upsert") =>
      String(await client.collections(c).documents().import('{"id":"1","n":5,"s":"x"}', { action }))
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(await send("create")).toEqual([
      expect.objectContaining({ success: false, code: 409, error: "A document with id 1 already exists." }),
    ]);
    expect(await send("upsert")).toEqual([{ success: true }]);
    expect((await exportDocuments(fake, c)).find((d) => d.id === "1")).toEqual({ id: "1", n: 5, s: "x" });
    await client.collections(c).documents().import('{"id":"1","n":1,"s":"a"}', { action: "upsert" });
  });

  it("resolves aliases, names the collection behind one in request_params, wants a key and says its version", async () => {
    const alias = `${prefix}-alias`;
    await client.aliases().upsert(alias, { collection_name: c });
    expect((await client.collections(alias).retrieve()).name).toBe(c);
    expect((await search({ per_page: 0 }, alias)).request_params?.collection_name).toBe(c);
    const stranger = new Client({ nodes: [{ url: fake.url }], apiKey: "forkert", numRetries: 0, logLevel: "silent" });
    await expect(stranger.collections().retrieve()).rejects.toMatchObject({ httpStatus: 401 });
    expect((await client.debug.retrieve()).version).toMatch(/^\d+\.\d+/);
  });

  it("lets a search key search and read the version, on its collections only, and nothing else", async () => {
    const other = `${testAlias("fake-other")}_c`;
    await client.collections().create({ name: other, fields: [{ name: "n", type: "int32" }] });
    try {
      const value = await createKey(fake, {
        description: "søgning",
        actions: ["documents:search", "debug:list"],
        collections: [prefix, `${prefix}_.*`],
      });
      const searcher = new Client({ nodes: [{ url: fake.url }], apiKey: value, numRetries: 0, logLevel: "silent" });
      expect(await search({ per_page: 0 }, c, searcher)).toEqual(expect.objectContaining({ found: 2 }));
      expect((await searcher.debug.retrieve()).version).toMatch(/^\d+\.\d+/);
      await expect(search({ per_page: 0 }, other, searcher)).rejects.toMatchObject({
        httpStatus: 401,
        message: expect.stringContaining("Forbidden - a valid `x-typesense-api-key` header must be sent."),
      });
      await expect(searcher.collections().retrieve()).rejects.toMatchObject({ httpStatus: 401 });
      await expect(searcher.collections(c).documents().import('{"id":"9","n":9,"s":"z"}', { action: "upsert" })).rejects.toMatchObject({
        httpStatus: 401,
      });
      await expect(searcher.aliases(`${prefix}-alias`).retrieve()).rejects.toMatchObject({ httpStatus: 401 });
    } finally {
      await dropNamesStartingWith(fake, other);
      for (const key of (await client.keys().retrieve()).keys) if (key.description === "søgning") await client.keys(key.id).delete();
    }
  });

  it("compares string filters by tokens: lowercased, other symbols than symbols_to_index dropped", async () => {
    const plain = `${prefix}_plain`;
    const hyphens = `${prefix}_hyphens`;
    const docs = '{"id":"1","s":"a-b"}\n{"id":"2","s":"ab"}\n{"id":"3","s":"A B"}';
    await client.collections().create({ name: plain, fields: [{ name: "s", type: "string" }] });
    await client.collections().create({ name: hyphens, fields: [{ name: "s", type: "string" }], symbols_to_index: ["-"] });
    for (const name of [plain, hyphens]) await client.collections(name).documents().import(docs, { action: "create" });
    const found = async (collection: string, filter: string) => (await search({ filter_by: filter, per_page: 0 }, collection)).found;
    expect(await found(plain, "s:=`a-b`")).toBe(2); // "ab" and "a-b" are one token: ab
    expect(await found(plain, "s:=`AB`")).toBe(2);
    expect(await found(hyphens, "s:=`a-b`")).toBe(1);
    expect(await found(hyphens, "s:=`ab`")).toBe(1);
    expect(await found(hyphens, "s:=`a b`")).toBe(1);
    expect(await found(hyphens, "s:=[`a-b`,`ab`]")).toBe(2);
  });

  it("undercounts a range facet from the value index unless facet_strategy is exhaustive", async () => {
    // 12,000 documents, 9,000 values: Typesense keeps the value index (at most 0.8 values a document).
    const many = `${prefix}_many`;
    await client.collections().create({
      name: many,
      fields: [
        { name: "p", type: "int32", facet: true },
        { name: "k", type: "int32" },
      ],
    });
    const lines = Array.from({ length: 12_000 }, (_, i) => JSON.stringify({ id: String(i), p: i % 9000, k: 1 }));
    await client.collections(many).documents().import(lines.join("\n"), { action: "create" });
    const buckets = async (facet_strategy?: string) => {
      const params = { filter_by: "k:=1", per_page: 0, facet_by: "p(lo:[0, 4500], hi:[4500, 9000])", max_facet_values: 10, facet_strategy };
      const [result] = await multiSearch(client, [{ collection: many, q: "*", ...params }]);
      return Object.fromEntries(result.facet_counts![0].counts.map((x) => [x.value, x.count]));
    };
    expect(await buckets("exhaustive")).toEqual({ lo: 7500, hi: 4500 });
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total(await buckets())).toBeLessThan(12_000); // automatic: the value index, 20 values
    expect(total(await buckets("top_values"))).toBeLessThan(12_000);
  });
});

describe("the fake Typesense server's troubles", () => {
  let fake: FakeTypesense;
  let client: Client;
  const prefix = testAlias("troubles");
  const c = `${prefix}_c`;
  const write = (id: string) => client.collections(c).documents().import(`{"id":"${id}","n":1}`, { action: "upsert" });

  beforeAll(async () => {
    fake = await startTypesense();
    client = new Client({
      nodes: [{ url: fake.url }],
      apiKey: fake.apiKey,
      numRetries: 0,
      logLevel: "silent",
      connectionTimeoutSeconds: 10,
    });
    await client.collections().create({ name: c, fields: [{ name: "n", type: "int32" }] });
  });
  afterAll(async () => {
    fake?.clearFaults();
    if (fake) await dropNamesStartingWith(fake, prefix);
    await fake?.stop();
  });

  it("lags: writes answer 503 'Not Ready or Lagging' for a while, reads go on, then writes are taken again", async () => {
    fake.lag(60_000);
    await expect(write("1")).rejects.toMatchObject({ httpStatus: 503, message: expect.stringContaining("Not Ready or Lagging") });
    expect((await client.collections(c).retrieve()).num_documents).toBe(0);
    expect(await client.health.retrieve()).toEqual({ ok: true });
    fake.lag(60_000, { reads: true });
    await expect(client.collections(c).retrieve()).rejects.toMatchObject({ httpStatus: 503 });
    fake.clearFaults();
    await write("1");
    expect((await client.collections(c).retrieve()).num_documents).toBe(1);
  });

  it("refuses writes with 422 once its memory is full, but still deletes", async () => {
    await client.collections().create({ name: `${prefix}_old`, fields: [{ name: "n", type: "int32" }] });
    fake.limitMemory(2);
    await write("2");
    await write("3");
    await expect(write("4")).rejects.toMatchObject({
      httpStatus: 422,
      message: expect.stringContaining("Rejecting write: running out of resource type: OUT_OF_MEMORY"),
    });
    await expect(client.collections().create({ name: `${prefix}_d`, fields: [{ name: "n", type: "int32" }] })).rejects.toMatchObject({
      httpStatus: 422,
    });
    expect(await client.collections(`${prefix}_old`).delete()).toEqual(expect.objectContaining({ name: `${prefix}_old` }));
    fake.clearFaults();
  });

  it("when paused, answers nothing until resumed, then handles what waited, even for a client that gave up", async () => {
    const impatient = new Client({
      nodes: [{ url: fake.url }],
      apiKey: fake.apiKey,
      numRetries: 0,
      logLevel: "silent",
      connectionTimeoutSeconds: 0.3,
    });
    fake.pause();
    await expect(impatient.aliases().upsert(`${prefix}-late`, { collection_name: c })).rejects.toThrow(/timeout/i);
    await expect(impatient.health.retrieve()).rejects.toThrow(/timeout/i);
    fake.resume();
    await expect
      .poll(async () => (await client.aliases().retrieve()).aliases.some((a) => a.name === `${prefix}-late`), { timeout: 10_000 })
      .toBe(true);
  });
});
