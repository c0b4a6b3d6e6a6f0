import fs from "node:fs";
import path from "node:path";

// Every server a test starts is noted here (its process group, one file each) until it is stopped;
// the suite's teardown (global-setup.ts) kills whatever is left, e.g. after a worker crashed or a
// hook timed out, so nothing of the project keeps running after the suite.

export const REGISTRY_ENV = "PISTEPRIS_TEST_PROCESSES";

function registry(): string | undefined {
  return process.env[REGISTRY_ENV];
}

export function trackProcessGroup(pgid: number): void {
  const dir = registry();
  if (dir) fs.writeFileSync(path.join(dir, String(pgid)), "");
}

export function untrackProcessGroup(pgid: number): void {
  const dir = registry();
  if (dir) fs.rmSync(path.join(dir, String(pgid)), { force: true });
}

/** Kills every process group still noted in `dir`; returns how many were still there. */
export function killTracked(dir: string): number {
  let killed = 0;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    try {
      process.kill(-Number(name), "SIGKILL");
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}
