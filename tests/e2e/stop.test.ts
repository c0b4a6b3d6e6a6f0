import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../../db/client";
import { acquireLease } from "../../db/lease";
import { OFFERS_LOCK } from "../../cli/apply/lock";
import { texts } from "~/domain/texts";
import { runShell } from "../support/cli";
import { launchServer, type LaunchedServer } from "../support/server";
import { until } from "../support/until";

// Health and a clean stop, on the built server: /healthz answers while the process runs; /readyz
// answers 503 until the engine serves the store, 200 then, and 503 again once a stop begins. On
// SIGTERM the server stops accepting connections, lets the requests in flight finish (a sign-up
// whose form arrives slowly, as over a poor mobile connection), checkpoints and closes the store,
// and exits 0 within the grace period; what is not done by then is cut off.

const launched: LaunchedServer[] = [];
afterAll(async () => {
  for (const server of launched) {
    await server.kill();
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
});

function launch(opts: Parameters<typeof launchServer>[0] = {}): LaunchedServer {
  const server = launchServer({ demoTrips: 400, ...opts });
  launched.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET on a keep-alive agent (one connection, reused). */
function get(url: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

/** Reads from a raw socket until `pattern` has arrived. */
function readUntil(socket: net.Socket, pattern: RegExp, seen: { text: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(seen.text)) return;
      socket.off("data", onData);
      resolve();
    };
    const onData = (d: Buffer) => {
      seen.text += d.toString("utf8");
      check();
    };
    socket.on("data", onData);
    socket.once("error", reject);
    check();
  });
}

/** The container's health check (Dockerfile, docker-compose.yml), as Docker runs it: its exit code. */
async function healthCheck(url: string): Promise<number | null> {
  return (await runShell("node scripts/healthcheck.mjs", { PORT: new URL(url).port }, 30_000)).code;
}

describe("/healthz and /readyz", () => {
  it("answer 200 and 503 while the server starts (its demo load waits for another command's lock), then both 200, uncached and unlogged; the container's health check follows /readyz", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pistepris-stop-"));
    const dbFile = path.join(dir, "e2e.db");
    const db = openDb(dbFile);
    const lock = acquireLease(db, OFFERS_LOCK)!;
    const server = launch({ dir, dbFile });
    const url = await server.listening;
    await until("the start to wait for the lock", () => server.output().includes("venter på den"));

    const health = await get(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ alive: true });
    const starting = await get(`${url}/readyz`);
    expect(starting.status).toBe(503);
    expect(starting.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(starting.body)).toMatchObject({
      ready: false,
      checks: { server: "serveren starter", engine: "søgemaskinen er ikke bygget endnu" },
    });
    expect(await healthCheck(url)).toBe(1);

    lock.release();
    db.$client.close();
    await server.ready;
    for (let n = 0; n < 3; n++) {
      const ready = await get(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers["cache-control"]).toBe("no-store");
      expect(ready.headers["x-page-cache"]).toBeUndefined();
      expect(JSON.parse(ready.body)).toEqual({ ready: true, checks: { server: "ok", store: "ok", engine: "ok", search: "ok" } });
    }
    expect(await healthCheck(url)).toBe(0);
    // No line per request: /readyz is named once, in the line that says where the server listens.
    expect(server.output().match(/readyz/g)).toHaveLength(1);
    server.signal("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(await healthCheck(url)).toBe(1);
  });
});

describe("a clean stop", () => {
  it("on SIGTERM stops accepting, answers /readyz 503, lets a slow request finish with 200, closes the store and exits 0 within the grace period", async () => {
    const graceS = 30;
    const server = launch({ env: { STOP_GRACE_SECONDS: String(graceS) } });
    const url = await server.ready;
    const { hostname, port } = new URL(url);

    // A keep-alive connection the stop leaves open while requests are in flight.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${url}/readyz`, agent)).status).toBe(200);

    // A sign-up whose form comes slowly: the server has the request (it asked for the body) when the stop begins.
    const email = "langsom@example.dk";
    const body = `email=${encodeURIComponent(email)}`;
    const slow = net.connect(Number(port), hostname);
    const seen = { text: "" };
    slow.write(
      [
        "POST /konto/opret HTTP/1.1",
        `Host: ${hostname}:${port}`,
        `Origin: ${url}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
        "Expect: 100-continue",
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    await readUntil(slow, /^HTTP\/1\.1 100 Continue\r\n\r\n/, seen);
    slow.write(body.slice(0, 6));

    server.signal("SIGTERM");
    const stopAt = Date.now();
    await until("the stop to begin", () => server.output().includes("SIGTERM: serveren stopper"));

    // No new connections; the open one is answered, /readyz with 503, and told to close.
    await expect(get(`${url}/healthz`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    const stopping = await get(`${url}/readyz`, agent);
    expect(stopping.status).toBe(503);
    expect(stopping.headers.connection).toBe("close");
    expect(JSON.parse(stopping.body)).toMatchObject({ ready: false, checks: { server: "serveren stopper" } });
    expect(server.running()).toBe(true);

    // The rest of the form: the sign-up is answered as always.
    slow.write(body.slice(6));
    await new Promise((resolve) => slow.once("end", resolve).on("data", (d: Buffer) => (seen.text += d.toString("utf8"))));
    const answer = seen.text.slice(seen.text.indexOf("\r\n\r\n") + 4);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toContain(texts.account.checkEmailTitle);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAt).toBeLessThan(graceS * 1000);
    // Checkpointed and closed: the WAL is gone, and the sign-up is in the store.
    expect(fs.existsSync(`${server.dbFile}-wal`)).toBe(false);
    const db = openDb(server.dbFile);
    expect(db.$client.prepare("SELECT count(*) FROM pending_sign_ups WHERE email = ?").pluck().get(email)).toBe(1);
    db.$client.close();
    agent.destroy();
    slow.destroy();
  });

  it("cuts off a request still in flight when the grace period ends, and exits 0", async () => {
    const server = launch({ env: { STOP_GRACE_SECONDS: "1" } });
    const url = await server.ready;
    const { hostname, port } = new URL(url);
    const stuck = net.connect(Number(port), hostname);
    const seen = { text: "" };
    stuck.write(`POST /konto/opret HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n`);
    await readUntil(stuck, /100 Continue\r\n\r\n/, seen);
    const closed = new Promise((resolve) => stuck.once("close", resolve));
    stuck.on("error", () => {});
    server.signal("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await closed;
    expect(server.stderr()).toContain("Forespørgsler, der ikke var færdige efter 1 s (STOP_GRACE_SECONDS), blev afbrudt.");
  });
});
