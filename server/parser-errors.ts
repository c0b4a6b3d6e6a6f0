import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { texts } from "../app/domain/texts";

// A request Node's HTTP parser refuses before Express sees it (a request line or headers over
// 16 KB, bytes a URL may not hold, a request that does not arrive in time) gets Node's bare answer
// with an empty body. This one says why in Danish and carries the headers every response does
// (server/security-headers.ts): nothing on it may load or be framed. The connection then closes,
// as Node's own answer closes it.

const ANSWERS: Record<string, { status: number; text: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, text: texts.errors.bodyTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: texts.errors.tooSlow },
};

/** The raw HTTP answer to a request the parser refused with this error code. */
function parserErrorAnswer(code: string | undefined, production: boolean): string {
  const { status, text } = (code && ANSWERS[code]) || { status: 400, text: texts.errors.badRequest };
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Cache-Control: no-store",
    "Connection: close",
    "Content-Security-Policy: default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Frame-Options: DENY",
    "X-Content-Type-Options: nosniff",
    "Referrer-Policy: strict-origin-when-cross-origin",
    ...(production ? ["Strict-Transport-Security: max-age=63072000; includeSubDomains"] : []),
  ];
  return `${headers.join("\r\n")}\r\n\r\n${text}`;
}

/** The server's `clientError` listener. */
export function answerParserErrors(production: boolean) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    // A client that went away, or a socket whose answer to an earlier request is still going out
    // (writing now would corrupt it): only close it, as Node does.
    const answering = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    socket.end(parserErrorAnswer(error.code, production));
  };
}
