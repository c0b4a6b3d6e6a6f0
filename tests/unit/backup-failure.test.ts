import { describe, expect, it } from "vitest";
import { BackupError } from "../../db/backup";
import { failureReason } from "../../cli/commands/backup";

// Why `backup` or `restore` failed, as the operator reads it (cli/commands/backup.ts).

const failure = (code: string, message = `${code}: something`) => Object.assign(new Error(message), { code });

describe("failureReason", () => {
  it("names a full disk and a read-only file system in Danish, from Node's and SQLite's codes", () => {
    expect(failureReason(failure("ENOSPC"))).toBe("disken er fuld");
    expect(failureReason(failure("SQLITE_FULL"))).toBe("disken er fuld");
    expect(failureReason(failure("EROFS", "EROFS: read-only file system, copyfile 'a' -> 'b'"))).toBe("filsystemet er skrivebeskyttet");
    expect(failureReason(failure("SQLITE_READONLY_DBMOVED"))).toBe("filsystemet er skrivebeskyttet");
  });

  it("says access was refused with the file named, and gives a backup's own reason as it is", () => {
    expect(failureReason(failure("EACCES", "EACCES: permission denied, open '/backups/x.db'"))).toBe(
      "adgang nægtet (EACCES: permission denied, open '/backups/x.db')",
    );
    expect(failureReason(new BackupError("x.db findes allerede"))).toBe("x.db findes allerede");
  });
});
