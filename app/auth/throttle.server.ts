import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { loginAttempts } from "../../db/schema";

// The login throttle: failed log-ins are counted per account and per address over a window; once
// either count reaches its limit, log-ins for that account or from that address are refused
// (without checking the password) until old failures leave the window.

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export interface ThrottleKeys {
  email: string;
  ip?: string;
}

const keysOf = ({ email, ip }: ThrottleKeys) => ({ account: `email:${email.trim().toLowerCase()}`, address: ip ? `ip:${ip}` : undefined });

function failures(db: Db, key: string, since: Date): number {
  return db.select({ n: count() }).from(loginAttempts).where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, since))).get()?.n ?? 0;
}

export function isThrottled(keys: ThrottleKeys, db: Db = getDb(), now = new Date()): boolean {
  const { account, address } = keysOf(keys);
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  if (failures(db, account, since) >= MAX_FAILURES_PER_ACCOUNT) return true;
  return address !== undefined && failures(db, address, since) >= MAX_FAILURES_PER_ADDRESS;
}

export function recordFailure(keys: ThrottleKeys, db: Db = getDb(), now = new Date()): void {
  const { account, address } = keysOf(keys);
  const rows = [{ key: account, at: now }];
  if (address) rows.push({ key: address, at: now });
  db.insert(loginAttempts).values(rows).run();
  // Keep the table small: failures older than the window no longer count.
  db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - THROTTLE_WINDOW_MS))).run();
}

/** A successful log-in forgets the account's failures (the address's stay). */
export function clearFailures(keys: ThrottleKeys, db: Db = getDb()): void {
  const { account } = keysOf(keys);
  db.delete(loginAttempts).where(inArray(loginAttempts.key, [account])).run();
}
