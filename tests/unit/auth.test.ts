import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../app/services/accounts/password.server";
import { isSameOrigin, requireSameOrigin, safeRedirect } from "../../app/utils/request.server";

// Accounts: password hashes, the redirect after log-in, the same-origin rule.

describe("password hashing", () => {
  it("stores scrypt$N$r$p$salt$hash with a random salt and verifies only the right password", async () => {
    const a = await hashPassword("korrekt-hest-batteri");
    const b = await hashPassword("korrekt-hest-batteri");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(a.split("$")[4], "base64")).toHaveLength(16);
    expect(a).not.toBe(b);
    expect(await verifyPassword("korrekt-hest-batteri", a)).toBe(true);
    expect(await verifyPassword("korrekt-hest-batteri", b)).toBe(true);
    expect(await verifyPassword("Korrekt-hest-batteri", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("rejects malformed or tampered hashes without throwing", async () => {
    const h = await hashPassword("hemmelig1");
    const parts = h.split("$");
    expect(await verifyPassword("hemmelig1", "plain")).toBe(false);
    expect(await verifyPassword("hemmelig1", ["bcrypt", ...parts.slice(1)].join("$"))).toBe(false);
    expect(await verifyPassword("hemmelig1", [...parts.slice(0, 5), Buffer.alloc(64).toString("base64")].join("$"))).toBe(false);
    expect(await verifyPassword("hemmelig1", ["scrypt", "99999999999", ...parts.slice(2)].join("$"))).toBe(false);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/skirejser?destinationSlugs=frankrig&dialog=createSearchAgent", "/skirejser?destinationSlugs=frankrig&dialog=createSearchAgent"],
    ["/soegeagenter", "/soegeagenter"],
    ["/gemte-rejser#top", "/gemte-rejser#top"],
    ["/skirejser/../soegeagenter", "/soegeagenter"],
  ])("accepts the same-site path %s", (to, expected) => {
    expect(safeRedirect(to, "/fallback")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example/",
    "http:evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    // Dot segments that normalise to a protocol-relative `//host`.
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/./%2e/..//evil.example/x?y#z",
    "",
    null,
    undefined,
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });
});

describe("same-origin check", () => {
  const post = (headers: Record<string, string>, method = "POST") => new Request("http://pistepris.test/soegeagenter", { method, headers });

  it("accepts an Origin or, without one, a Referer on the request's host", () => {
    expect(isSameOrigin(post({ Origin: "http://pistepris.test" }))).toBe(true);
    expect(isSameOrigin(post({ Referer: "http://pistepris.test/skirejser?x=1" }))).toBe(true);
  });

  it("refuses another host, a look-alike, a null origin and no origin at all, for every state-changing method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isSameOrigin(post({ Origin: "http://evil.example" }, method))).toBe(false);
      expect(isSameOrigin(post({ Origin: "http://pistepris.test.evil.example" }, method))).toBe(false);
      expect(isSameOrigin(post({ Origin: "null" }, method))).toBe(false);
      expect(isSameOrigin(post({}, method))).toBe(false);
      expect(isSameOrigin(post({ Referer: "http://evil.example/http://pistepris.test" }, method))).toBe(false);
    }
    // The Origin decides when both are sent.
    expect(isSameOrigin(post({ Origin: "http://evil.example", Referer: "http://pistepris.test/" }))).toBe(false);
  });

  it("lets reads through and answers a refused write with 403 and a Danish message", async () => {
    expect(isSameOrigin(new Request("http://pistepris.test/soegeagenter"))).toBe(true);
    let thrown: unknown;
    try {
      requireSameOrigin(post({ Origin: "http://evil.example" }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).text()).toMatch(/afvist/);
  });
});
