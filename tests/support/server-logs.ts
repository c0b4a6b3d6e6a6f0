import fs from "node:fs";
import path from "node:path";

// The log of a whole browser-test run: every server a test launches appends its standard output
// and error to a file here, and the run's teardown (tests/e2e/support/global-setup.ts) searches
// them all for the tests' e-mail addresses and passwords, which no log line may hold
// (docs/operations.md#logs).

export const SERVER_LOGS_ENV = "PISTEPRIS_TEST_SERVER_LOGS";

/** Appends to this run's log of the server with process group `group`; nothing outside a browser-test run. */
export function serverLog(group: number): (chunk: Buffer | string) => void {
  const dir = process.env[SERVER_LOGS_ENV];
  if (!dir) return () => {};
  const file = path.join(dir, `server-${group}.log`);
  return (chunk) => fs.appendFileSync(file, chunk);
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A password as the tests spell one: `PASSWORD = "…"`, `password: "…"` (six characters or more; a stored "x" is no password). */
const PASSWORD = /\b(?:PASSWORD|password)\b\s*[=:]\s*"([^"]{6,})"/g;

/** Every password the browser tests type, from their sources. */
export function testPasswords(testsDir: string): string[] {
  const found = new Set<string>();
  for (const name of fs.readdirSync(testsDir, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".ts")) continue;
    for (const match of fs.readFileSync(path.join(testsDir, name), "utf8").matchAll(PASSWORD)) found.add(match[1]);
  }
  return [...found];
}

/** The lines of the logs in `dir` that name an e-mail address or one of `passwords`, as "file: line". */
export function personalDataInLogs(dir: string, passwords: string[]): string[] {
  const hits: string[] = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n")) {
      if (line.match(EMAIL) || passwords.some((p) => line.includes(p))) hits.push(`${name}: ${line.slice(0, 300)}`);
    }
  }
  return hits;
}
