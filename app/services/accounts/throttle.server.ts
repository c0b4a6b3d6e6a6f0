import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginAttempts } from "../../../db/schema";

// Throttles over the `login_attempts` table: attempts are counted per account (e-mail) and per
// address over a window; once either count reaches its limit, further attempts for that account
// or from that address are refused (before any password is checked or e-mail sent) until old
// attempts leave the window. An attempt is counted when it starts, in the same transaction as the
// check, so attempts made in parallel cannot all pass a check that none of them has counted yet.

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

/** A counted attempt: its rows, to take back when it turns out fine (a right password). */
export interface Attempt {
  ids: number[];
}

/** Every throttle's name: an account's rows in all of them go when it is deleted. */
const names: string[] = [];

export function createThrottle(limits: ThrottleLimits) {
  names.push(limits.name);
  const keysOf = ({ email, ip }: ThrottleKeys) => ({
    account: `${limits.name}:email:${email.trim().toLowerCase()}`,
    address: ip ? `${limits.name}:ip:${ip}` : undefined,
  });
  const attempts = (db: Pick<Db, "select">, key: string, since: Date) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, since)))
      .get()?.n ?? 0;

  return {
    limits,
    /**
     * Counts an attempt for the account and the address, unless either is at its limit (then null).
     * Check and count are one immediate transaction: atomic across requests and processes.
     */
    attempt(db: Db, keys: ThrottleKeys, now = new Date()): Attempt | null {
      const { account, address } = keysOf(keys);
      const since = new Date(now.getTime() - limits.windowMs);
      return db.transaction(
        (tx) => {
          if (attempts(tx, account, since) >= limits.perAccount) return null;
          if (address !== undefined && attempts(tx, address, since) >= limits.perAddress) return null;
          const rows = [{ key: account, at: now }];
          if (address) rows.push({ key: address, at: now });
          const ids = tx.insert(loginAttempts).values(rows).returning({ id: loginAttempts.id }).all();
          // Keep the table small: this throttle's attempts older than its window no longer count. (Keys
          // from `name:` up to `name;` are exactly this throttle's, ';' following ':'.)
          tx.delete(loginAttempts)
            .where(and(gte(loginAttempts.key, `${limits.name}:`), lt(loginAttempts.key, `${limits.name};`), lt(loginAttempts.at, since)))
            .run();
          return { ids: ids.map((r) => r.id) };
        },
        { behavior: "immediate" },
      );
    },
    /** Takes back an attempt that turned out fine, so it counts against neither the account nor the address. */
    forgive(db: Db, attempt: Attempt): void {
      if (attempt.ids.length) db.delete(loginAttempts).where(inArray(loginAttempts.id, attempt.ids)).run();
    },
    /** Forgets the account's attempts (the address's stay). */
    clear(db: Pick<Db, "delete">, keys: ThrottleKeys): void {
      db.delete(loginAttempts)
        .where(eq(loginAttempts.key, keysOf(keys).account))
        .run();
    },
  };
}

/** Log-ins: 5 failures per account and 20 per address in 15 minutes. A successful log-in clears the account's. */
export const loginThrottle = createThrottle({ name: "login", perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 });

/** Sign-ups (each sends an e-mail): 3 per e-mail and 10 per address in an hour. */
export const signUpThrottle = createThrottle({ name: "signup", perAccount: 3, perAddress: 10, windowMs: 60 * 60 * 1000 });

/** Links for a new password (each may send an e-mail): 5 per e-mail and 20 per address in an hour, known e-mail or not. */
export const passwordResetThrottle = createThrottle({ name: "reset", perAccount: 5, perAddress: 20, windowMs: 60 * 60 * 1000 });

/** An account's e-mail, a new one and its log-in's password (each may send an e-mail or check a password): 5 per account and 20 per address in an hour. */
export const accountChangeThrottle = createThrottle({ name: "account", perAccount: 5, perAddress: 20, windowMs: 60 * 60 * 1000 });

/** Forgets every throttle's attempts for `email` (a deleted account's address is kept nowhere). */
export function forgetEmail(db: Pick<Db, "delete">, email: string): void {
  const keys = names.map((name) => `${name}:email:${email.trim().toLowerCase()}`);
  db.delete(loginAttempts).where(inArray(loginAttempts.key, keys)).run();
}
