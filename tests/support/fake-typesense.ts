import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createCollection,
  describe,
  HttpError,
  importDocuments,
  LIMITS,
  notFound,
  search,
  toJson,
  type Collection,
  type Doc,
  type SearchWork,
} from "./fake-typesense-query";

export { LIMITS } from "./fake-typesense-query";

// An in-process Typesense server for the default test run: the real `typesense` client talks to
// it over HTTP, so the client's own timeouts and retries are the real ones. It keeps the subset
// of Typesense 27/28 that the engine uses (collections, aliases, JSONL import and export,
// multi_search with q=*, filters, sorting, grouping, facets, API keys, /debug's version) and is
// strict where Typesense is, with its messages (fake-typesense-query.ts for the searches):
//
// - filter_by: at most 100 operations (operands + && / ||) after parsing (`--filter-by-max-ops`);
// - per_page at most 250, page at least 1; at most 3 sort fields; group_limit 1 to 99; the
//   group_by field must be a facet; facet, filter and sort fields must be in the schema;
// - at most 50 searches in one multi_search (`limit_multi_searches`);
// - int32 filter values in range; int64 values round-trip as digits;
// - import: `action=create` fails a document whose id exists ("already exists"), `upsert`
//   replaces it; a document must have every non-optional field of the schema;
// - aliases resolve wherever a collection name is accepted;
// - every request but /health needs a key: the admin key, or a key made with POST /keys, which
//   may do only its `actions` (`documents:search`, `debug:list`, `collections:*`, …) on the
//   collections its `collections` name (each a name or a regular expression of the whole name);
//   anything else is 401, as Typesense answers it.
//
// What it does not model it refuses (400 "fake: …"), so a test never passes on an invented answer.
// Troubles of a real server can be had on demand, with Typesense's answers:
//
// - inject(): an answer lost after the request was applied (a 5xx or a dropped connection, which
//   the client retries), a 503, a request never answered, one answered late (Typesense busy
//   with a big import, while /health answers at once), or the server freezing on it ("pause");
// - lag(ms): a server behind on its writes answers every write with 503 "Not Ready or Lagging"
//   for that long (with `reads`, every read too, and /health says {"ok":false});
// - limitMemory(n): after n more documents, every write but a delete is refused with 422
//   "Rejecting write: running out of resource type: OUT_OF_MEMORY" (--memory-used-max-percentage);
// - pause()/resume(): a frozen server (docker pause, SIGSTOP): requests wait, unanswered, and are
//   handled when it resumes, even those whose client has given up;
// - latency: each answer is held back as long as Typesense would need (see Latency).
//
// With `upstream` it is a front for a real Typesense (the live suite): every request is passed on
// and the same troubles are injected in front of it, so the tests that need them run there too.

export type FaultKind = "apply-then-503" | "apply-then-drop" | "503" | "hang" | "slow" | "pause";

interface Fault {
  method?: string;
  path: RegExp;
  kind: FaultKind;
  times: number;
  /** Matching requests let through before the fault starts. */
  after: number;
  /** "slow": how long the answer is held back after the request was applied. */
  ms?: number;
}

/**
 * How long Typesense would take, added to each answer. A multi_search runs its searches one after
 * another on one thread, and requests run side by side on `cores` threads; a search costs
 * `searchMs` plus, per matching document, `matchUs` to filter it, `rankUs` more when hits are
 * sorted or grouped, and `facetUs` per facet field. README "Typesense" gives the values the
 * bench uses and where they come from.
 */
export interface Latency {
  requestMs: number;
  searchMs: number;
  matchUs: number;
  rankUs: number;
  facetUs: number;
  cores: number;
}

export interface FakeOptions {
  /** What GET /debug says (default "28.0"; in front of a live server, its own unless set). */
  version?: string;
  latency?: Latency;
  /** A real Typesense to pass every request on to (the fake then keeps no collections of its own). */
  upstream?: { url: string };
}

interface ApiKey {
  id: number;
  value: string;
  description: string;
  actions: string[];
  collections: string[];
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

const FORBIDDEN = "Forbidden - a valid `x-typesense-api-key` header must be sent.";
const LAGGING = "Not Ready or Lagging";
const OUT_OF_MEMORY = "Rejecting write: running out of resource type: OUT_OF_MEMORY";
const JSON_TYPE = "application/json; charset=utf-8";

export class FakeTypesense {
  url = "";
  readonly collections = new Map<string, Collection>();
  readonly aliases = new Map<string, string>();
  /** What was asked, for assertions: requests (answered or not), by route; searches run inside multi_searches. */
  readonly stats = { requests: 0, collectionsCreated: 0, importRequests: 0, multiSearches: 0, searches: 0 };
  /** Every request: method, path and the key it carried. */
  readonly log: Array<{ method: string; path: string; key: string }> = [];
  /** What GET /debug says; in front of a live server undefined: the server's own. */
  version: string | undefined;
  latency: Latency | undefined;
  private readonly upstream: string | undefined;
  private faults: Fault[] = [];
  private lagUntil = 0;
  private lagReads = false;
  private memoryLeft = Infinity;
  private paused: { until: Promise<void>; resume: () => void } | undefined;
  private readonly keys = new Map<string, ApiKey>();
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();
  private coresFreeAt: number[] = [];

  constructor(
    readonly apiKey = "fake-admin-key",
    options: FakeOptions = {},
  ) {
    this.upstream = options.upstream?.url.replace(/\/+$/, "");
    this.version = options.version ?? (this.upstream ? undefined : "28.0");
    this.latency = options.latency;
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.resume();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests matching method and path (after the first `after` of them) meet the fault. */
  inject(fault: { method?: string; path: RegExp; kind: FaultKind; times?: number; after?: number; ms?: number }): void {
    this.faults.push({ ...fault, times: fault.times ?? 1, after: fault.after ?? 0 });
  }

  /** For `ms` from now, writes (and with `reads`, reads) are answered 503 "Not Ready or Lagging". */
  lag(ms: number, options: { reads?: boolean } = {}): void {
    this.lagUntil = Date.now() + ms;
    this.lagReads = options.reads ?? false;
  }

  /** After `documents` more documents are written, writes other than deletes are refused with 422 (out of memory). */
  limitMemory(documents: number): void {
    this.memoryLeft = documents;
  }

  /** Freezes the server: requests wait unanswered until resume(). */
  pause(): void {
    if (this.paused) return;
    let resume = () => {};
    const until = new Promise<void>((resolve) => (resume = resolve));
    this.paused = { until, resume };
  }

  resume(): void {
    const paused = this.paused;
    this.paused = undefined;
    paused?.resume();
  }

  private async whileFrozen(): Promise<void> {
    while (this.paused) await this.paused.until;
  }

  /** Ends every injected fault, the lag, the memory limit and a pause: the server answers again. */
  clearFaults(): void {
    this.faults = [];
    this.lagUntil = 0;
    this.memoryLeft = Infinity;
    this.resume();
  }

  /** Collections whose name starts with `prefix` (this fake's own; a front for a real server has none). */
  collectionsStartingWith(prefix: string): string[] {
    return [...this.collections.keys()].filter((n) => n.startsWith(prefix)).sort();
  }

  documents(name: string): Doc[] {
    return [...this.resolve(name).docs.values()];
  }

  private resolve(name: string): Collection {
    const c = this.collections.get(this.aliases.get(name) ?? name);
    if (!c) throw notFound();
    return c;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.stats.requests++;
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
    await this.whileFrozen();
    const key = String(req.headers["x-typesense-api-key"] ?? url.searchParams.get("x-typesense-api-key") ?? "");
    const method = req.method ?? "GET";
    this.log.push({ method, path: url.pathname, key });
    if (/\/documents\/import$/.test(url.pathname)) this.stats.importRequests++;
    if (url.pathname === "/multi_search") this.stats.multiSearches++;
    let fault = this.faults.find((f) => f.times > 0 && f.path.test(url.pathname) && (!f.method || f.method === method));
    if (fault && fault.after > 0) {
      fault.after--;
      fault = undefined;
    }
    if (fault) fault.times--;
    if (fault?.kind === "pause") {
      this.pause();
      await this.whileFrozen();
    }
    if (fault?.kind === "hang") {
      this.hanging.add(res);
      res.on("close", () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === "503") return reply(res, json(503, { message: LAGGING }));

    const root = url.pathname.split("/")[1] ?? "";
    const write = method !== "GET" && root !== "multi_search";
    const lagging = Date.now() < this.lagUntil;
    if (url.pathname === "/health" && lagging && this.lagReads) return reply(res, json(503, { ok: false }));
    // Typesense's readiness check, before the key is looked at (http_server.cpp).
    if (lagging && !["health", "debug"].includes(root) && (write || this.lagReads)) return reply(res, json(503, { message: LAGGING }));
    if (write && method !== "DELETE" && this.memoryLeft <= 0) return reply(res, json(422, { message: OUT_OF_MEMORY }));

    let answer: Answer;
    let work: SearchWork[] = [];
    if (this.upstream && this.version !== undefined && method === "GET" && url.pathname === "/debug") {
      answer = await this.forward(req, url, body);
      if (answer.status === 200) answer = json(200, { ...(parseJsonOr(answer.body) as object), version: this.version });
    } else if (this.upstream) {
      answer = await this.forward(req, url, body);
      if (method === "POST" && url.pathname === "/collections" && answer.status === 201) this.stats.collectionsCreated++;
      if (url.pathname === "/multi_search") this.stats.searches += (parseJsonOr(body) as { searches?: unknown[] })?.searches?.length ?? 0;
    } else {
      try {
        ({ answer, work } = this.answer(method, url, body, key));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        answer = json(error.status, { message: error.message });
      }
    }
    if (/\/documents\/import$/.test(url.pathname) && answer.status === 200)
      this.memoryLeft -= (answer.body.match(/"success":true/g) ?? []).length;
    if (fault?.kind === "apply-then-503") return reply(res, json(503, { message: LAGGING }));
    if (fault?.kind === "apply-then-drop") return void res.socket?.destroy();
    const delay = this.delay(work) + (fault?.kind === "slow" ? (fault.ms ?? 0) : 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    reply(res, answer);
  }

  private async forward(req: http.IncomingMessage, url: URL, body: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    for (const name of ["x-typesense-api-key", "content-type"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const method = req.method ?? "GET";
    const answer = await fetch(`${this.upstream}${url.pathname}${url.search}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
    });
    return { status: answer.status, body: await answer.text(), contentType: answer.headers.get("content-type") ?? JSON_TYPE };
  }

  /** How long to hold the answer back: the modelled time of its searches on the first free core, and the round trip. */
  private delay(work: SearchWork[]): number {
    const l = this.latency;
    if (!l) return 0;
    const cost = work.reduce(
      (ms, w) => ms + l.searchMs + (w.matched * (l.matchUs + (w.ranked ? l.rankUs : 0) + w.facets * l.facetUs)) / 1000,
      0,
    );
    if (cost === 0) return l.requestMs;
    const now = performance.now();
    if (this.coresFreeAt.length !== l.cores) this.coresFreeAt = Array<number>(l.cores).fill(0);
    const core = this.coresFreeAt.indexOf(Math.min(...this.coresFreeAt));
    const done = Math.max(now, this.coresFreeAt[core]) + cost;
    this.coresFreeAt[core] = done;
    return done - now + l.requestMs;
  }

  private answer(method: string, url: URL, body: string, key: string): { answer: Answer; work: SearchWork[] } {
    const route = `${method} ${url.pathname}`;
    if (route === "GET /health") return { answer: json(200, { ok: true }), work: [] };
    const parts = url.pathname.split("/").slice(1).map(decodeURIComponent);
    this.authorize(method, parts, body, key);
    let m: RegExpExecArray | null;
    if (route === "GET /debug") return { answer: json(200, { state: 1, version: this.version ?? "" }), work: [] };
    if (route === "GET /collections") return { answer: json(200, [...this.collections.values()].map(describe)), work: [] };
    if (route === "POST /collections") {
      const c = createCollection(parseJson(body));
      if (this.collections.has(c.name)) throw new HttpError(409, `A collection with name \`${c.name}\` already exists.`);
      this.collections.set(c.name, c);
      this.stats.collectionsCreated++;
      return { answer: json(201, describe(c)), work: [] };
    }
    if ((m = /^(GET|DELETE) \/collections\/([^/]+)$/.exec(route))) {
      const c = this.resolve(decodeURIComponent(m[2]));
      if (m[1] === "DELETE") this.collections.delete(c.name);
      return { answer: json(200, describe(c)), work: [] };
    }
    if ((m = /^POST \/collections\/([^/]+)\/documents\/import$/.exec(route))) {
      const c = this.resolve(decodeURIComponent(m[1]));
      const { results } = importDocuments(c, body, url.searchParams.get("action") ?? "create");
      return { answer: { status: 200, body: results, contentType: "text/plain; charset=utf-8" }, work: [] };
    }
    if ((m = /^GET \/collections\/([^/]+)\/documents\/export$/.exec(route))) {
      const docs = [...this.resolve(decodeURIComponent(m[1])).docs.values()];
      return { answer: { status: 200, body: docs.map((d) => toJson(d)).join("\n"), contentType: "text/plain; charset=utf-8" }, work: [] };
    }
    if (route === "GET /aliases")
      return { answer: json(200, { aliases: [...this.aliases].map(([name, target]) => ({ name, collection_name: target })) }), work: [] };
    if ((m = /^(GET|PUT|DELETE) \/aliases\/([^/]+)$/.exec(route)))
      return { answer: json(200, this.alias(m[1], decodeURIComponent(m[2]), body)), work: [] };
    if (route === "POST /multi_search") return this.multiSearch(parseJson(body) as { searches?: unknown }, url.searchParams);
    if (route === "GET /keys")
      return {
        answer: json(200, { keys: [...this.keys.values()].map(({ value, ...rest }) => ({ ...rest, value_prefix: value.slice(0, 4) })) }),
        work: [],
      };
    if (route === "POST /keys") return { answer: json(201, this.createKey(parseJson(body))), work: [] };
    if ((m = /^DELETE \/keys\/(\d+)$/.exec(route))) {
      const key = [...this.keys.values()].find((k) => k.id === Number(m![1]));
      if (!key) throw notFound();
      this.keys.delete(key.value);
      return { answer: json(200, { id: key.id }), work: [] };
    }
    throw notFound();
  }

  /** Typesense's check of a key: the admin key may do anything; another key its actions on its collections (auth_manager.cpp). */
  private authorize(method: string, parts: string[], body: string, key: string): void {
    if (key !== "" && key === this.apiKey) return;
    const found = this.keys.get(key);
    if (!found) throw new HttpError(401, FORBIDDEN);
    const action = actionOf(method, parts);
    const allowed = found.actions.some(
      (a) => a === "*" || a === action || (a.endsWith(":*") && a.slice(0, -2) === action.slice(0, action.indexOf(":"))),
    );
    const collections = collectionsOf(method, parts, body);
    const inScope = (name: string) =>
      name === "" || found.collections.some((pattern) => pattern === "*" || pattern === name || new RegExp(`^(?:${pattern})$`).test(name));
    if (!allowed || !collections.every(inScope)) throw new HttpError(401, FORBIDDEN);
  }

  private createKey(body: unknown): unknown {
    const b = body as { description?: unknown; actions?: unknown; collections?: unknown; value?: unknown };
    const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
    if (!strings(b.actions)) throw new HttpError(400, "Wrong format for `actions`. It should be an array of string.");
    if (!strings(b.collections)) throw new HttpError(400, "Wrong format for `collections`. It should be an array of string.");
    const value = typeof b.value === "string" ? b.value : `fake-key-${this.keys.size + 1}-${Math.random().toString(36).slice(2)}`;
    const key: ApiKey = {
      id: this.keys.size + 1,
      value,
      description: String(b.description ?? ""),
      actions: b.actions as string[],
      collections: b.collections as string[],
    };
    this.keys.set(value, key);
    return { ...key, expires_at: 64723363199 };
  }

  private alias(method: string, name: string, body: string): unknown {
    if (method === "PUT") {
      const target = (parseJson(body) as { collection_name?: unknown }).collection_name;
      if (typeof target !== "string") throw new HttpError(400, "Parameter `collection_name` is required.");
      this.aliases.set(name, target);
      return { name, collection_name: target };
    }
    const target = this.aliases.get(name);
    if (target === undefined) throw notFound();
    if (method === "DELETE") this.aliases.delete(name);
    return { name, collection_name: target };
  }

  private multiSearch(body: { searches?: unknown }, common: URLSearchParams): { answer: Answer; work: SearchWork[] } {
    if (!Array.isArray(body.searches)) throw new HttpError(400, "Missing `searches` array.");
    const limit = Number(common.get("limit_multi_searches") ?? LIMITS.multiSearchesMax);
    if (body.searches.length > limit) throw new HttpError(400, "Number of multi searches exceeds `limit_multi_searches` parameter.");
    const commonParams = Object.fromEntries([...common].filter(([k]) => k !== "x-typesense-api-key"));
    const work: SearchWork[] = [];
    const results = (body.searches as Array<Record<string, unknown>>).map((s) => {
      this.stats.searches++;
      try {
        const done = search(this.resolve(String({ ...commonParams, ...s }.collection ?? "")), { ...commonParams, ...s });
        work.push(done.work);
        return done.answer;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { code: error.status, error: error.message === "Not Found" ? "Not found." : error.message };
      }
    });
    return { answer: json(200, { results }), work };
  }
}

/** Typesense's `resource:operation` of a request (route_path::_get_action). */
function actionOf(method: string, parts: string[]): string {
  const named = parts.length > 1;
  const resource = parts[0] === "collections" && parts.length > 2 ? parts.slice(2).join("/") : parts[0];
  if (resource === "multi_search" || resource === "documents/search") return "documents:search";
  if (resource === "documents/import" || resource === "documents/export") return resource.replace("/", ":");
  const operation = { GET: named ? "get" : "list", POST: "create", PUT: "upsert", DELETE: "delete", PATCH: "update" }[method] ?? "unknown";
  return `${resource}:${operation}`;
}

/** The collections a request names, for the key's scope (get_collections_for_auth): none is "". */
function collectionsOf(method: string, parts: string[], body: string): string[] {
  if (parts[0] === "multi_search") {
    const searches = (parseJsonOr(body) as { searches?: Array<{ collection?: unknown }> })?.searches;
    return Array.isArray(searches) ? searches.map((s) => (typeof s?.collection === "string" ? s.collection : "")) : [""];
  }
  if (parts[0] === "collections" && method === "POST" && parts.length === 1) {
    const name = (parseJsonOr(body) as { name?: unknown })?.name;
    return [typeof name === "string" ? name : ""];
  }
  return [parts[0] === "collections" && parts.length > 1 ? parts[1] : ""];
}

function json(status: number, body: unknown): Answer {
  return { status, body: toJson(body), contentType: JSON_TYPE };
}

function reply(res: http.ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { "Content-Type": answer.contentType });
  res.end(answer.body);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, "Bad JSON.");
  }
}

function parseJsonOr(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
