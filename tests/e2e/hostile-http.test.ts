import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../db/client";
import { searchAgents, users } from "../../db/schema";
import { unsubscribeToken } from "../../app/services/agents/unsubscribe.server";
import type { TestServer } from "../support/server";
import { useServer } from "./support/suite";

// The built server as an attacker meets it, over plain HTTP without a browser: forged Host
// headers, bodies without end, a mail provider's one-click unsubscribe, methods we do not serve,
// and the security headers every response carries.

const PUBLIC_URL = "https://www.pistepris.test";
const suite = useServer({ demoTrips: 300, env: { PUBLIC_URL } });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

/** The server's address, and `target` as the request line's target exactly as given (even an absolute URL). */
const to = (target: string) => {
  const { hostname, port } = new URL(suite.server.url);
  return { host: hostname, port, path: target };
};

/** One request exactly as given (a Host header of our choosing, a body or none), answered or failed within 20 s. */
function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...to(path), method: opts.method ?? "GET", headers: opts.headers, timeout: 20_000 });
    req.on("timeout", () => req.destroy(new Error(`no answer to ${opts.method ?? "GET"} ${path} within 20 s`)));
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes.toString("utf8"), bytes });
      });
    });
    req.end(opts.body);
  });
}

/** The server's resident memory in MiB (Linux). */
function rssMiB(): number {
  const pid = (suite.server as TestServer & { pid: number }).pid;
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
  return kb / 1024;
}

/**
 * POSTs a chunked body of up to `maxBytes` as fast as the server takes it, and stops sending once
 * the answer comes. `sent` is what had been handed to the socket by then: what the server read,
 * plus what the two kernels' socket buffers held.
 */
function flood(
  path: string,
  maxBytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; sent: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      ...to(path),
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: suite.server.url,
        ...headers,
        "Transfer-Encoding": "chunked",
      },
      timeout: 60_000,
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    req.on("timeout", () => req.destroy(new Error(`no answer to the ${maxBytes}-byte POST ${path} within 60 s`)));
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const at = sent;
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode!, sent: at, headers: res.headers });
      });
    });
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("absolute URLs and the page cache (finding 3)", () => {
  const PAGE = "/skirejser?sort=price:asc";
  /** The page's canonical link, decoded (the query's `:` may be written %3A). */
  const canonical = (html: string) => decodeURIComponent(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? "");

  it("links are built from PUBLIC_URL, whatever Host or X-Forwarded-Host a request names", async () => {
    const forged = await raw(PAGE, { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" } });
    expect(forged.status).toBe(200);
    expect(canonical(forged.body)).toBe(`${PUBLIC_URL}/skirejser?sort=price:asc`);
    expect(forged.body).not.toContain("evil.example");
  });

  it("a page first rendered for a forged host is served to everyone else without it", async () => {
    const path = "/skirejser?sort=discountPercentage:desc";
    await raw(path, { headers: { "X-Forwarded-Host": "evil.example:8443" } });
    const next = await raw(path);
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(next.body).not.toContain("evil.example");
    expect(canonical(next.body)).toBe(`${PUBLIC_URL}${path}`);
  });

  it("the partner page's snippet names PUBLIC_URL too", async () => {
    const res = await raw("/partner", { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
    expect(res.body).toContain(`&lt;script src=&quot;${PUBLIC_URL}/embed.js&quot;`);
    expect(res.body).not.toContain("evil.example");
  });

  it("an absolute-form request target does not name the host either", async () => {
    const res = await raw(`http://evil.example${PAGE}`);
    expect(res.body).not.toContain("evil.example");
  });
});

describe("request bodies have a limit on every route (finding 4)", () => {
  const paths = ["/konto/log-ind", "/api/facet-numbers", "/api/banner-events", "/soegeagenter/afmeld/1.x", "/skirejser", "/no-such-page"];

  for (const path of paths) {
    it(`POST ${path} announcing 100 MB is answered 413 at once, without waiting for the body`, async () => {
      const res = await raw(path, {
        method: "POST",
        headers: { Origin: suite.server.url, "Content-Type": "application/json", "Content-Length": String(100 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toBe("Forespørgslen er for stor.");
      expect(res.headers.connection).toBe("close");
    });
  }

  for (const path of paths) {
    it(`a chunked POST ${path} of up to 128 MB is answered 413 once past the limit, the memory flat`, async () => {
      const before = rssMiB();
      const res = await flood(path, 128 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe("close");
      // 64 KiB read at most; the rest is what the socket buffers on both sides held.
      expect(res.sent).toBeLessThan(24 * 1024 * 1024);
      expect(rssMiB() - before).toBeLessThan(48);
      // And the server goes on serving.
      expect((await raw("/")).status).toBe(200);
    });
  }

  it("a method we refuse with a body announcing 100 MB is answered 413 too, without reading it", async () => {
    const res = await raw("/", { method: "TRACE", headers: { "Content-Length": String(100 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
  });

  it("a form within the limit still works", async () => {
    const res = await raw("/konto/log-ind", {
      method: "POST",
      headers: { Origin: suite.server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nobody@example.dk", password: "x".repeat(150), filler: "y".repeat(60_000) }).toString(),
    });
    expect(res.status).toBe(401);
  });
});

describe("RFC 8058 one-click unsubscribe (finding 8)", () => {
  let db: Db;
  let token: string;
  let agentId: number;
  beforeAll(() => {
    db = openDb(suite.server.dbFile);
    const userId = db.insert(users).values({ email: "post@example.dk", passwordHash: "x" }).returning().get().id;
    agentId = db.insert(searchAgents).values({ userId, name: "Alperne", query: "adultCount=2" }).returning().get().id;
    token = unsubscribeToken(db, agentId);
  });
  afterAll(() => db?.$client.close());

  const active = () =>
    db
      .select()
      .from(searchAgents)
      .all()
      .find((a) => a.id === agentId)!.active;
  const reactivate = () => db.update(searchAgents).set({ active: true }).run();

  for (const origin of ["https://mail.google.com", "null", undefined]) {
    it(`is accepted on its token alone, with ${origin === undefined ? "no Origin" : `Origin: ${origin}`}`, async () => {
      reactivate();
      const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
      if (origin) headers.Origin = origin;
      const res = await raw(`/soegeagenter/afmeld/${token}`, { method: "POST", headers, body: "List-Unsubscribe=One-Click" });
      expect(res.status).toBe(200);
      expect(active()).toBe(false);
    });
  }

  it("a forged token is still a 404, from anywhere", async () => {
    reactivate();
    const forged = `${agentId}.${"A".repeat(43)}`;
    const res = await raw(`/soegeagenter/afmeld/${forged}`, {
      method: "POST",
      headers: { Origin: "https://mail.google.com", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(404);
    expect(active()).toBe(true);
  });

  it("every other form still refuses another site's POST", async () => {
    const res = await raw("/konto/log-ind", {
      method: "POST",
      headers: { Origin: "https://mail.google.com", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.dk&password=x",
    });
    expect(res.status).toBe(403);
  });
});

describe("methods and security headers (finding 9)", () => {
  it.each(["TRACE", "PUT", "DELETE", "OPTIONS", "PATCH"])("%s is 405 with Allow", async (method) => {
    const res = await raw("/", { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
  });

  const everywhere = [
    "/",
    "/skirejser",
    "/skirejser?embed=1&aff=p1",
    "/konto/log-ind",
    "/api/search",
    "/favicon.svg",
    "/no-such-page",
    "/ud/nope",
  ];

  it.each(everywhere)("%s carries nosniff, a referrer policy, HSTS and a CSP", async (path) => {
    const res = await raw(path);
    expect(res.status).toBeLessThan(500);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it.each(everywhere.filter((p) => !p.includes("embed=1")))("%s may not be framed", async (path) => {
    const res = await raw(path);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("a route's own header replaces the default: a click-out sends only the origin as referrer", async () => {
    const search = JSON.parse((await raw("/api/search")).body) as { items: Array<{ trip: { id: string } }> };
    const res = await raw(`/ud/${encodeURIComponent(search.items[0].trip.id)}`);
    expect(res.status).toBe(302);
    expect(res.headers["referrer-policy"]).toBe("origin");
  });

  it("the embed page may be framed by any site, and only it", async () => {
    const res = await raw("/skirejser?embed=1&aff=p1");
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors *");
  });

  it("a page's scripts carry the nonce of its own CSP, a new one for every response, cached or not", async () => {
    const nonces = [];
    for (let i = 0; i < 3; i++) {
      const res = await raw("/skirejser?sort=price:asc&page=2");
      const header = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(String(res.headers["content-security-policy"]))![1];
      const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${header}"`);
      nonces.push(header);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("personal pages are never stored by a cache: the account pages, and every page of a visitor with a cookie", async () => {
    for (const path of ["/konto/log-ind", "/konto/opret", "/soegeagenter", "/gemte-rejser", "/api/search-agents/exists"]) {
      expect((await raw(path)).headers["cache-control"], path).toBe("private, no-store");
    }
    const withCookie = await raw("/skirejser", { headers: { Cookie: "__pistepris=x" } });
    expect(withCookie.headers["cache-control"]).toBe("private, no-store");
    // The build's assets stay cacheable for everyone.
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec((await raw("/")).body)![1];
    expect((await raw(asset, { headers: { Cookie: "__pistepris=x" } })).headers["cache-control"]).toMatch(/immutable/);
  });
});

describe("refusals answer in Danish, as docs/api.md says", () => {
  const forms = ["/konto/log-ind", "/konto/opret", "/soegeagenter", "/gemte-rejser", "/gemte-rejser.data", "/drift/bannere"];
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it.each(forms)("POST %s with neither Origin nor Referer is 403, text/plain", async (path) => {
    const res = await raw(path, { method: "POST", headers: form, body: "intent=delete&agentId=1" });
    expect(res.status).toBe(403);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe("Forespørgslen blev afvist, fordi den ikke kom fra Pistepris.");
  });

  it("POST /api/facet-numbers still takes a call without either header (a server's)", async () => {
    const body = JSON.stringify({
      searchData: { searchArea: { type: "all" }, adultCount: 2, childrenCount: 0, arrival: { type: "asap" }, filters: {} },
      requiredFacetFields: ["priceRange"],
    });
    const res = await raw("/api/facet-numbers", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(res.status).toBe(200);
  });

  const unreadable: Array<[string, Record<string, string>, string]> = [
    ["JSON", { "Content-Type": "application/json" }, '{"intent":"delete"}'],
    ["plain text", { "Content-Type": "text/plain" }, "intent=delete"],
    ["broken multipart", { "Content-Type": "multipart/form-data; boundary=xyz" }, "garbage"],
    ["no Content-Type", {}, "intent=delete"],
  ];
  for (const path of forms) {
    it.each(unreadable)(`POST ${path} with a %s body is 400, text/plain`, async (_kind, headers, body) => {
      const res = await raw(path, { method: "POST", headers: { Origin: suite.server.url, ...headers }, body });
      expect(res.status).toBe(400);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(res.body).toBe("Formularen kunne ikke læses. Udfyld den igen, og send den fra siden.");
    });
  }

  it("a multipart form still reads", async () => {
    const body = [
      "--xyz",
      'Content-Disposition: form-data; name="email"',
      "",
      "nobody@example.dk",
      "--xyz",
      'Content-Disposition: form-data; name="password"',
      "",
      "wrong-password",
      "--xyz--",
      "",
    ].join("\r\n");
    const res = await raw("/konto/log-ind", {
      method: "POST",
      headers: { Origin: suite.server.url, "Content-Type": "multipart/form-data; boundary=xyz" },
      body,
    });
    expect(res.status).toBe(401);
  });

  it.each(["/api/search", "/api/map", "/api/destinations", "/api/search-agents/exists"])(
    "POST %s (GET only) is 405 in JSON, with Allow",
    async (path) => {
      const res = await raw(path, { method: "POST", headers: { Origin: suite.server.url } });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD");
      expect(JSON.parse(res.body)).toEqual({ error: "Metoden er ikke tilladt her." });
    },
  );

  it.each(["/skirejser", "/ophold/no-such-place", "/soeg"])(
    "POST %s (a page without a form) is 405, text/plain, with Allow",
    async (path) => {
      const res = await raw(path, { method: "POST", headers: { Origin: suite.server.url, ...form }, body: "a=1" });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD");
      expect(res.body).toBe("Metoden er ikke tilladt her.");
    },
  );

  it("a JSON body that is not an object names no field", async () => {
    for (const body of ["null", "[]", '"x"']) {
      const res = await raw("/api/facet-numbers", { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expect(res.status).toBe(400);
      // Zod's reason right after the sentence, with no empty field name before it.
      expect(JSON.parse(res.body).error).toMatch(/^Forespørgslen er ugyldig\. Ugyldigt input: /);
    }
  });

  it("a JSON number too large to be one (1e400) is named as such, with the field, not as 'forventede tal, fik tal'", async () => {
    const body = '{"searchData":{"filters":{"minPrice":1e400}},"requiredFacetFields":["priceRange"]}';
    const res = await raw("/api/facet-numbers", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toBe(
      "Forespørgslen er ugyldig. searchData.filters.minPrice: er ikke et endeligt tal (tallet er for stort eller for lille)",
    );
  });

  it("a path that names a directory of the build is not redirected in English", async () => {
    for (const path of ["/ophold/%2e%2e", "/assets", "/skirejser/%2e%2e"]) {
      const res = await raw(path);
      expect(res.status, path).not.toBe(301);
      expect(res.body, path).not.toContain("Redirecting");
    }
  });

  /** Bytes sent as they are on a new connection, and all the server answered before closing it. */
  function rawBytes(bytes: Buffer): Promise<string> {
    const { host, port } = to("/");
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), host, () => socket.end(bytes));
      const chunks: Buffer[] = [];
      socket.setTimeout(20_000, () => socket.destroy(new Error("no answer within 20 s")));
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
  }

  it("a request line too long for Node's parser is 431 in Danish, with the security headers", async () => {
    const target = `/skirejser?tags=${Array.from({ length: 3000 }, () => "abcdefgh").join(",")}`;
    const answer = await rawBytes(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("\r\nX-Content-Type-Options: nosniff\r\n");
    expect(answer).toContain("\r\nX-Frame-Options: DENY\r\n");
    expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'none'/);
    expect(answer.endsWith("\r\n\r\nForespørgslen er for stor.")).toBe(true);
  });

  it("raw bytes a URL may not hold are 400 in Danish, and the server goes on serving", async () => {
    const answer = await rawBytes(
      Buffer.concat([Buffer.from("GET /skirejser?d="), Buffer.from([0xc3, 0xa6]), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")]),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.endsWith("\r\n\r\nForespørgslen er ugyldig.")).toBe(true);
    expect((await raw("/")).status).toBe(200);
  });
});

describe("the edges of HTTP (issue 32.6)", () => {
  /** A script of the build that the landing page loads (one with a precompressed `.br` beside it). */
  async function assetPath(): Promise<string> {
    const page = await raw("/");
    const src = [...page.body.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]).find((p) => fs.existsSync(`build/client${p}.br`));
    if (!src) throw new Error("no precompressed script on the landing page");
    return src;
  }
  const decoded = (a: Answer) =>
    a.headers["content-encoding"] === "br"
      ? zlib.brotliDecompressSync(a.bytes)
      : a.headers["content-encoding"] === "gzip"
        ? zlib.gunzipSync(a.bytes)
        : a.bytes;

  it("sends a precompressed asset only to a client whose Accept-Encoding puts Brotli first by its q-values", async () => {
    const asset = await assetPath();
    const plain = fs.readFileSync(`build/client${asset}`);
    const cases: Array<[acceptEncoding: string, encoding: string | undefined]> = [
      ["br;q=0, gzip", "gzip"],
      ["gzip, br;q=0", "gzip"],
      ["BR;q=0, gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["br;q=0", undefined],
      ["identity", undefined],
      ["*;q=0, identity", undefined],
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=0.8, gzip;q=0.5", "br"],
      ["br", "br"],
    ];
    for (const [acceptEncoding, encoding] of cases) {
      const res = await raw(asset, { headers: { "Accept-Encoding": acceptEncoding } });
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers["content-encoding"], acceptEncoding).toBe(encoding);
      expect(res.headers.vary, acceptEncoding).toMatch(/Accept-Encoding/i);
      expect(decoded(res).equals(plain), acceptEncoding).toBe(true);
    }
  });

  it("answers a Range request on a compressible file with the bytes of the file as it is, never compressed", async () => {
    const asset = await assetPath();
    for (const [path, file] of [
      [asset, `build/client${asset}`],
      ["/embed.js", "build/client/embed.js"],
      ["/banners/skiudlejning.svg", "build/client/banners/skiudlejning.svg"],
    ]) {
      const plain = fs.readFileSync(file);
      for (const acceptEncoding of ["gzip", "br", "gzip, deflate, br, zstd"]) {
        const res = await raw(path, { headers: { "Accept-Encoding": acceptEncoding, Range: "bytes=10-209" } });
        expect(res.status, `${path} ${acceptEncoding}`).toBe(206);
        expect(res.headers["content-encoding"], `${path} ${acceptEncoding}`).toBeUndefined();
        expect(res.headers["content-range"], path).toBe(`bytes 10-209/${plain.length}`);
        expect(res.bytes.equals(plain.subarray(10, 210)), `${path} ${acceptEncoding}`).toBe(true);
      }
      // Without a Range the file is still compressed.
      expect((await raw(path, { headers: { "Accept-Encoding": "gzip" } })).headers["content-encoding"], path).toBe("gzip");
    }
  });

  it("answers a dot segment, percent-encoded or not, with the 404 its path documents instead of resolving it", async () => {
    const page404 = (res: Answer) => res.status === 404 && res.body.includes("Siden findes ikke.");
    const text404 = (res: Answer) => res.status === 404 && res.body === "Siden findes ikke.";
    const cases: Array<[path: string, ok: (res: Answer) => boolean]> = [
      ["/ud/%2e%2e", text404],
      ["/ud/%2E%2E", text404],
      ["/ud/.%2e", text404],
      ["/ud/..", text404],
      ["/ud/%2e%2e?aff=x", text404],
      ["/banner/%2e%2e", text404],
      ["/demo-billeder/%2e%2e", text404],
      ["/ophold/%2e%2e", (res) => res.status === 404 && res.body.includes("Stedet findes ikke")],
      ["/ophold/..", (res) => res.status === 404 && res.body.includes("Stedet findes ikke")],
      ["/ophold/%2e", (res) => res.status === 404 && res.body.includes("Stedet findes ikke")],
      ["/%2e%2e", page404],
      ["/skirejser/%2e%2e", page404],
      ["/skirejser/..", page404],
      ["/%2e%2e/skirejser", page404],
      ["/ophold\\..", page404],
      ["/soegeagenter/%2e%2e/%2e%2e", page404],
    ];
    for (const [path, ok] of cases) {
      const res = await raw(path);
      expect(ok(res), `${path}: ${res.status} ${res.body.slice(0, 80)}`).toBe(true);
    }
  });
});
