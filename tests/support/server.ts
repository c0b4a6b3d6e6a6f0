import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface TestServer {
  url: string;
  dbFile: string;
  /** Where the server writes its e-mails (.eml files), e.g. the sign-up confirmation links. */
  outboxDir: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  demoTrips?: number;
  /** Extra environment for the server process, e.g. MAP_TILE_URL. */
  env?: Record<string, string>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Starts the built production server (run `npm run build` first) on a fresh database that the
 * server seeds itself with `demoTrips` demo trips, exactly as `npm start` does on first run.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-e2e-"));
  const dbFile = path.join(dir, "e2e.db");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const outboxDir = path.join(dir, "outbox");
  const child: ChildProcess = spawn("npx", ["tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: dbFile,
      DEMO_TRIPS: String(opts.demoTrips ?? 4000),
      // The harness serves production over plain http: session cookies must not be Secure-only.
      COOKIE_SECURE: "false",
      OUTBOX_DIR: outboxDir,
      PUBLIC_URL: url,
      SMTP_URL: "",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/api/search`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dbFile,
    outboxDir,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, "SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
