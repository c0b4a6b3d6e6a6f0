import { and, eq, gt } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../../db/client";
import { accountTokens } from "../../../db/schema";

// The single-use links e-mailed to an account: a new password, a new e-mail address. The link
// carries a random token; the store keeps only its SHA-256, so a copy of the database opens no
// account. Issuing a link spends the account's older links of the same purpose, and using one
// spends them all.

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export type AccountToken = typeof accountTokens.$inferSelect;

type Tx = Pick<Db, "select" | "insert" | "delete">;

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A fresh random token (always made, also when nobody gets it, so both answers cost the same). */
export const newToken = () => randomBytes(32).toString("base64url");

/** Stores `token` for the account, replacing its earlier links of the same purpose. */
export function issueToken(
  tx: Tx,
  token: string,
  row: { userId: number; purpose: TokenPurpose; newEmail?: string; redirectTo?: string; now: Date; validMs: number },
): void {
  spendTokens(tx, row.userId, row.purpose);
  tx.insert(accountTokens)
    .values({
      tokenHash: tokenHash(token),
      purpose: row.purpose,
      userId: row.userId,
      newEmail: row.newEmail ?? null,
      redirectTo: row.redirectTo ?? null,
      createdAt: row.now,
      expiresAt: new Date(row.now.getTime() + row.validMs),
    })
    .run();
}

/** The unused, unexpired link of `purpose` that `token` is, if any. */
export function liveToken(db: Pick<Db, "select">, token: string, purpose: TokenPurpose, now: Date): AccountToken | undefined {
  if (!token || token.length > 100) return undefined;
  return db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash(token)), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, now)))
    .get();
}

/** Spends every link of `purpose` the account has. */
export function spendTokens(tx: Pick<Db, "delete">, userId: number, purpose: TokenPurpose): void {
  tx.delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
    .run();
}

/** Takes back one link (its e-mail could not be sent: a link nobody received must not stay usable). */
export function dropToken(db: Pick<Db, "delete">, token: string): void {
  db.delete(accountTokens)
    .where(eq(accountTokens.tokenHash, tokenHash(token)))
    .run();
}
