import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { trackProcessGroup, untrackProcessGroup } from "./process-registry";

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
  /** The checkout whose built server runs (default this one), e.g. a worktree of an earlier commit for the bench's before and after. */
  root?: string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Longer than a cold start on a loaded machine (seeding included), shorter than the hook's timeout. */
const START_TIMEOUT_MS = 150_000;
const READY_LINE = /Pistepris kører på (http:\/\/\S+)/;

/**
 * Starts the built production server (run `npm run build` first), by default on a fresh database
 * that the server seeds itself with `demoTrips` demo trips, exactly as `npm start` does on first
 * run. It listens on a port the OS assigns (PORT=0) on 127.0.0.1, and the URL is the one it reports.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer & { pid: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-server-"));
  const dbFile = opts.dbFile ?? path.join(dir, "e2e.db");
  const outboxDir = path.join(dir, "outbox");
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
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
  });
  trackProcessGroup(child.pid!);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      await exited;
    }
    untrackProcessGroup(child.pid!);
  };

  let output = "";
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stdout!.on("data", (d: Buffer) => {
        output += d;
        const match = READY_LINE.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr!.on("data", (d: Buffer) => (output += d));
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`));
      });
    });
  } catch (error) {
    await kill();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    dbFile,
    outboxDir,
    stackTraces: () => stderr.split(/\n(?=\S)/).filter((entry) => /\n\s+at /.test(entry)),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, "SIGTERM");
        // A server that does not stop within 10 s is killed: nothing outlives the suite.
        const timer = setTimeout(() => void kill(), 10_000);
        await exited;
        clearTimeout(timer);
      }
      untrackProcessGroup(child.pid!);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
