import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

// A real SMTP server in the test process (the `smtp-server` package), collecting every message it
// accepts, with a minimal MIME reader for what nodemailer writes (multipart, quoted-printable or
// base64 parts, RFC 2047 headers). `stallNext()` makes it never answer a DATA, like a
// server that hangs, so a test can kill the client mid-message.

export interface ReceivedMail {
  raw: string;
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  to: string[];
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  /** Messages the server accepted (answered 250 to), in order. */
  messages: ReceivedMail[];
  /**
   * The first accepted message (from index `from` on, already there or still to come) that
   * `matches`; rejects after `timeoutMs` (for e-mails a server sends after it has answered).
   */
  waitFor(matches: (mail: ReceivedMail) => boolean, opts?: { from?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The DATA of the message after the next `skip` ones is read but never answered; resolves when it has started arriving. */
  stallNext(skip?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let stall: { skip: number; started: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let stalled = false;
      if (stall && stall.skip-- === 0) {
        stalled = true;
        stall.started();
        stall = null;
      }
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (stalled) return; // never answered
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push(
          parseMail(
            raw,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
        for (const wake of waiters) wake();
      });
    },
  });
  // A client killed mid-message resets its connection: expected here, not a test failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (matches, { from = 0, timeoutMs = 15_000 } = {}) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length - from} arrived)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stallNext: (skip = 0) => new Promise<void>((resolve) => (stall = { skip, started: resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? "" : raw.slice(cut).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
    );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const input = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    if (input[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(input[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (enc === "quoted-printable") return decodeQp(body);
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function parts(headers: Map<string, string>, body: string): Array<{ type: string; content: string }> {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary)
    return [{ type: type.split(";")[0].trim().toLowerCase(), content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith("--"))
    .flatMap((p) => {
      const inner = splitHeaders(p.replace(/^\r?\n/, ""));
      return parts(inner.headers, inner.body.replace(/\r?\n$/, ""));
    });
}

export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const all = parts(headers, body);
  return {
    raw,
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    to,
    text: all.find((p) => p.type === "text/plain")?.content ?? "",
    html: all.find((p) => p.type === "text/html")?.content ?? "",
  };
}

/** The trip ids a notification lists (its /ud/<id> links). */
export function tripIdsIn(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/\/ud\/([A-Za-z0-9._-]+)/g)].map((m) => decodeURIComponent(m[1]));
}
