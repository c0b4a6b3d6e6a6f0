import type { Db } from "../../db/client";
import { formatCount, formatDateTime } from "../../app/domain/format";
import { getImport, importsPage } from "../../app/services/imports/imports.server";
import { printable } from "../printable";

/** `imports [--limit N]`: the latest imports, newest first, with their counts per travel company. */
export function runImports(db: Db, limit: number): number {
  const { rows, total } = importsPage(db, 1, limit);
  if (rows.length === 0) console.log("Ingen importer endnu.");
  for (const row of rows) {
    const run = getImport(db, row.id)!;
    console.log(
      `#${run.id}  ${formatDateTime(run.at)}  ${printable(run.source)}  ${formatCount(run.lines)} linjer  ` +
        `tilføjet ${formatCount(run.added)}, opdateret ${formatCount(run.updated)}, uændret ${formatCount(run.unchanged)}, ` +
        `ikke udbudt ${formatCount(run.vanished)}, afvist ${formatCount(run.rejected)}, advarsler ${formatCount(run.warnings)}, ` +
        `${(run.durationMs / 1000).toLocaleString("da-DK", { maximumFractionDigits: 1 })} s` +
        (run.error ? `\n    MISLYKKEDES, intet importeret: ${printable(run.error)}` : ""),
    );
    for (const c of run.companies) {
      console.log(
        `    ${(c.slug === "" ? "(ukendt)" : printable(c.slug)).padEnd(20)} ${formatCount(c.lines).padStart(8)} linjer  +${formatCount(c.added)} ~${formatCount(c.updated)} =${formatCount(c.unchanged)} -${formatCount(c.vanished)}` +
          `  afvist ${formatCount(c.rejected)}, advarsler ${formatCount(c.warnings)}` +
          (c.stopped ? "  STOPPET" : ""),
      );
    }
  }
  if (total > rows.length) console.log(`(${formatCount(total - rows.length)} ældre; se dem alle på /drift/importer)`);
  return 0;
}
