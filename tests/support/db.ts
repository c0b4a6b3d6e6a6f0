import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { openDb, type Db } from "../../db/client";
import { importFeed } from "../../cli/import-feed";
import type { FeedLine } from "../../cli/feed-schema";

/** A fresh database file in a temporary folder, migrated. */
export function tempDb(): { db: Db; file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-"));
  const file = path.join(dir, "test.db");
  return { db: openDb(file), file, dir };
}

export function feedStream(lines: Iterable<FeedLine | string>): Readable {
  return Readable.from(
    (function* () {
      for (const line of lines) yield (typeof line === "string" ? line : JSON.stringify(line)) + "\n";
    })(),
  );
}

export async function importLines(db: Db, lines: Iterable<FeedLine | string>, now?: Date) {
  return importFeed(db, feedStream(lines), { now });
}
