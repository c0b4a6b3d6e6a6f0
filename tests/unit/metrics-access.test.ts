import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "../../server/metrics";

// Who may read /metrics (docs/operations.md#metrics): loopback only, unless METRICS_TOKEN is set;
// then whoever sends it as a bearer token, from any address, and nobody without it.

const request = (remoteAddress: string, authorization?: string, headers: Record<string, string> = {}) =>
  ({
    socket: { remoteAddress },
    get: (name: string) => (name.toLowerCase() === "authorization" ? authorization : headers[name.toLowerCase()]),
  }) as unknown as Request;

describe("mayReadMetrics", () => {
  it("lets loopback in without a token, and nobody else", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect(mayReadMetrics(request(address), undefined), address).toBe(true);
    for (const address of ["10.0.0.7", "192.168.1.2", "::ffff:10.0.0.7", "2001:db8::1"])
      expect(mayReadMetrics(request(address), undefined), address).toBe(false);
  });

  it("without a token, refuses loopback requests a reverse proxy forwarded (a visitor behind nginx on the same host)", () => {
    for (const header of ["forwarded", "x-forwarded-for", "x-real-ip"])
      expect(mayReadMetrics(request("127.0.0.1", undefined, { [header]: "203.0.113.9" }), undefined), header).toBe(false);
    expect(mayReadMetrics(request("10.0.0.7", "Bearer t", { "x-forwarded-for": "203.0.113.9" }), "t")).toBe(true);
  });

  it("with METRICS_TOKEN asks everyone, loopback too, for the bearer token", () => {
    const token = "et-langt-hemmeligt-token-123";
    expect(mayReadMetrics(request("10.0.0.7", `Bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(request("127.0.0.1"), token)).toBe(false);
    expect(mayReadMetrics(request("10.0.0.7", `Bearer ${token}x`), token)).toBe(false);
    expect(mayReadMetrics(request("10.0.0.7", token), token)).toBe(false);
  });
});
