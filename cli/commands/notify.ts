import type { Db } from "../../db/client";
import { formatCount } from "../../app/domain/format";
import type { Mailer } from "../../app/services/mail/transport.server";
import { notifyAgents, type NotifierSummary } from "../../app/services/agents/notify.server";
import { recordNotifyRun } from "../../app/services/agents/notify-runs.server";
import { runMaintenance } from "./maintenance";

/**
 * `notify`: e-mails every due search agent its new matching trips, then enforces the retention
 * (`maintenance`). Exit 0, or 1 when some e-mails could not be sent (they are retried next run).
 */
export async function runNotify(db: Db, mailer: Mailer, retentionMonths: number): Promise<number> {
  const at = new Date();
  let summary: NotifierSummary;
  try {
    summary = await notifyAgents(db, mailer, at);
  } catch (error) {
    // The dashboard shows the last run's outcome, a failed one too.
    recordNotifyRun(db, at, { error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  recordNotifyRun(db, at, summary);
  runMaintenance(db, retentionMonths);
  if (summary.locked) {
    console.log("Søgeagenter: en anden kørsel af notify er i gang; intet sendt.");
    return 0;
  }
  console.log(
    `Søgeagenter: ${formatCount(summary.agents)} ${summary.agents === 1 ? "agent" : "agenter"} fik besked om ` +
      `${formatCount(summary.trips)} ${summary.trips === 1 ? "ny rejse" : "nye rejser"} ` +
      (summary.drops ? `og ${formatCount(summary.drops)} prisfald ` : "") +
      `(${formatCount(summary.messages)} ${summary.messages === 1 ? "e-mail" : "e-mails"} via ${mailer.description})` +
      (summary.failed ? `; ${formatCount(summary.failed)} kunne ikke sendes og prøves igen` : ""),
  );
  return summary.failed > 0 ? 1 : 0;
}
