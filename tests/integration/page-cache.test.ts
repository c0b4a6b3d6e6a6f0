import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache";

describe("page cache", () => {
  let url = "";
  let renders = 0;
  let version = "g1";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(pageCache({ paths: ["/skirejser"], version: () => version, maxEntries: 2, ttlMs: 60_000 }));
    app.get("/skirejser", (req, res) => {
      renders++;
      res.type("html");
      res.write(`<p>${req.query.q ?? ""}`);
      res.end(` render ${renders}</p>`);
    });
    app.get("/other", (_req, res) => {
      renders++;
      res.send("other");
    });
    const server = app.listen(0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + path, { headers });
    return { body: await res.text(), cache: res.headers.get("x-page-cache"), type: res.headers.get("content-type") };
  };

  it("renders a URL once per version for anonymous visitors", async () => {
    const first = await get("/skirejser?q=a");
    const second = await get("/skirejser?q=a");
    expect(first.cache).toBe("miss");
    expect(second).toEqual({ body: first.body, cache: "hit", type: first.type });
    version = "g2";
    expect((await get("/skirejser?q=a")).cache).toBe("miss");
  });

  it("never caches visitors with a cookie or other paths", async () => {
    const before = renders;
    await get("/skirejser?q=b", { cookie: "session=1" });
    await get("/skirejser?q=b", { cookie: "session=1" });
    await get("/other");
    await get("/other");
    expect(renders).toBe(before + 4);
  });

  it("keeps only the most recently used entries", async () => {
    await get("/skirejser?q=1");
    await get("/skirejser?q=2");
    await get("/skirejser?q=1");
    await get("/skirejser?q=3"); // evicts q=2
    expect((await get("/skirejser?q=1")).cache).toBe("hit");
    expect((await get("/skirejser?q=2")).cache).toBe("miss");
  });
});
