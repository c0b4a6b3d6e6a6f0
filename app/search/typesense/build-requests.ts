import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "typesense";

// The requests of a collection build (create, import, alias, drop), sent with the admin key. Like
// the official client's own import, none has a timeout of its own: Typesense keeps working on a
// request that takes long, and sending it again only adds to its work. Instead a health poll
// beside the request asks /health every second; any answer, even "not ready", means Typesense
// lives, and only when nothing at all has come back for TYPESENSE_IMPORT_TIMEOUT_MS is the request
// given up. A request that fails in a way that passes (a 5xx such as 503 "Not Ready or Lagging"
// while Typesense catches up on its writes, a lost or refused connection while it restarts, the
// silence) is sent again after a growing pause, for as long as BUILD_RETRY.forMs: longer than a
// lagging or restarting server needs. Imports are upserts, so a batch sent twice is harmless.

/** How a build's request is tried again. */
export interface RetryPolicy {
  /** The first pause; each next one is twice as long … */
  firstDelayMs: number;
  /** … up to this. */
  maxDelayMs: number;
  /** No new try once the request has failed for this long. */
  forMs: number;
}

export const BUILD_RETRY: RetryPolicy = { firstDelayMs: 500, maxDelayMs: 15_000, forMs: 5 * 60_000 };

const HEALTH_EVERY_MS = 1_000;
/**
 * The error codes of a request that reached no Typesense: refused, reset, timed out, or a name
 * that does not resolve (Docker's DNS drops a restarting container's name: ENOTFOUND, EAI_AGAIN).
 * A build sends such a request again (isPassing); a search reports Typesense unreachable (client.ts).
 */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** Typesense answered nothing, not even /health, for the allowed silence. */
export class SilentServerError extends Error {
  readonly code = "ETIMEDOUT";
  constructor(url: string, silenceMs: number) {
    super(`Typesense på ${url} har ikke svaret i ${silenceMs / 1000} s (timeout)`);
    this.name = "SilentServerError";
  }
}

/** The HTTP status of a failed request, if it got an answer. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { httpStatus?: unknown })?.httpStatus;
  return typeof status === "number" ? status : undefined;
}

/** Whether a failed request may succeed when sent again: Typesense busy, restarting or silent; not a refusal (4xx). */
export function isPassing(error: unknown): boolean {
  if (error instanceof SilentServerError) return true;
  const status = httpStatusOf(error);
  if (status !== undefined) return status >= 500;
  return NETWORK_ERROR_CODES.has(String((error as { code?: unknown })?.code ?? ""));
}

type Method = "get" | "post" | "put" | "delete";

export interface BuildRequestOptions {
  query?: Record<string, string | number>;
  /** A JSON body, or the text of an import (JSON lines). */
  body?: object | string;
}

export class BuildRequests {
  private readonly client: Client;
  private readonly healthClient: Client;
  private readonly healthEveryMs: number;

  constructor(
    readonly url: string,
    apiKey: string,
    /** TYPESENSE_IMPORT_TIMEOUT_MS. */
    readonly silenceMs: number,
    readonly retry: RetryPolicy = BUILD_RETRY,
    /** Told of every failure that is tried again, and how long until then. */
    private readonly onRetry: (error: unknown, delayMs: number) => void = () => {},
  ) {
    const options = { nodes: [{ url }], apiKey, numRetries: 0, cacheSearchResultsForSeconds: 0, logLevel: "silent" as const };
    this.healthEveryMs = Math.min(HEALTH_EVERY_MS, Math.max(50, silenceMs / 4));
    this.client = new Client({ ...options, connectionTimeoutSeconds: silenceMs / 1000 });
    this.healthClient = new Client({ ...options, connectionTimeoutSeconds: Math.min(5_000, silenceMs) / 1000 });
  }

  /** One request of the build, watched and tried again as the module says; throws its last failure. */
  async request<T>(method: Method, path: string, options: BuildRequestOptions = {}): Promise<T> {
    let failingSince: number | undefined;
    let delay = this.retry.firstDelayMs;
    for (;;) {
      try {
        return await this.watched<T>(method, path, options);
      } catch (error) {
        failingSince ??= Date.now();
        if (!isPassing(error) || Date.now() + delay - failingSince > this.retry.forMs) throw error;
        this.onRetry(error, delay);
        await sleep(delay);
        delay = Math.min(delay * 2, this.retry.maxDelayMs);
      }
    }
  }

  /** The request without a timeout, beside a health poll that gives it up after silenceMs without any answer. */
  private async watched<T>(method: Method, path: string, options: BuildRequestOptions): Promise<T> {
    const controller = new AbortController();
    let heard = Date.now();
    let polling = false;
    let silent = false;
    const poll = setInterval(() => {
      if (Date.now() - heard > this.silenceMs) {
        silent = true;
        controller.abort();
        return;
      }
      if (polling) return;
      polling = true;
      this.healthClient.health
        .retrieve()
        .then(
          () => (heard = Date.now()),
          (error: unknown) => {
            if (httpStatusOf(error) !== undefined) heard = Date.now(); // "not ready" is an answer too
          },
        )
        .finally(() => (polling = false));
    }, this.healthEveryMs);
    try {
      const text = typeof options.body === "string";
      return await this.client.apiCall.performRequest<T>(method, path, {
        queryParameters: options.query,
        bodyParameters: options.body,
        additionalHeaders: text ? { "Content-Type": "text/plain" } : {},
        skipConnectionTimeout: true,
        abortSignal: controller.signal,
      });
    } catch (error) {
      throw silent ? new SilentServerError(this.url, this.silenceMs) : error;
    } finally {
      clearInterval(poll);
    }
  }
}
