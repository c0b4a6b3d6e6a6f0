import { describe, expect, it } from "vitest";
import { acquireLease } from "../../db/lease";
import { tempDb } from "../support/db";

// The lease in `meta` that lets one process at a time build the Typesense collection (and run
// the notifier): held until released, taken over when it runs out or its holder is gone.

describe("a lease in meta", () => {
  const { db } = tempDb();
  const holder = () => db.$client.prepare("SELECT value FROM meta WHERE key = 'test_lease'").pluck().get() as string | undefined;

  it("has one holder until it is released", () => {
    const first = acquireLease(db, "test_lease", 60_000);
    expect(first).not.toBeNull();
    expect(acquireLease(db, "test_lease", 60_000)).toBeNull();
    expect(first!.renew()).toBe(true);
    first!.release();
    expect(holder()).toBeUndefined();
    const second = acquireLease(db, "test_lease", 60_000);
    expect(second).not.toBeNull();
    second!.release();
  });

  it("is taken over when it ran out, and the old holder learns it lost it", () => {
    const stale = acquireLease(db, "test_lease", 0)!;
    const next = acquireLease(db, "test_lease", 60_000);
    expect(next).not.toBeNull();
    expect(stale.renew()).toBe(false);
    stale.release(); // releases nothing of the new holder's
    expect(holder()).toBeDefined();
    next!.release();
  });

  it("is taken over at once when its holder on this host is gone", () => {
    const taken = acquireLease(db, "test_lease", 60_000)!;
    const [host, , nonce, until] = holder()!.split("|");
    db.$client.prepare("UPDATE meta SET value = ? WHERE key = 'test_lease'").run(`${host}|2147483646|${nonce}|${until}`);
    const next = acquireLease(db, "test_lease", 60_000);
    expect(next).not.toBeNull();
    expect(taken.renew()).toBe(false);
    next!.release();
  });

  it("is respected when held on another host until it runs out", () => {
    db.$client
      .prepare("INSERT INTO meta (key, value) VALUES ('test_lease', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run(`another-host|1|abc|${Date.now() + 60_000}`);
    expect(acquireLease(db, "test_lease", 60_000)).toBeNull();
    db.$client.prepare("UPDATE meta SET value = ? WHERE key = 'test_lease'").run(`another-host|1|abc|${Date.now() - 1}`);
    expect(acquireLease(db, "test_lease", 60_000)).not.toBeNull();
  });
});
