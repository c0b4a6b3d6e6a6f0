import type { Database } from "better-sqlite3";
import fs from "node:fs";

// Whether the store a process opened can take writes: still the file at its path, with its WAL
// beside it, and writable. A restore or a cleanup script can delete or replace the file under a
// running server: its connection keeps the unlinked file, so writes would be acknowledged and
// lost, and with the WAL gone the next writes corrupt the store. A read-only file or file system,
// or a full disk, fails every write. The server checks this before its writes and in /readyz
// (server/readiness.ts), and refuses writes with a 503 while there is a problem. A store another
// writer held for longer than the busy timeout (db/client.ts) refuses that one write the same way,
// but is not remembered: the next write waits its turn again.

export type StoreProblemKind = "read-only" | "full" | "io" | "busy" | "replaced" | "missing-wal";

export interface StoreProblem {
  kind: StoreProblemKind;
  /** One Danish line for the log and /readyz. */
  message: string;
}

interface FileId {
  dev: number;
  ino: number;
}

/** SQLite's result codes for a store that cannot take a write, by kind; anything else is not the store's problem. */
export function storeFailureKind(error: unknown): Extract<StoreProblemKind, "read-only" | "full" | "io"> | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return undefined;
  if (code.startsWith("SQLITE_READONLY")) return "read-only";
  if (code === "SQLITE_FULL") return "full";
  if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_CORRUPT") return "io";
  return undefined;
}

/** Whether a write gave up waiting for another writer's lock (SQLITE_BUSY after the busy timeout, or SQLITE_LOCKED). */
export function storeBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/** The Danish line for a failed write of the store's, or undefined when the error is not the store's. */
export function storeFailureMessage(file: string, error: unknown): string | undefined {
  const kind = storeBusy(error) ? "busy" : storeFailureKind(error);
  if (!kind) return undefined;
  return problemMessage(file, kind, error instanceof Error ? error.message : String(error));
}

function problemMessage(file: string, kind: StoreProblemKind, detail?: string): string {
  switch (kind) {
    case "read-only":
      return `Databasen ${file} kan ikke skrives (skrivebeskyttet fil eller filsystem)`;
    case "full":
      return `Databasen ${file} kan ikke skrives: disken er fuld`;
    case "busy":
      return `Databasen ${file} var optaget af en anden skrivning for længe; skrivningen er afvist og kan prøves igen`;
    case "io":
      return `Databasen ${file} kan ikke skrives: ${detail ?? "I/O-fejl"}`;
    case "replaced":
      return `Databasefilen ${file} er slettet eller skiftet ud, mens serveren kørte; skrivninger afvises, så intet havner i den gamle fil. Genstart serveren`;
    case "missing-wal":
      return `WAL-filen ${file}-wal er slettet, mens serveren kørte; skrivninger afvises, så databasen ikke ødelægges. Genstart serveren`;
  }
}

function idOf(file: string): FileId | undefined {
  try {
    const { dev, ino } = fs.statSync(file);
    return { dev, ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

const same = (a: FileId | undefined, b: FileId | undefined) => a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;

/** How long a failed write (a full disk, an I/O error) is believed before a write is tried again. */
const RECHECK_MS = 1_000;

export class StoreFile {
  readonly file: string;
  private readonly id: FileId | undefined;
  private readonly walId: FileId | undefined;
  /** A write that failed for the store's reason, until a probe write succeeds. */
  private failure: { problem: StoreProblem; at: number } | undefined;

  /** Notes which file (device and inode) the connection opened, and its WAL. */
  constructor(private readonly sqlite: Database) {
    this.file = sqlite.name;
    this.id = sqlite.memory ? undefined : idOf(this.file);
    this.walId = sqlite.memory ? undefined : idOf(`${this.file}-wal`);
  }

  /**
   * Why the store must not be written now, or undefined: the file replaced or its WAL gone (two
   * stat calls, cheap enough before every write), or a recent write that failed (a read-only store,
   * a full disk), tried again with a real write at most once a second.
   */
  problem(): StoreProblem | undefined {
    const moved = this.moved();
    if (moved) return moved;
    if (this.failure && Date.now() - this.failure.at >= RECHECK_MS) this.probe();
    return this.failure?.problem;
  }

  /**
   * A write failed: remembers it when it was the store's (read-only, full, I/O) and returns why; a
   * busy store's reason is returned but not remembered; undefined for any other error.
   */
  failed(error: unknown): StoreProblem | undefined {
    if (storeBusy(error)) return { kind: "busy", message: problemMessage(this.file, "busy") };
    const kind = storeFailureKind(error);
    if (!kind) return undefined;
    const problem = { kind, message: problemMessage(this.file, kind, error instanceof Error ? error.message : String(error)) };
    this.failure = { problem, at: Date.now() };
    return problem;
  }

  /** Reads and writes the store (a row in meta), as /readyz asks; the problem if either fails. */
  probe(): StoreProblem | undefined {
    const moved = this.moved();
    if (moved) return moved;
    try {
      this.sqlite.prepare("SELECT count(*) FROM meta").get();
      this.sqlite
        .prepare("INSERT INTO meta (key, value) VALUES ('store_probe', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .run(String(Date.now()));
      this.failure = undefined;
      return undefined;
    } catch (error) {
      const problem = this.failed(error);
      if (!problem) throw error;
      return problem;
    }
  }

  /** Whether the file (and its WAL) at the path are still the ones opened. */
  private moved(): StoreProblem | undefined {
    if (!this.id) return undefined;
    if (!same(idOf(this.file), this.id)) return { kind: "replaced", message: problemMessage(this.file, "replaced") };
    if (this.walId && !same(idOf(`${this.file}-wal`), this.walId)) {
      const kind = fs.existsSync(`${this.file}-wal`) ? "replaced" : "missing-wal";
      return { kind, message: problemMessage(this.file, kind) };
    }
    return undefined;
  }
}
