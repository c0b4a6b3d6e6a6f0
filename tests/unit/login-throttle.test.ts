import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loginThrottle, signUpThrottle } from "../../app/services/accounts/throttle.server";
import { tempDb } from "../support/db";

// The throttles: log-in failures, 5 per account and 20 per address within 15 minutes;
// sign-ups, 3 per e-mail and 10 per address within an hour.

const { db, dir } = tempDb();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const { perAccount, perAddress, windowMs } = loginThrottle.limits;

describe("login throttle", () => {
  const t0 = new Date("2027-01-10T10:00:00Z");

  it("has the limits the issue asks for", () => {
    expect(loginThrottle.limits).toMatchObject({ perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 });
    expect(signUpThrottle.limits).toMatchObject({ perAccount: 3, perAddress: 10, windowMs: 60 * 60 * 1000 });
  });

  it("blocks an account after 5 failures, case-insensitively, until they leave the window", () => {
    const keys = { email: "Anna@example.dk", ip: "10.0.0.1" };
    for (let i = 0; i < perAccount - 1; i++) loginThrottle.record(db, keys, t0);
    expect(loginThrottle.isThrottled(db, keys, t0)).toBe(false);
    loginThrottle.record(db, keys, t0);
    expect(loginThrottle.isThrottled(db, { email: "anna@example.dk", ip: "10.9.9.9" }, t0)).toBe(true);
    expect(loginThrottle.isThrottled(db, { email: "other@example.dk", ip: "10.0.0.1" }, t0)).toBe(false);
    expect(loginThrottle.isThrottled(db, keys, new Date(t0.getTime() + windowMs + 1))).toBe(false);
  });

  it("blocks an address after 20 failures across many accounts", () => {
    for (let i = 0; i < perAddress; i++) loginThrottle.record(db, { email: `u${i}@example.dk`, ip: "10.0.0.2" }, t0);
    expect(loginThrottle.isThrottled(db, { email: "new@example.dk", ip: "10.0.0.2" }, t0)).toBe(true);
    expect(loginThrottle.isThrottled(db, { email: "new@example.dk", ip: "10.0.0.3" }, t0)).toBe(false);
  });

  it("a successful log-in clears the account's failures", () => {
    const keys = { email: "bo@example.dk", ip: "10.0.0.4" };
    for (let i = 0; i < perAccount; i++) loginThrottle.record(db, keys, t0);
    expect(loginThrottle.isThrottled(db, keys, t0)).toBe(true);
    loginThrottle.clear(db, keys);
    expect(loginThrottle.isThrottled(db, keys, t0)).toBe(false);
  });
});

describe("sign-up throttle", () => {
  const t0 = new Date("2027-01-11T10:00:00Z");

  it("is counted apart from log-ins, and the log-in throttle's clean-up keeps its longer window", () => {
    const keys = { email: "ny@example.dk", ip: "10.1.0.1" };
    for (let i = 0; i < signUpThrottle.limits.perAccount; i++) signUpThrottle.record(db, keys, t0);
    expect(signUpThrottle.isThrottled(db, keys, t0)).toBe(true);
    expect(loginThrottle.isThrottled(db, keys, t0)).toBe(false);
    // 30 minutes later a log-in failure prunes the log-in rows older than 15 minutes, not these.
    const later = new Date(t0.getTime() + 30 * 60 * 1000);
    loginThrottle.record(db, { email: "x@example.dk" }, later);
    expect(signUpThrottle.isThrottled(db, keys, later)).toBe(true);
    expect(signUpThrottle.isThrottled(db, keys, new Date(t0.getTime() + signUpThrottle.limits.windowMs + 1))).toBe(false);
  });
});
