import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH } from "./browser";
import { killTracked, REGISTRY_ENV } from "../../support/process-registry";
import { personalDataInLogs, SERVER_LOGS_ENV, testPasswords } from "../../support/server-logs";

// Once per browser-test run: fail at once, in one line, when there is no browser to drive; and
// at the end, end any server a test left running, and fail the run if any server's log named a
// test's e-mail address or password (tests/support/server-logs.ts).

export default function setup() {
  try {
    fs.accessSync(CHROMIUM_PATH, fs.constants.X_OK);
  } catch {
    console.error(
      `\nChromium findes ikke på ${CHROMIUM_PATH}: installér den med \`sudo apt-get install chromium\`, eller sæt CHROMIUM_PATH til en Chromium-binær.\n`,
    );
    process.exit(1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-processes-"));
  process.env[REGISTRY_ENV] = dir;
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-server-logs-"));
  process.env[SERVER_LOGS_ENV] = logs;
  return () => {
    const left = killTracked(dir);
    if (left > 0) console.warn(`${left} testserver(e) kørte stadig efter testene og blev stoppet.`);
    fs.rmSync(dir, { recursive: true, force: true });
    const hits = personalDataInLogs(logs, testPasswords(path.resolve(import.meta.dirname, "..")));
    fs.rmSync(logs, { recursive: true, force: true });
    if (hits.length)
      throw new Error(`the servers' logs name an e-mail address or a password (docs/operations.md#logs):\n${hits.join("\n")}`);
  };
}
