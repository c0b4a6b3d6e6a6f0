import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { audited, type Actor } from "~/services/audit/audit.server";

// The operator role: an account flag that opens the dashboard (/drift), set from the CLI.

export type SetOperatorOutcome = "changed" | "unchanged" | "no-account";

/** Makes the account with `email` an operator (or not); the account must exist. */
export function setOperator(db: Db, email: string, operator: boolean, actor: Actor): SetOperatorOutcome {
  const normalised = email.trim().toLowerCase();
  const user = db.select({ id: users.id, isOperator: users.isOperator }).from(users).where(eq(users.email, normalised)).get();
  if (!user) return "no-account";
  if (user.isOperator === operator) return "unchanged";
  return audited(db, { actor, action: operator ? "operator.add" : "operator.remove", subject: normalised }, () => {
    db.update(users).set({ isOperator: operator }).where(eq(users.id, user.id)).run();
    return { before: { operator: user.isOperator }, after: { operator }, result: "changed" as const };
  });
}

export function listOperators(db: Db): string[] {
  return db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isOperator, true))
    .orderBy(asc(users.email))
    .all()
    .map((r) => r.email);
}

export function isOperator(db: Db, userId: number): boolean {
  return db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).get()?.isOperator ?? false;
}
