import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { clearFailures, isThrottled, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, recordFailure, THROTTLE_WINDOW_MS } from "../../app/auth/throttle.server";
import { tempDb } from "../support/db";

// The login throttle (issue 6): 5 failures per account and 20 per address within 15 minutes.

const { db, dir } = tempDb();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("login throttle", () => {
  const t0 = new Date("2027-01-10T10:00:00Z");

  it("blocks an account after 5 failures, case-insensitively, until they leave the window", () => {
    const keys = { email: "Anna@example.dk", ip: "10.0.0.1" };
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) recordFailure(keys, db, t0);
    expect(isThrottled(keys, db, t0)).toBe(false);
    recordFailure(keys, db, t0);
    expect(isThrottled({ email: "anna@example.dk", ip: "10.9.9.9" }, db, t0)).toBe(true);
    expect(isThrottled({ email: "other@example.dk", ip: "10.0.0.1" }, db, t0)).toBe(false);
    expect(isThrottled(keys, db, new Date(t0.getTime() + THROTTLE_WINDOW_MS + 1))).toBe(false);
  });

  it("blocks an address after 20 failures across many accounts", () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) recordFailure({ email: `u${i}@example.dk`, ip: "10.0.0.2" }, db, t0);
    expect(isThrottled({ email: "new@example.dk", ip: "10.0.0.2" }, db, t0)).toBe(true);
    expect(isThrottled({ email: "new@example.dk", ip: "10.0.0.3" }, db, t0)).toBe(false);
  });

  it("a successful log-in clears the account's failures", () => {
    const keys = { email: "bo@example.dk", ip: "10.0.0.4" };
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) recordFailure(keys, db, t0);
    expect(isThrottled(keys, db, t0)).toBe(true);
    clearFailures(keys, db);
    expect(isThrottled(keys, db, t0)).toBe(false);
  });
});
