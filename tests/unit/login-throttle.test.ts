import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loginThrottle, signUpThrottle } from "../../app/services/accounts/throttle.server";
import { tempDb } from "../support/db";

// The throttles: log-ins, 5 failures per account and 20 per address within 15 minutes;
// sign-ups, 3 per e-mail and 10 per address within an hour. An attempt is counted when it starts.

const { db, dir } = tempDb();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const { perAccount, perAddress, windowMs } = loginThrottle.limits;

describe("login throttle", () => {
  const t0 = new Date("2027-01-10T10:00:00Z");

  it("has the limits the issue asks for", () => {
    expect(loginThrottle.limits).toMatchObject({ perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 });
    expect(signUpThrottle.limits).toMatchObject({ perAccount: 3, perAddress: 10, windowMs: 60 * 60 * 1000 });
  });

  it("refuses an account's 6th attempt, case-insensitively, until the first ones leave the window", () => {
    const keys = { email: "Anna@example.dk", ip: "10.0.0.1" };
    for (let i = 0; i < perAccount; i++) expect(loginThrottle.attempt(db, keys, t0), `attempt ${i + 1}`).not.toBeNull();
    expect(loginThrottle.attempt(db, { email: "anna@example.dk", ip: "10.9.9.9" }, t0)).toBeNull();
    expect(loginThrottle.attempt(db, { email: "other@example.dk", ip: "10.0.0.1" }, t0)).not.toBeNull();
    expect(loginThrottle.attempt(db, keys, new Date(t0.getTime() + windowMs + 1))).not.toBeNull();
  });

  it("refuses an address after 20 attempts across many accounts", () => {
    for (let i = 0; i < perAddress; i++)
      expect(loginThrottle.attempt(db, { email: `u${i}@example.dk`, ip: "10.0.0.2" }, t0)).not.toBeNull();
    expect(loginThrottle.attempt(db, { email: "new@example.dk", ip: "10.0.0.2" }, t0)).toBeNull();
    expect(loginThrottle.attempt(db, { email: "new@example.dk", ip: "10.0.0.3" }, t0)).not.toBeNull();
  });

  it("a successful log-in clears the account's failures and takes back its own attempt from the address", () => {
    const keys = { email: "bo@example.dk", ip: "10.0.0.4" };
    for (let i = 0; i < perAccount - 1; i++) loginThrottle.attempt(db, keys, t0);
    const right = loginThrottle.attempt(db, keys, t0)!;
    expect(loginThrottle.attempt(db, keys, t0)).toBeNull();
    loginThrottle.clear(db, keys);
    loginThrottle.forgive(db, right);
    // The address has 4 failures left counted (of 20), the account none.
    for (let i = 0; i < perAddress - (perAccount - 1); i++)
      expect(loginThrottle.attempt(db, { email: `v${i}@example.dk`, ip: "10.0.0.4" }, t0)).not.toBeNull();
    expect(loginThrottle.attempt(db, keys, t0)).toBeNull();
  });
});

describe("sign-up throttle", () => {
  const t0 = new Date("2027-01-11T10:00:00Z");

  it("is counted apart from log-ins, and the log-in throttle's clean-up keeps its longer window", () => {
    const keys = { email: "ny@example.dk", ip: "10.1.0.1" };
    for (let i = 0; i < signUpThrottle.limits.perAccount; i++) signUpThrottle.attempt(db, keys, t0);
    expect(signUpThrottle.attempt(db, keys, t0)).toBeNull();
    expect(loginThrottle.attempt(db, keys, t0)).not.toBeNull();
    // 30 minutes later a log-in attempt prunes the log-in rows older than 15 minutes, not these.
    const later = new Date(t0.getTime() + 30 * 60 * 1000);
    loginThrottle.attempt(db, { email: "x@example.dk" }, later);
    expect(signUpThrottle.attempt(db, keys, later)).toBeNull();
    expect(signUpThrottle.attempt(db, keys, new Date(t0.getTime() + signUpThrottle.limits.windowMs + 1))).not.toBeNull();
  });
});
