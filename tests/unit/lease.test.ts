import { describe, expect, it } from "vitest";
import { acquireLease, readLease, releaseAllLeases } from "../../db/lease";
import { tempDb } from "../support/db";
import { until } from "../support/until";

// The leases in `meta` that let one process at a time write offers (the indexer lock), build the
// Typesense collection and run the notifier: known by a token and a heartbeat, held until released,
// taken over once the heartbeat has stopped. (tests/integration/indexer-lock.test.ts and
// tests/e2e/restart.test.ts: real processes killed and stopped.)

/** A quick heartbeat, so a silence is seen in a fraction of a second. */
const QUICK = { everyMs: 20, staleAfterMs: 200 };

describe("a lease in meta", () => {
  const { db } = tempDb();
  const row = () => db.$client.prepare("SELECT value FROM meta WHERE key = 'test_lease'").pluck().get() as string | undefined;
  const write = (value: string) =>
    db.$client
      .prepare("INSERT INTO meta (key, value) VALUES ('test_lease', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run(value);

  it("has one holder, named by a token and not by its process id, until it is released", () => {
    const first = acquireLease(db, "test_lease");
    expect(first).not.toBeNull();
    expect(first!.tookOver).toBeUndefined();
    // The same process asking again is another holder: the process id proves nothing.
    expect(acquireLease(db, "test_lease")).toBeNull();
    expect(first!.holds()).toBe(true);
    expect(readLease(db, "test_lease")).toMatchObject({ pid: process.pid, token: expect.stringMatching(/^[\w-]{16}$/) });
    first!.release();
    expect(first!.holds()).toBe(false);
    expect(row()).toBeUndefined();
    const second = acquireLease(db, "test_lease");
    expect(second).not.toBeNull();
    second!.release();
  });

  it("keeps itself alive with its heartbeat for as long as the holder lives", async () => {
    const lease = acquireLease(db, "test_lease", QUICK)!;
    const taken = Date.now();
    // Well past the time a silent holder is taken over: the heartbeat has moved on.
    await until("heartbeats past the limit", () => readLease(db, "test_lease")!.beatAt > taken + 2 * QUICK.staleAfterMs, 5_000, 10);
    expect(acquireLease(db, "test_lease", QUICK)).toBeNull();
    expect(lease.holds()).toBe(true);
    lease.release();
  });

  it("keeps beating while the holder's main thread is busy (a long plan, a loaded machine): a busy holder is not a dead one", () => {
    // Limits long enough for a busy machine to schedule the beats' thread in time.
    const heartbeat = { everyMs: 50, staleAfterMs: 1_000 };
    const lease = acquireLease(db, "test_lease", heartbeat)!;
    const busyFrom = Date.now();
    // The main thread does not come up for air for more than twice the limit.
    while (Date.now() - busyFrom < 2.5 * heartbeat.staleAfterMs);
    expect(readLease(db, "test_lease")!.beatAt).toBeGreaterThan(busyFrom + heartbeat.staleAfterMs);
    expect(acquireLease(db, "test_lease", heartbeat)).toBeNull();
    lease.release();
  });

  it("is taken over once its holder's heartbeat has stopped, also when the holder had this very process id (PID 1 in a container)", () => {
    const lease = acquireLease(db, "test_lease")!;
    const holder = readLease(db, "test_lease")!;
    // The holder was killed 11 s ago: the row still says it holds, with our own process id.
    write(JSON.stringify({ ...holder, token: "killed-holder", beatAt: Date.now() - 11_000 }));
    expect(lease.holds()).toBe(false);
    const next = acquireLease(db, "test_lease");
    expect(next).not.toBeNull();
    expect(next!.tookOver).toMatchObject({ token: "killed-holder", pid: process.pid });
    next!.release();
    lease.release(); // releases nothing of another holder's
  });

  it("is not taken over while the heartbeat is younger than the limit, whatever host or process it names", () => {
    write(JSON.stringify({ token: "elsewhere", pid: 1, host: "another-host", beatAt: Date.now() - 1_000 }));
    expect(acquireLease(db, "test_lease")).toBeNull();
    write(JSON.stringify({ token: "elsewhere", pid: 1, host: "another-host", beatAt: Date.now() - 11_000 }));
    const next = acquireLease(db, "test_lease");
    expect(next).not.toBeNull();
    next!.release();
  });

  it("takes over a row an older version wrote (host|pid|nonce|until)", () => {
    write(`some-host|1|abc|${Date.now() + 600_000}`);
    const next = acquireLease(db, "test_lease");
    expect(next).not.toBeNull();
    next!.release();
  });

  it("stops beating once taken over, and a clean stop releases every lease the process holds", async () => {
    const frozen = acquireLease(db, "test_lease", QUICK)!;
    const beatAt = Date.now() + 60_000;
    write(JSON.stringify({ token: "new-holder", pid: 2, host: "h", beatAt }));
    // Its next beats find the row another's and leave it alone: seen once a lease taken after it
    // (its timer fires after the frozen one's) has beaten twice.
    const witness = acquireLease(db, "witness_lease", QUICK)!;
    const since = readLease(db, "witness_lease")!.beatAt;
    await until("two heartbeats of the witness", () => readLease(db, "witness_lease")!.beatAt > since + QUICK.everyMs, 5_000, 10);
    witness.release();
    expect(readLease(db, "test_lease")).toMatchObject({ token: "new-holder", beatAt });
    expect(frozen.holds()).toBe(false);
    db.$client.prepare("DELETE FROM meta WHERE key = 'test_lease'").run();

    const a = acquireLease(db, "test_lease")!;
    const b = acquireLease(db, "other_lease")!;
    releaseAllLeases();
    expect(a.holds() || b.holds()).toBe(false);
    expect(db.$client.prepare("SELECT count(*) FROM meta WHERE key IN ('test_lease', 'other_lease')").pluck().get()).toBe(0);
  });
});
