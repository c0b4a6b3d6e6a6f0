import fs from "node:fs";
import type { Db } from "../../db/client";

// One writer of offers at a time (import, retire, catalogue set, the server's first demo load).
// The lock is a file beside the database, not a row in it: a killed import must leave the store
// exactly as it was, and a lock whose process is gone is taken over.

/** Another indexer command is writing offers to the same database (exit status 2). */
export class StoreBusyError extends Error {}

/** Takes the lock; call the returned function to release it. In-memory databases need none. */
export function lockOffers(db: Db): () => void {
  const file = db.$client.name;
  if (db.$client.memory || !file) return () => {};
  const lockFile = `${file}.indexer-lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (isRunning(holder)) {
        throw new StoreBusyError(`En anden indexer-kommando (proces ${holder}) skriver til databasen; prøv igen, når den er færdig.`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new StoreBusyError(`Kan ikke tage låsen ${lockFile}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
