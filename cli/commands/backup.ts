import type { Db } from "../../db/client";
import { backupStore, BackupError, restoreStore, StoreInUseError, type BackupFacts } from "../../db/backup";
import type { StoreUser } from "../../db/store-users";
import { formatCount } from "../../app/domain/format";
import { printable } from "../printable";

// `backup FILE` and `restore FILE` (docs/operations.md#backups). Exit status 0 done, 2 refused or
// failed (nothing changed: no half copy under FILE, the store left as it was).

const decimal = (n: number, digits = 1) => n.toLocaleString("da-DK", { maximumFractionDigits: digits, minimumFractionDigits: digits });

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${decimal(bytes / (1024 * 1024))} MB` : `${decimal(bytes / 1024)} kB`;
}

function printFacts(facts: BackupFacts): void {
  console.log(`  størrelse: ${size(facts.bytes)}`);
  console.log(`  generation: ${facts.generation}`);
  console.log(`  integritetstjek: ok`);
  console.log(
    `  indhold: ${formatCount(facts.accounts)} ${facts.accounts === 1 ? "konto" : "konti"}, ` +
      `${formatCount(facts.agents)} ${facts.agents === 1 ? "søgeagent" : "søgeagenter"}, ` +
      `${formatCount(facts.trips)} ${facts.trips === 1 ? "rejse" : "rejser"} til salg`,
  );
}

/** `backup FILE`: a consistent copy of the live store, checked, with its size and generation. */
export async function runBackup(db: Db, file: string): Promise<number> {
  const started = performance.now();
  try {
    const facts = await backupStore(db.$client, file);
    console.log(`Sikkerhedskopi gemt i ${printable(file)}`);
    printFacts(facts);
    console.log(`  tid: ${decimal((performance.now() - started) / 1000)} s`);
    return 0;
  } catch (error) {
    console.error(`Fejl: sikkerhedskopien blev ikke gemt: ${failureReason(error)}`);
    return 2;
  }
}

/** `restore FILE`: the backup in place of the store, when nothing uses the store. */
export function runRestore(store: string, file: string): number {
  try {
    const restored = restoreStore(store, file);
    console.log(`Databasen ${printable(store)} er gendannet fra ${printable(file)}`);
    if (restored.unreadable) console.log(`  Bemærk: ${printable(restored.unreadable)}.`);
    printFacts(restored);
    if (restored.aside) console.log(`Den tidligere database ligger i ${printable(restored.aside)} (slet den, når alt virker).`);
    console.log("Start serveren (og workeren) igen; de tager den gendannede database i brug ved start.");
    return 0;
  } catch (error) {
    if (error instanceof StoreInUseError) {
      console.error(`Fejl: databasen ${printable(store)} er i brug, så intet er gendannet:`);
      for (const user of error.users) console.error(`  - ${describeUser(user)}`);
      console.error(howToStop(error.users));
      return 2;
    }
    console.error(`Fejl: intet er gendannet: ${failureReason(error)}`);
    return 2;
  }
}

function describeUser(user: StoreUser): string {
  const where = `proces ${user.pid} på ${printable(user.host)}`;
  switch (user.kind) {
    case "server":
      return `en webserver (${where})`;
    case "indexer":
      return `indexer-kommandoen ${printable(user.command ?? "")} (${where})`;
    case "lease":
      return `${printable(user.key)} holdes af ${where}`;
  }
}

function howToStop(users: StoreUser[]): string {
  const lines = ["Stop dem først, og kør så restore igen:"];
  if (users.some((u) => u.kind === "server"))
    lines.push(
      "  webserveren: docker compose stop site worker, systemctl stop pistepris (og pistepris-notify.timer), eller Ctrl-C i dens terminal",
    );
  if (users.some((u) => u.kind !== "server"))
    lines.push(
      "  indexer-kommandoer: vent til de er færdige, eller stop dem med Ctrl-C eller kill PROCES (en stoppet import ændrer intet)",
    );
  return lines.join("\n");
}

/** Why a backup or restore failed, in Danish: the file system's usual refusals by name. */
export function failureReason(error: unknown): string {
  if (error instanceof BackupError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "SQLITE_FULL") return "disken er fuld";
  if (code === "EROFS" || code?.startsWith("SQLITE_READONLY")) return "filsystemet er skrivebeskyttet";
  if (code === "EACCES" || code === "EPERM" || code === "SQLITE_CANTOPEN") return `adgang nægtet (${(error as Error).message})`;
  return error instanceof Error ? error.message : String(error);
}
