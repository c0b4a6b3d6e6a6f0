import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { trackProcessGroup, untrackProcessGroup } from "./process-registry";

// Runs the operators' CLI (or a shell command line, such as the README's pipeline, or the server
// or Vitest) as a child process, the way an operator would, and kills it if it has not ended
// within `timeoutMs`.

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  user?: { uid: number; gid: number },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true, ...user });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} did not end within ${timeoutMs / 1000} s\n${stderr}`));
    }, timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `npm run indexer -- …args`, without npm in between; as another user if given (a test of a store that user may not write). */
export function runIndexer(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
  user?: { uid: number; gid: number },
): Promise<Ran> {
  return run(process.execPath, ["--import", "tsx", "cli/main.ts", ...args], { ...process.env, ...env }, timeoutMs, user);
}

/** `indexer import` of these feed lines (objects written as JSON) into the store at `dbFile`, from a file removed afterwards. */
export async function importLines(dbFile: string, lines: unknown[]): Promise<Ran> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-feed-"));
  try {
    const file = path.join(dir, "feed.ndjson");
    fs.writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    return await runIndexer(["import", file], { DATABASE_URL: dbFile });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The web server (`server.ts`) until it exits, e.g. because it refuses to start. */
export function runServer(env: Record<string, string>, timeoutMs = 120_000): Promise<Ran> {
  return run(process.execPath, ["--import", "tsx", "server.ts"], { ...process.env, ...env }, timeoutMs);
}

/** A command line in sh, in the repository's folder, e.g. a pipeline from the README. */
export function runShell(commandLine: string, env: Record<string, string>, timeoutMs = 120_000): Promise<Ran> {
  return run("sh", ["-c", commandLine], { ...process.env, ...env }, timeoutMs);
}

/** `vitest run …args` in a process of its own, without this run's Vitest variables (it is not a worker of ours). */
export function runVitest(args: string[], env: Record<string, string>, timeoutMs: number): Promise<Ran> {
  const own = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST"))) as NodeJS.ProcessEnv;
  return run(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", ...args], { ...own, ...env }, timeoutMs);
}

export interface RunningIndexer {
  child: ChildProcess;
  /** Standard output and error so far. */
  output: () => { stdout: string; stderr: string };
  /** Ends with its exit (a kill included). */
  done: Promise<Ran & { signal: NodeJS.Signals | null }>;
  /** SIGKILL to its process group, as a crash or `kill -9` would. */
  kill: () => void;
}

/**
 * Starts `npm run indexer -- …args` and returns at once, for a test that acts while it runs (and
 * may kill it); with `stdin`, the test writes its standard input (`child.stdin`).
 */
export function startIndexer(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
  stdin = false,
  /** A command that runs it, e.g. `unshare --pid --fork` to make it PID 1 of a namespace, as in a container. */
  wrapper: string[] = [],
): RunningIndexer {
  return startCommand([...wrapper, process.execPath, "--import", "tsx", "cli/main.ts", ...args], env, timeoutMs, stdin);
}

/** Starts a command in the repository's folder (a script of the deployment's, say) and returns at once; killed after `timeoutMs`. */
export function startCommand(command: string[], env: Record<string, string>, timeoutMs = 120_000, stdin = false): RunningIndexer {
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: [stdin ? "pipe" : "ignore", "pipe", "pipe"],
    detached: true,
  });
  trackProcessGroup(child.pid!);
  child.stdin?.on("error", () => {}); // a killed indexer's input breaks off (EPIPE)
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d));
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  const kill = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const timer = setTimeout(kill, timeoutMs);
  const done = new Promise<Ran & { signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      untrackProcessGroup(child.pid!);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, output: () => ({ stdout, stderr }), done, kill };
}
