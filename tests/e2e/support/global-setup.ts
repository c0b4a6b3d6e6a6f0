import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH } from "./browser";
import { killTracked, REGISTRY_ENV } from "../../support/process-registry";

// Once per browser-test run: fail at once, in one line, when there is no browser to drive; and
// at the end, end any server a test left running.

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
  return () => {
    const left = killTracked(dir);
    if (left > 0) console.warn(`${left} testserver(e) kørte stadig efter testene og blev stoppet.`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
