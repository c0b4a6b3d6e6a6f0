import type { Db } from "../../db/client";
import { CLI_ACTOR } from "../../app/services/audit/audit.server";
import { listOperators, setOperator } from "../../app/services/ops/operators.server";
import { printable } from "../printable";

export const OPERATORS_USAGE = `operators add|remove E-MAIL      giv en konto adgang til driftssiderne (/drift), eller fjern den
  operators list                   vis driftsbrugerne`;

/** `operators add|remove EMAIL`: exit 0 done (or already so), 2 no account with that e-mail. */
export function runOperatorsSet(db: Db, email: string, operator: boolean): number {
  const outcome = setOperator(db, email, operator, CLI_ACTOR);
  const shown = printable(email);
  if (outcome === "no-account") {
    console.error(`Fejl: der er ingen konto med e-mailen ${shown}; personen skal først oprette en konto på siden.`);
    return 2;
  }
  if (outcome === "unchanged") console.log(operator ? `${shown} er allerede driftsbruger.` : `${shown} er ikke driftsbruger.`);
  else console.log(operator ? `${shown} er nu driftsbruger.` : `${shown} er ikke længere driftsbruger.`);
  return 0;
}

export function runOperatorsList(db: Db): number {
  const emails = listOperators(db);
  if (emails.length === 0) console.log("Ingen driftsbrugere.");
  for (const email of emails) console.log(printable(email));
  return 0;
}
