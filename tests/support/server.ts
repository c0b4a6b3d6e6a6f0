import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { trackProcessGroup, untrackProcessGroup } from "./process-registry";
import { serverLog } from "./server-logs";

export interface TestServer {
  url: string;
  dbFile: string;
  /** Where the server writes its e-mails (.eml files), e.g. the sign-up confirmation links. */
  outboxDir: string;
  stop: () => Promise<void>;
  /** Every stack trace the server wrote to standard error: a client's mistake is one line, so each is a bug. */
  stackTraces: () => string[];
}

export interface ServerOptions {
  demoTrips?: number;
  /** An existing database to serve (kept at stop); by default a fresh one that the server seeds. */
  dbFile?: string;
  /** Extra environment for the server process, e.g. MAP_TILE_URL. */
  env?: Record<string, string>;
  /** The checkout whose build is served (the bench compares another commit's build); by default this one. */
  root?: string;
  /** Extra Node options for the server process, e.g. `--cpu-prof` (the bench's profile). */
  nodeArgs?: string[];
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Longer than a cold start on a loaded machine (seeding included), shorter than the hook's timeout. */
const START_TIMEOUT_MS = 150_000;
const READY_LINE = /Pistepris kører på (http:\/\/[^\s"]+)/;

/** A server process as launched, before it is ready: for tests of its start and stop. */
export interface LaunchedServer {
  /** The node process's id as this machine sees it (under `unshare`, the child of the unshare process). */
  pid: () => number;
  /** The process group (and the first process) that was spawned. */
  group: number;
  dir: string;
  dbFile: string;
  outboxDir: string;
  /** Resolves with its URL once it listens (it answers /healthz and /readyz from then on); rejects if it exits first. */
  listening: Promise<string>;
  /** Resolves with its URL once it serves; rejects if it exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Standard output and error so far, interleaved. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Whether it is still running. */
  running: () => boolean;
  /** Sends a signal to the node process only (a process manager's SIGTERM). */
  signal: (signal: NodeJS.Signals) => void;
  /** SIGKILL to the whole process group, as a crash or `docker kill` would; resolves once it is gone. */
  kill: () => Promise<void>;
}

export interface LaunchOptions extends ServerOptions {
  /** A command that runs it, e.g. `unshare --pid --fork --mount-proc` to make it PID 1 of a namespace, as in a container. */
  wrapper?: string[];
  /** Run as this user and group (a test of a store the server may not write, when the tests run as root). */
  user?: { uid: number; gid: number };
  /** The folder for a fresh database and the outbox (by default a new temporary one). */
  dir?: string;
}

const LISTENING_LINE = /Lytter på (http:\/\/[^\s"]+)/;

/** Launches the built production server as startServer does, and returns at once. */
export function launchServer(opts: LaunchOptions = {}): LaunchedServer {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-server-"));
  const dbFile = opts.dbFile ?? path.join(dir, "e2e.db");
  const outboxDir = path.join(dir, "outbox");
  const command = [...(opts.wrapper ?? []), process.execPath, ...(opts.nodeArgs ?? []), "--import", "tsx", "server.ts"];
  const child = spawn(command[0], command.slice(1), {
    cwd: opts.root ?? ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: dbFile,
      DEMO_TRIPS: String(opts.demoTrips ?? 4000),
      // The harness serves production over plain http: session cookies must not be Secure-only.
      COOKIE_SECURE: "false",
      OUTBOX_DIR: outboxDir,
      SMTP_URL: "",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping it ends everything it started.
    detached: true,
    ...opts.user,
  });
  const group = child.pid!;
  trackProcessGroup(group);
  let gone = false;
  let output = "";
  let stdout = "";
  let stderr = "";
  const log = serverLog(group);
  child.stdout!.on("data", (d: Buffer) => {
    output += d;
    stdout += d;
    log(d);
  });
  child.stderr!.on("data", (d: Buffer) => {
    output += d;
    stderr += d;
    log(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      gone = true;
      untrackProcessGroup(group);
      resolve({ code, signal });
    }),
  );
  // Awaited or not (a failed start rejects both), never an unhandled rejection.
  const line = (pattern: RegExp) => {
    const found = new Promise<string>((resolve, reject) => {
      const look = () => {
        const match = pattern.exec(output);
        if (match) resolve(match[1]);
        return match;
      };
      if (look()) return;
      const onData = () => {
        if (look()) child.stdout!.off("data", onData);
      };
      child.stdout!.on("data", onData);
      void exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`)));
    });
    found.catch(() => {});
    return found;
  };
  const pid = () => {
    if (!opts.wrapper?.length) return group;
    return Number(fs.readFileSync(`/proc/${group}/task/${group}/children`, "utf8").trim().split(/\s+/)[0]);
  };
  return {
    pid,
    group,
    dir,
    dbFile,
    outboxDir,
    listening: line(LISTENING_LINE),
    ready: line(READY_LINE),
    exited,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    running: () => !gone,
    signal: (signal) => process.kill(pid(), signal),
    kill: async () => {
      if (!gone) {
        try {
          process.kill(-group, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await exited;
    },
  };
}

/**
 * Starts the built production server (run `npm run build` first), by default on a fresh database
 * that the server seeds itself with `demoTrips` demo trips, exactly as `npm start` does on first
 * run. It listens on a port the OS assigns (PORT=0) on 127.0.0.1, and the URL is the one it reports.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer & { pid: number }> {
  const launched = launchServer(opts);
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s:\n${launched.output()}`)),
        START_TIMEOUT_MS,
      );
      launched.ready.then(
        (ready) => {
          clearTimeout(timer);
          resolve(ready);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error as Error);
        },
      );
    });
  } catch (error) {
    await launched.kill();
    fs.rmSync(launched.dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: launched.group,
    dbFile: launched.dbFile,
    outboxDir: launched.outboxDir,
    stackTraces: () =>
      launched
        .stderr()
        .split(/\n(?=\S)/)
        .filter((entry) => /\n\s+at /.test(entry)),
    stop: async () => {
      if (launched.running()) {
        process.kill(-launched.group, "SIGTERM");
        // A server that does not stop within 10 s is killed: nothing outlives the suite.
        const timer = setTimeout(() => void launched.kill(), 10_000);
        await launched.exited;
        clearTimeout(timer);
      }
      fs.rmSync(launched.dir, { recursive: true, force: true });
    },
  };
}
