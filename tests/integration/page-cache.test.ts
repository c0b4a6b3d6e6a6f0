import express from "express";
import http from "node:http";
import { randomBytes } from "node:crypto";
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
    // Every response has its own nonce, as server/security-headers.ts gives it.
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      res.set("X-Nonce", res.locals.nonce);
      next();
    });
    app.use(pageCache({ paths: ["/skirejser"], version: () => version, nonce: (res) => res.locals.nonce, maxEntries: 2, ttlMs: 60_000 }));
    app.get("/skirejser", (req, res) => {
      renders++;
      res.type("html");
      res.write(`<p>${req.query.q ?? ""}<script nonce="${res.locals.nonce}"></script>`);
      res.end(` render ${renders} <script nonce="${res.locals.nonce}"></script></p>`);
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

  /** A GET with exactly these headers (a Host of our choosing too). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ body: string; cache: string | undefined; type: string | undefined; nonce: string | undefined }>((resolve, reject) => {
      const { hostname, port } = new URL(url);
      http
        .get({ host: hostname, port, path, headers }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c));
          res.on("end", () =>
            resolve({
              body,
              cache: res.headers["x-page-cache"] as string | undefined,
              type: res.headers["content-type"],
              nonce: res.headers["x-nonce"] as string | undefined,
            }),
          );
        })
        .on("error", reject);
    });
  /** The body with its nonces taken out. */
  const plain = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce=""');

  it("renders a URL once per version for anonymous visitors", async () => {
    const first = await get("/skirejser?q=a");
    const second = await get("/skirejser?q=a");
    expect(first.cache).toBe("miss");
    expect(second).toMatchObject({ cache: "hit", type: first.type });
    expect(plain(second.body)).toBe(plain(first.body));
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

  it("a hit carries its own response's nonce, in every place the page had the old one", async () => {
    const first = await get("/skirejser?q=nonce");
    const hit = await get("/skirejser?q=nonce");
    expect(hit.cache).toBe("hit");
    expect(hit.nonce).not.toBe(first.nonce);
    expect([...hit.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1])).toEqual([hit.nonce, hit.nonce]);
  });

  it("the key is the path and query: a request's Host or absolute-form target neither makes its own entry nor changes others'", async () => {
    const before = renders;
    await get("/skirejser?q=host", { Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    expect((await get("/skirejser?q=host")).cache).toBe("hit");
    expect((await get("http://evil.example/skirejser?q=host")).cache).toBe("hit");
    expect(renders).toBe(before + 1);
  });
});
