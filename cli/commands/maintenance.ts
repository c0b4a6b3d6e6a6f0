import type { Db } from "../../db/client";
import { formatCount } from "../../app/domain/format";
import { enforceRetention, type RetentionSummary } from "../../app/services/retention/retention.server";

// `maintenance`: the retention the privacy page promises (app/services/retention/retention.server.ts).
// `notify` runs it too, after each run.

const n = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** One line of what was deleted and summed up. */
export function retentionLine(s: RetentionSummary, months: number): string {
  return (
    `Oprydning: slettet ${n(s.signUps, "ubekræftet tilmelding", "ubekræftede tilmeldinger")}, ${n(s.links, "ubrugt link", "ubrugte links")}, ` +
    `${n(s.sessions, "udløbet log-ind", "udløbne log-ind")}, ${n(s.guestSaves, "gemt rejse uden konto", "gemte rejser uden konto")}, ` +
    `${n(s.throttleRows, "gammelt forsøg", "gamle forsøg")} og ` +
    `${n(s.mailLog, "linje", "linjer")} i e-mail-loggen ældre end ${months} måneder; ` +
    `${n(s.countedRows, "talt visning eller klik", "talte visninger og klik")} ældre end ${months} måneder lagt sammen i ${n(s.countedInto, "række", "rækker")}.`
  );
}

export function runMaintenance(db: Db, retentionMonths: number): number {
  console.log(retentionLine(enforceRetention(db, { retentionMonths }), retentionMonths));
  return 0;
}
