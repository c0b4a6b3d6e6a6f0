import pino, { type Logger } from "pino";

// The structured log (pino, docs/operations.md#logs): one JSON object a line in production
// (LOG_FORMAT=json), readable lines through pino-pretty in development. Lines carry no e-mail
// address, password, token, cookie or client address: callers log route patterns, ids, counts and
// times only; the redaction below is a net for a header object logged by mistake.

const REDACT = ["req.headers.cookie", "req.headers.authorization", "headers.cookie", "headers.authorization", "email", "password", "token"];

/** A message with every e-mail-shaped word as "[skjult]": for free text (a CLI error may name an account). */
export function withoutEmails(text: string): string {
  return text.replace(/[^\s"'<>()]+@[^\s"'<>()]+\.[^\s"'<>()]+/g, "[skjult]");
}

/** A logger writing to `fd` (1 standard output; the CLI uses 2 so its output stays pipeable). */
export function createLog(format: "json" | "pretty", fd: 1 | 2 = 1): Logger {
  const options = {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACT, censor: "[skjult]" },
  };
  if (format === "pretty") {
    return pino({
      ...options,
      transport: { target: "pino-pretty", options: { destination: fd, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } },
    });
  }
  return pino(options, pino.destination({ fd, sync: true }));
}
