import cliProgress from "cli-progress";
import fs from "node:fs";
import type { Db } from "../../db/client";
import { formatCount, formatSeconds } from "../../app/domain/format";
import { importFeed, UnusableFeedError, type CompanyPart, type ImportSummary } from "../import-feed";
import { StoreBusyError } from "../apply/lock";
import { importRecorder } from "../import-history";
import { readGeneration } from "../../db/generation";
import { reindexAfterImport } from "./reindex";
import { runNotify } from "./notify";
import type { Mailer } from "../../app/services/mail/transport.server";
import type { Config } from "../../app/utils/config.server";

type ImportConfig = Pick<Config, "searchEngine" | "typesense" | "retentionMonths">;

const percent = new Intl.NumberFormat("da-DK", { style: "percent", maximumFractionDigits: 1 });

/**
 * `import FILE|-`: exit 0 when every line was imported, 1 when some lines were rejected or a
 * company's part stopped, 2 when nothing could be imported. `maxRetireShare` (0 to 1) is how much
 * of a company's offers for sale may vanish in this import.
 */
export async function runImport(db: Db, mailer: Mailer, source: string, maxRetireShare: number, config: ImportConfig): Promise<number> {
  let size = 0;
  if (source !== "-") {
    try {
      const stat = fs.statSync(source);
      if (!stat.isFile()) throw new Error();
      size = stat.size;
    } catch {
      const reason = `kan ikke læse filen ${source}`;
      console.error(`Fejl: ${reason}`);
      importRecorder(source).fail(db, reason, readGeneration(db));
      return 2;
    }
  }
  // Read a file in 1 MB chunks: a thousand lines a read instead of sixty-odd.
  const input = source === "-" ? process.stdin : fs.createReadStream(source, { highWaterMark: 1024 * 1024 });
  const progress = createProgress(size);
  let summary: ImportSummary;
  let reportedApply = 0;
  let barDone = false;
  const history = importRecorder(source);
  try {
    summary = await importFeed(db, input, {
      maxRetireShare,
      onRejected: (r) => {
        history.onRejected(r);
        progress.interrupt(`Linje ${r.lineNo} afvist: ${r.reason}`);
      },
      onWarning: (w) => {
        history.onWarning(w);
        progress.interrupt(`Linje ${w.lineNo} advarsel: ${w.message}`);
      },
      onProgress: progress.update,
      onApply: (written, total) => {
        if (written === 0) {
          progress.stop();
          barDone = true;
          console.error(`Skriver ${formatCount(total)} ændrede tilbud i korte transaktioner …`);
        } else if (written - reportedApply >= 10_000 || (written === total && reportedApply < total)) {
          reportedApply = written;
          console.error(`${formatCount(written)} af ${formatCount(total)} tilbud skrevet`);
        }
      },
    });
  } catch (error) {
    progress.stop();
    if (error instanceof UnusableFeedError || error instanceof StoreBusyError) {
      console.error(`Fejl: ${error.message}`);
      history.fail(db, error.message, readGeneration(db), error instanceof UnusableFeedError ? error.lines : 0);
      return 2;
    }
    throw error;
  }
  if (!barDone) progress.stop();
  for (const part of summary.stopped) console.error(stoppedMessage(part, maxRetireShare));
  if (summary.retireHeld) {
    console.error("Nogle afviste linjer nævner intet tilbud (rejseselskab og id), så intet tilbud er taget af udbud i denne import.");
  }
  console.log(
    [
      `Importeret på ${formatSeconds(summary.seconds)}:`,
      `  tilføjet:      ${formatCount(summary.added)}`,
      `  opdateret:     ${formatCount(summary.updated)}`,
      `  uændret:       ${formatCount(summary.unchanged)}`,
      `  ikke udbudt:   ${formatCount(summary.unavailable)}`,
      `  afvist:        ${formatCount(summary.rejected)}`,
      `  advarsler:     ${formatCount(summary.warnings)}`,
      ...(summary.stopped.length ? [`  stoppet:       ${summary.stopped.map((p) => p.slug).join(", ")}`] : []),
      `  indeksgeneration: ${summary.generation}${summary.changed ? "" : " (uændret: intet at skifte)"}`,
    ].join("\n"),
  );
  history.save(db, summary);
  if (summary.changed) await reindexAfterImport(db, config);
  // The search agents hear of the new trips; a failed e-mail is reported but does not change the import's exit status.
  await runNotify(db, mailer, config.retentionMonths).catch((error: unknown) =>
    console.error(`Fejl: søgeagenter: ${error instanceof Error ? error.message : String(error)}`),
  );
  return summary.rejected > 0 || summary.stopped.length > 0 ? 1 : 0;
}

function stoppedMessage(part: CompanyPart, maxRetireShare: number): string {
  return (
    `Rejseselskabet ${part.slug} er ikke importeret: ${formatCount(part.vanishing)} af dets ${formatCount(part.live)} udbudte tilbud ` +
    `(${percent.format(part.vanishing / part.live)}) mangler i feedet, og højst ${percent.format(maxRetireShare)} må forsvinde i én import. ` +
    `Er feedet afkortet? Ellers importér det med --allow-retire, eller tag selskabet af udbud med indexer retire ${part.slug}.`
  );
}

interface Progress {
  update: (bytes: number, lines: number) => void;
  interrupt: (message: string) => void;
  stop: () => void;
}

/** A bar on a terminal; plain progress lines otherwise (logs, pipes, CI). */
function createProgress(totalBytes: number): Progress {
  if (process.stderr.isTTY && totalBytes > 0) {
    const bar = new cliProgress.SingleBar(
      { format: "Importerer [{bar}] {percentage}% · {lines} linjer", stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(totalBytes, 0, { lines: 0 });
    return {
      update: (bytes, lines) => bar.update(Math.min(bytes, totalBytes), { lines: formatCount(lines) }),
      interrupt: (message) => {
        process.stderr.write("\r\x1b[K" + message + "\n");
      },
      stop: () => bar.stop(),
    };
  }
  let lastReport = 0;
  return {
    update: (_bytes, lines) => {
      if (lines - lastReport >= 50_000) {
        lastReport = lines;
        console.error(`${formatCount(lines)} linjer læst`);
      }
    },
    interrupt: (message) => console.error(message),
    stop: () => {},
  };
}
