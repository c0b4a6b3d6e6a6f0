import cliProgress from "cli-progress";
import fs from "node:fs";
import type { Db } from "../../db/client";
import { formatCount } from "../../app/domain/format";
import { importFeed, UnusableFeedError, type ImportSummary } from "../import-feed";
import { reindexAfterImport } from "./reindex";
import { runNotify } from "./notify";
import type { Mailer } from "../../app/services/mail/transport.server";
import type { Config } from "../../app/utils/config.server";

/** `import FILE|-`: exit 0 when every line was valid, 1 when some were rejected, 2 when unusable. */
export async function runImport(
  db: Db,
  mailer: Mailer,
  source: string,
  config: Pick<Config, "searchEngine" | "typesense">,
): Promise<number> {
  let size = 0;
  if (source !== "-") {
    try {
      const stat = fs.statSync(source);
      if (!stat.isFile()) throw new Error();
      size = stat.size;
    } catch {
      console.error(`Fejl: kan ikke læse filen ${source}`);
      return 2;
    }
  }
  const input = source === "-" ? process.stdin : fs.createReadStream(source);
  const progress = createProgress(size);
  let summary: ImportSummary;
  try {
    summary = await importFeed(db, input, {
      onRejected: ({ lineNo, reason }) => {
        progress.interrupt(`Linje ${lineNo} afvist: ${reason}`);
      },
      onProgress: progress.update,
    });
  } catch (error) {
    progress.stop();
    if (error instanceof UnusableFeedError) {
      console.error(`Fejl: ${error.message}`);
      return 2;
    }
    throw error;
  }
  progress.stop();
  console.log(
    [
      `Importeret på ${summary.seconds.toLocaleString("da-DK", { maximumFractionDigits: 1 })} sekunder:`,
      `  tilføjet:      ${formatCount(summary.added)}`,
      `  opdateret:     ${formatCount(summary.updated)}`,
      `  uændret:       ${formatCount(summary.unchanged)}`,
      `  ikke udbudt:   ${formatCount(summary.unavailable)}`,
      `  afvist:        ${formatCount(summary.rejected)}`,
      `  indeksgeneration: ${summary.generation}`,
    ].join("\n"),
  );
  await reindexAfterImport(db, config);
  // The search agents hear of the new trips; a failed e-mail is reported but does not change the import's exit status.
  await runNotify(db, mailer).catch((error: unknown) =>
    console.error(`Fejl: søgeagenter: ${error instanceof Error ? error.message : String(error)}`),
  );
  return summary.rejected > 0 ? 1 : 0;
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
