import "../app/utils/node-version.server";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDb, PAGE_CACHE_MB, type Db } from "../db/client";
import { storeFailureMessage } from "../db/store-file";
import { releaseAllLeases } from "../db/lease";
import { createMailer } from "../app/services/mail/transport.server";
import { ConfigError, publicUrlOf, readConfig, type Config } from "../app/utils/config.server";
import { runDemo } from "./commands/demo";
import { runImport } from "./commands/import";
import { runNotify } from "./commands/notify";
import { runBackup, runRestore } from "./commands/backup";
import { registerStoreUser } from "../db/store-users";
import { runMaintenance } from "./commands/maintenance";
import { createLog, withoutEmails } from "../app/utils/log.server";
import { runReindex } from "./commands/reindex";
import { runStats } from "./commands/stats";
import { runRetire } from "./commands/retire";
import { CATALOGUE_USAGE, runCatalogueSet, runCatalogueShow } from "./commands/catalogue";
import { runCatalogueImport } from "./commands/resort-facts";
import { DEFAULT_MAX_RETIRE_SHARE } from "./import-feed";
import { BANNERS_USAGE, runBanners } from "./commands/banners";
import { runImports } from "./commands/imports";
import { LANDING_USAGE, runLanding } from "./commands/landing";
import { OPERATORS_USAGE, runOperatorsList, runOperatorsSet } from "./commands/operators";

// The operators' CLI: `npm run indexer -- <command>`. Exit status 0 ok, 1 some lines rejected or
// a company's part stopped, 2 unusable input or usage error.

const USAGE = `Brug: npm run indexer -- <kommando>

Kommandoer:
  import FIL|- [--max-retire PCT | --allow-retire]
                                   importér et NDJSON-feed (- læser fra standard input); et rejseselskab, hvis
                                   udbudte tilbud forsvinder med mere end PCT % (standard ${DEFAULT_MAX_RETIRE_SHARE * 100}), springes over
  imports [--limit N]              de seneste importer (standard 20) med tal pr. rejseselskab
  retire SELSKAB                   tag alle et rejseselskabs tilbud af udbud
  ${CATALOGUE_USAGE}
  demo [--trips N] [--seed S] [--season ÅR] [--billeder URL] [--out FIL]
                                   skriv et demo-feed (standard: 50.000 rejser, til standard output)
  reindex                          genopbyg søgeindekset
  notify                           e-mail søgeagenterne deres nye rejser (SMTP_URL, ellers .eml-filer i OUTBOX_DIR), så maintenance
  maintenance                      slet det, privatlivssiden lover at slette (ubekræftede tilmeldinger, ubrugte links, udløbne
                                   log-ind, gamle forsøg, e-mail-loggen og talte klik ældre end RETENTION_MONTHS, som lægges sammen)
  ${OPERATORS_USAGE}
  ${BANNERS_USAGE}
  ${LANDING_USAGE}
  backup FIL                       tag en kontrolleret sikkerhedskopi af databasen, også mens serveren og en import kører
  restore FIL                      læg en sikkerhedskopi på databasens plads (kun når ingen server eller kommando bruger den)
  stats                            tal pr. rejseselskab og destination, indeksgeneration, bannere og klik pr. rejseselskab og partner`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "import": {
      const { positionals, values } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { "max-retire": { type: "string" }, "allow-retire": { type: "boolean", default: false } },
      });
      if (positionals.length !== 1) return usage("import kræver præcis én fil eller -");
      if (values["allow-retire"] && values["max-retire"] !== undefined) return usage("brug enten --max-retire eller --allow-retire");
      const percent = values["allow-retire"]
        ? 100
        : values["max-retire"] === undefined
          ? DEFAULT_MAX_RETIRE_SHARE * 100
          : Number(values["max-retire"]);
      if (!(Number.isFinite(percent) && percent >= 0 && percent <= 100)) return usage("--max-retire skal være et tal fra 0 til 100");
      const config = loadConfig();
      return runImport(openStore(config.databasePath, { create: true }), mailerOf(config), positionals[0], percent / 100, config);
    }
    case "retire": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true });
      if (positionals.length !== 1) return usage("retire kræver præcis ét rejseselskab (dets slug)");
      const config = loadConfig();
      return runRetire(openStore(config.databasePath), positionals[0], config);
    }
    case "catalogue": {
      // No options here: every argument is a positional, also a value such as -3.5 (a longitude).
      const positionals = rest[0] === "--" ? rest.slice(1) : rest;
      const [action, kind, key, field, value] = positionals;
      const config = loadConfig();
      if (action === "show" && positionals.length === 3) return runCatalogueShow(openStore(config.databasePath), kind, key);
      if (action === "set" && positionals.length === 5)
        return runCatalogueSet(openStore(config.databasePath), kind, key, field, value, config);
      if (action === "import" && positionals.length === 2) return runCatalogueImport(openStore(config.databasePath), kind);
      return usage("catalogue show ART NØGLE, catalogue set ART NØGLE FELT VÆRDI eller catalogue import FIL");
    }
    case "demo": {
      const { values } = parseArgs({
        args: rest,
        options: {
          trips: { type: "string" },
          seed: { type: "string" },
          season: { type: "string" },
          billeder: { type: "string" },
          out: { type: "string" },
        },
      });
      const trips = values.trips === undefined ? 50_000 : Number(values.trips);
      const seed = values.seed === undefined ? 1 : Number(values.seed);
      const season = values.season === undefined ? undefined : Number(values.season);
      if (!Number.isInteger(trips) || trips < 1) return usage("--trips skal være et helt tal over 0");
      if (!Number.isInteger(seed)) return usage("--seed skal være et helt tal");
      if (season !== undefined && !(Number.isInteger(season) && season > 2000 && season < 3000))
        return usage("--season skal være et årstal");
      if (values.billeder !== undefined && !/^https?:\/\/[^/]+/.test(values.billeder))
        return usage("--billeder skal være en adresse, der begynder med http:// eller https://");
      const out = values.out ? await openForWriting(values.out) : process.stdout;
      if (typeof out === "string") return usage(out);
      await runDemo({ trips, seed, season, imageBase: values.billeder }, out);
      return 0;
    }
    case "reindex": {
      if (rest.length) return usage(`reindex tager ingen argumenter (fik ${rest.join(" ")})`);
      const config = loadConfig();
      return runReindex(openStore(config.databasePath), config);
    }
    case "operators": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true });
      const [action, email] = positionals;
      const config = loadConfig();
      if ((action === "add" || action === "remove") && positionals.length === 2)
        return runOperatorsSet(openStore(config.databasePath), email, action === "add");
      if (action === "list" && positionals.length === 1) return runOperatorsList(openStore(config.databasePath));
      return usage("operators add E-MAIL, operators remove E-MAIL eller operators list");
    }
    case "banners":
      return runBanners(storeWhenNeeded(), rest);
    case "landing":
      return runLanding(storeWhenNeeded(), rest);
    case "imports": {
      const { values } = parseArgs({ args: rest, options: { limit: { type: "string" } } });
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return usage("--limit skal være et helt tal fra 1 til 1000");
      return runImports(openStore(loadConfig().databasePath), limit);
    }
    case "stats":
      if (rest.length) return usage(`stats tager ingen argumenter (fik ${rest.join(" ")})`);
      return runStats(openStore(loadConfig().databasePath));
    case "notify": {
      if (rest.length) return usage(`notify tager ingen argumenter (fik ${rest.join(" ")})`);
      const config = loadConfig();
      return runNotify(openStore(config.databasePath), mailerOf(config), config.retentionMonths);
    }
    case "maintenance": {
      if (rest.length) return usage(`maintenance tager ingen argumenter (fik ${rest.join(" ")})`);
      const config = loadConfig();
      return runMaintenance(openStore(config.databasePath), config.retentionMonths);
    }
    case "backup": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true });
      if (positionals.length !== 1) return usage("backup kræver præcis én fil");
      return runBackup(openStore(loadConfig().databasePath), positionals[0]);
    }
    case "restore": {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true });
      if (positionals.length !== 1) return usage("restore kræver præcis én fil");
      return runRestore(loadConfig().databasePath, positionals[0]);
    }
    case undefined:
    case "help":
    case "--help":
      console.log(USAGE);
      return 0;
    default:
      return usage(`ukendt kommando: ${command}`);
  }
}

/** The configuration (DATABASE_URL, the mail settings); a bad variable ends the command with its message. */
function loadConfig(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Fejl: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

/** The store the command works on, noted for a Danish message if it cannot be written (below). */
let storePath: string | undefined;

/**
 * Opens the store; only `import` may create one (openDb refuses a missing store otherwise). The
 * command is a user of the store until it ends (db/store-users.ts: `restore` waits for it).
 */
function openStore(file: string, { create = false } = {}) {
  storePath = file;
  const db = openDb(file, PAGE_CACHE_MB.indexer, { create });
  registerStoreUser(db, "indexer", process.argv[2]);
  return db;
}

/** The store, opened only once a command has found its arguments good: a wrong argument is named before a missing store. */
function storeWhenNeeded(): () => Db {
  let db: Db | undefined;
  return () => (db ??= openStore(loadConfig().databasePath));
}

const mailerOf = (config: Config) => createMailer(config.mail, publicUrlOf(config));

/** A file to write to, or why it cannot be written, in Danish. */
function openForWriting(file: string): Promise<fs.WriteStream | string> {
  return new Promise((resolve) => {
    const stream = fs.createWriteStream(file);
    stream.once("open", () => resolve(stream));
    stream.once("error", (error: NodeJS.ErrnoException) => resolve(`kan ikke skrive til ${file}: ${fileProblem(error)}`));
  });
}

function fileProblem(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "mappen findes ikke";
    case "EACCES":
    case "EPERM":
      return "adgang nægtet";
    case "EISDIR":
      return "det er en mappe";
    default:
      return error.message;
  }
}

/** Node's messages for arguments parseArgs refuses, in Danish. */
function argumentProblem(error: Error & { code?: string }): string | undefined {
  const option = /'(--?[\w-]+)/.exec(error.message)?.[1] ?? "";
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `ukendt tilvalg: ${option}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `uventet argument: ${/'([^']*)'/.exec(error.message)?.[1] ?? ""}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return /ambiguous/.test(error.message)
        ? `${option} mangler en værdi (en værdi, der begynder med -, skrives ${option}=VÆRDI)`
        : `${option} mangler en værdi`;
    default:
      return undefined;
  }
}

function usage(problem: string): number {
  console.error(`Fejl: ${problem}\n\n${USAGE}`);
  return 2;
}

// With LOG_FORMAT=json the command's errors (its "Fejl: …" lines) also go to the log as JSON lines
// on standard error, for a log collector; the Danish lines stay as they are (docs/operations.md#logs).
if (process.env.LOG_FORMAT === "json") {
  const log = createLog("json", 2);
  const human = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    human(...args);
    const text = args.map(String).join(" ");
    // An error may name an account's e-mail (operators add): the log gets it without.
    if (text.startsWith("Fejl: "))
      log.error({ command: process.argv[2] ?? "" }, withoutEmails(text.slice("Fejl: ".length).split("\n\nBrug:")[0]));
  };
}

// Ctrl-C, or a process manager's SIGTERM: the lock and leases the command holds are released at
// once, so the next command need not wait for them to turn stale (what a stopped import wrote is
// never live: docs/feed.md), and it exits as the signal would have ended it.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    releaseAllLeases();
    process.exit(code);
  });
}

// Output piped into a reader that stops early (`indexer imports | head -1`): the rest is not wanted.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    releaseAllLeases();
    process.exitCode = code;
  },
  (error: unknown) => {
    releaseAllLeases();
    const problem = error instanceof Error ? argumentProblem(error) : undefined;
    if (problem) process.exitCode = usage(problem);
    else {
      // A store that cannot take the command's writes (read-only, full, an I/O error) is named in Danish, not in SQLite's English.
      const store = storePath === undefined ? undefined : storeFailureMessage(storePath, error);
      console.error(`Fejl: ${store ?? (error instanceof Error ? error.message : String(error))}`);
      process.exitCode = 2;
    }
  },
);
