import type Database from "better-sqlite3";

// A scan of every table of a store for what it holds of one account: its e-mail anywhere in any
// column (as text, in any case), and its id in every column that refers to an account (a foreign
// key to users, a `user_id`, users.id itself). A small integer such as an id turns up by chance in
// unrelated numbers (ratings, counts, SQLite's own sqlite_sequence counter), so only the columns
// that can mean an account are searched for it.

export function accountTraces(sqlite: Database.Database, account: { id: number; email: string }): string[] {
  const hits: string[] = [];
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  for (const table of tables) {
    const columns = sqlite.prepare(`PRAGMA table_info(${quote(table)})`).all() as Array<{ name: string }>;
    const references = sqlite.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all() as Array<{ table: string; from: string }>;
    const accountColumns = new Set([
      ...references.filter((r) => r.table === "users").map((r) => r.from),
      ...columns.filter((c) => /(^|_)user_id$/.test(c.name)).map((c) => c.name),
      ...(table === "users" ? ["id"] : []),
    ]);
    for (const { name } of columns) {
      const col = quote(name);
      const withEmail = sqlite
        .prepare(`SELECT count(*) FROM ${quote(table)} WHERE instr(lower(CAST(${col} AS TEXT)), lower(?)) > 0`)
        .pluck()
        .get(account.email) as number;
      if (withEmail) hits.push(`${table}.${name}: ${withEmail} with the e-mail`);
      if (accountColumns.has(name)) {
        const withId = sqlite
          .prepare(`SELECT count(*) FROM ${quote(table)} WHERE ${col} = ?`)
          .pluck()
          .get(account.id) as number;
        if (withId) hits.push(`${table}.${name}: ${withId} with the id`);
      }
    }
  }
  return hits;
}
