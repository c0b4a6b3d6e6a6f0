import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginAttempts } from "../../../db/schema";

// Throttles over the `login_attempts` table: attempts are counted per account (e-mail) and per
// address over a window; once either count reaches its limit, further attempts for that account
// or from that address are refused (before any password is checked or e-mail sent) until old
// attempts leave the window.

export interface ThrottleKeys {
  email: string;
  ip?: string;
}

export interface ThrottleLimits {
  /** Row key prefix, so the throttles sharing the table never count each other's attempts. */
  name: string;
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export function createThrottle(limits: ThrottleLimits) {
  const keysOf = ({ email, ip }: ThrottleKeys) => ({
    account: `${limits.name}:email:${email.trim().toLowerCase()}`,
    address: ip ? `${limits.name}:ip:${ip}` : undefined,
  });
  const attempts = (db: Db, key: string, since: Date) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, since)))
      .get()?.n ?? 0;

  return {
    limits,
    isThrottled(db: Db, keys: ThrottleKeys, now = new Date()): boolean {
      const { account, address } = keysOf(keys);
      const since = new Date(now.getTime() - limits.windowMs);
      if (attempts(db, account, since) >= limits.perAccount) return true;
      return address !== undefined && attempts(db, address, since) >= limits.perAddress;
    },
    record(db: Db, keys: ThrottleKeys, now = new Date()): void {
      const { account, address } = keysOf(keys);
      const rows = [{ key: account, at: now }];
      if (address) rows.push({ key: address, at: now });
      db.insert(loginAttempts).values(rows).run();
      // Keep the table small: this throttle's attempts older than its window no longer count. (Keys
      // from `name:` up to `name;` are exactly this throttle's, ';' following ':'.)
      const old = new Date(now.getTime() - limits.windowMs);
      db.delete(loginAttempts)
        .where(and(gte(loginAttempts.key, `${limits.name}:`), lt(loginAttempts.key, `${limits.name};`), lt(loginAttempts.at, old)))
        .run();
    },
    /** Forgets the account's attempts (the address's stay). */
    clear(db: Db, keys: ThrottleKeys): void {
      db.delete(loginAttempts)
        .where(eq(loginAttempts.key, keysOf(keys).account))
        .run();
    },
  };
}

/** Failed log-ins: 5 per account and 20 per address in 15 minutes. A successful log-in clears the account's. */
export const loginThrottle = createThrottle({ name: "login", perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 });

/** Sign-ups (each sends an e-mail): 3 per e-mail and 10 per address in an hour. */
export const signUpThrottle = createThrottle({ name: "signup", perAccount: 3, perAddress: 10, windowMs: 60 * 60 * 1000 });
