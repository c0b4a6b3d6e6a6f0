import type { Db } from "../../db/client";
import { formatCount } from "../../app/domain/format";
import type { Mailer } from "../../app/services/mail/transport.server";
import { notifyAgents } from "../../app/services/agents/notify.server";

/** `notify`: e-mails every due search agent its new matching trips. Exit 0, or 1 when some e-mails could not be sent (they are retried next run). */
export async function runNotify(db: Db, mailer: Mailer): Promise<number> {
  const summary = await notifyAgents(db, mailer);
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
