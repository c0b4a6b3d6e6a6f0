import http from "node:http";
import type { AddressInfo } from "node:net";

// An in-process Typesense server for the default test run: the real `typesense` client talks to
// it over HTTP, so the client's own timeouts and retries are the real ones. It keeps the subset
// of Typesense 27/28 that the engine uses (collections, aliases, JSONL import, multi_search with
// q=*, filters, sorting, grouping, facets) and is strict where Typesense is, with its messages:
//
// - filter_by: at most 100 operations (operands + && / ||) after parsing (`--filter-by-max-ops`);
// - per_page at most 250, page at least 1; at most 3 sort fields; group_limit 1 to 99; the
//   group_by field must be a facet; facet, filter and sort fields must be in the schema;
// - at most 50 searches in one multi_search (`limit_multi_searches`);
// - int32 filter values in range; int64 values round-trip as digits (the client's JSON parse
//   then loses precision beyond 2^53, as it does against Typesense);
// - import: `action=create` fails a document whose id exists ("already exists"), `upsert`
//   replaces it; a document must have every non-optional field of the schema;
// - aliases resolve wherever a collection name is accepted;
// - every request but /health needs the API key (401 otherwise).
//
// What it does not model it refuses (400 "fake: …"), so a test never passes on an invented answer.
// Faults can be injected: an answer lost after the request was applied (a 5xx or a dropped
// connection, which the client retries), a 503, or a server that never answers.

export const LIMITS = {
  filterByMaxOps: 100,
  perPageMax: 250,
  sortFieldsMax: 3,
  groupLimitMax: 99,
  multiSearchesMax: 50,
  defaultMaxFacetValues: 10,
} as const;

type FieldType = "string" | "string[]" | "int32" | "int64" | "float" | "bool" | "int32[]" | "int64[]" | "float[]" | "bool[]" | "geopoint";
const FIELD_TYPES = new Set<string>([
  "string",
  "string[]",
  "int32",
  "int64",
  "float",
  "bool",
  "int32[]",
  "int64[]",
  "float[]",
  "bool[]",
  "geopoint",
]);

interface Field {
  name: string;
  type: FieldType;
  facet: boolean;
  optional: boolean;
  sort: boolean;
}

type Doc = Record<string, unknown>;

interface Collection {
  name: string;
  fields: Map<string, Field>;
  docs: Map<string, Doc>;
  createdAt: number;
}

export type FaultKind = "apply-then-503" | "apply-then-drop" | "503" | "hang";

interface Fault {
  method?: string;
  path: RegExp;
  kind: FaultKind;
  times: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new HttpError(404, "Not Found");
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

export class FakeTypesense {
  url = "";
  readonly collections = new Map<string, Collection>();
  readonly aliases = new Map<string, string>();
  /** What was asked, for assertions: requests (answered or not), by route; searches run inside multi_searches. */
  readonly stats = { requests: 0, collectionsCreated: 0, importRequests: 0, multiSearches: 0, searches: 0 };
  private faults: Fault[] = [];
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(readonly apiKey = "fake-admin-key") {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests matching method and path meet the fault. */
  inject(fault: { method?: string; path: RegExp; kind: FaultKind; times?: number }): void {
    this.faults.push({ ...fault, times: fault.times ?? 1 });
  }

  /** Ends every injected fault: the server answers again. */
  clearFaults(): void {
    this.faults = [];
  }

  /** Collections whose name starts with `prefix` (an alias's family). */
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
    if (/\/documents\/import$/.test(url.pathname)) this.stats.importRequests++;
    if (url.pathname === "/multi_search") this.stats.multiSearches++;
    const fault = this.faults.find((f) => f.times > 0 && f.path.test(url.pathname) && (!f.method || f.method === req.method));
    if (fault) fault.times--;
    if (fault?.kind === "hang") {
      this.hanging.add(res);
      res.on("close", () => this.hanging.delete(res));
      return;
    }
    if (fault?.kind === "503") return send(res, 503, { message: "Not Ready or Lagging" });

    let status = 200;
    let answer: unknown;
    let text: string | undefined;
    try {
      if (url.pathname !== "/health") {
        const key = req.headers["x-typesense-api-key"] ?? url.searchParams.get("x-typesense-api-key");
        if (key !== this.apiKey) throw new HttpError(401, "Forbidden - a valid `x-typesense-api-key` header must be sent.");
      }
      const route = `${req.method} ${url.pathname}`;
      let m: RegExpExecArray | null;
      if (route === "GET /health") answer = { ok: true };
      else if (route === "GET /collections") answer = [...this.collections.values()].map(describe);
      else if (route === "POST /collections") {
        status = 201;
        answer = this.createCollection(parseJson(body));
      } else if ((m = /^(GET|DELETE) \/collections\/([^/]+)$/.exec(route))) {
        const c = this.resolve(decodeURIComponent(m[2]));
        if (m[1] === "DELETE") this.collections.delete(c.name);
        answer = describe(c);
      } else if ((m = /^POST \/collections\/([^/]+)\/documents\/import$/.exec(route))) {
        text = this.importDocuments(decodeURIComponent(m[1]), body, url.searchParams);
      } else if (route === "GET /aliases")
        answer = { aliases: [...this.aliases].map(([name, target]) => ({ name, collection_name: target })) };
      else if ((m = /^(GET|PUT|DELETE) \/aliases\/([^/]+)$/.exec(route))) answer = this.alias(m[1], decodeURIComponent(m[2]), body);
      else if (route === "POST /multi_search") answer = this.multiSearch(parseJson(body) as { searches?: unknown }, url.searchParams);
      else throw notFound();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return send(res, error.status, { message: error.message });
    }
    if (fault?.kind === "apply-then-503") return send(res, 503, { message: "Not Ready or Lagging" });
    if (fault?.kind === "apply-then-drop") return void res.socket?.destroy();
    if (text !== undefined) {
      res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(text);
    } else send(res, status, answer);
  }

  private createCollection(schema: unknown): unknown {
    const s = schema as { name?: unknown; fields?: unknown };
    if (typeof s.name !== "string" || !s.name) throw new HttpError(400, "Parameter `name` is required.");
    if (this.collections.has(s.name)) throw new HttpError(409, `A collection with name \`${s.name}\` already exists.`);
    if (!Array.isArray(s.fields)) throw new HttpError(400, "Parameter `fields` is required.");
    const fields = new Map<string, Field>();
    for (const raw of s.fields as Array<Record<string, unknown>>) {
      const name = String(raw.name);
      const type = String(raw.type);
      if (!FIELD_TYPES.has(type)) throw new HttpError(400, `Field \`${name}\` has an invalid data type \`${type}\`.`);
      if (fields.has(name)) throw new HttpError(400, `There are duplicate field names in the schema.`);
      fields.set(name, {
        name,
        type: type as FieldType,
        facet: raw.facet === true,
        optional: raw.optional === true,
        sort: raw.sort === true,
      });
    }
    const c: Collection = { name: s.name, fields, docs: new Map(), createdAt: Math.floor(Date.now() / 1000) };
    this.collections.set(c.name, c);
    this.stats.collectionsCreated++;
    return describe(c);
  }

  private importDocuments(name: string, body: string, params: URLSearchParams): string {
    const action = params.get("action") ?? "create";
    if (!["create", "upsert", "update", "emplace"].includes(action))
      throw new HttpError(400, "Parameter `action` must be a create|update|upsert.");
    if (action === "update" || action === "emplace") throw new HttpError(400, `fake: action=${action} is not modelled`);
    const c = this.resolve(name);
    const int64 = [...c.fields.values()].filter((f) => f.type === "int64");
    return body
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const fail = (code: number, error: string) => JSON.stringify({ code, document: line, error, success: false });
        let doc: Doc;
        try {
          doc = JSON.parse(line) as Doc;
        } catch {
          return fail(400, "Bad JSON.");
        }
        // int64 values as exact integers, from the digits on the line.
        for (const f of int64) {
          const m = new RegExp(`"${f.name}":(-?\\d+)[,}]`).exec(line);
          if (m) doc[f.name] = BigInt(m[1]);
        }
        if (typeof doc.id !== "string") return fail(400, "Document's `id` field should be a string.");
        const problem = validate(c, doc);
        if (problem) return fail(400, problem);
        if (action === "create" && c.docs.has(doc.id)) return fail(409, `A document with id ${doc.id} already exists.`);
        c.docs.set(doc.id, doc);
        return '{"success":true}';
      })
      .join("\n");
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

  private multiSearch(body: { searches?: unknown }, common: URLSearchParams): unknown {
    if (!Array.isArray(body.searches)) throw new HttpError(400, "Missing `searches` array.");
    const limit = Number(common.get("limit_multi_searches") ?? LIMITS.multiSearchesMax);
    if (body.searches.length > limit) throw new HttpError(400, "Number of multi searches exceeds `limit_multi_searches` parameter.");
    const commonParams = Object.fromEntries(common);
    return {
      results: (body.searches as Array<Record<string, unknown>>).map((s) => {
        this.stats.searches++;
        try {
          return this.search({ ...commonParams, ...s });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { code: error.status, error: error.message === "Not Found" ? "Not found." : error.message };
        }
      }),
    };
  }

  private search(p: Record<string, unknown>): unknown {
    const c = this.resolve(String(p.collection ?? ""));
    if (p.q !== "*") throw new HttpError(400, "fake: only q=* is modelled");
    const page = p.page === undefined ? 1 : Number(p.page);
    const perPage = p.per_page === undefined ? 10 : Number(p.per_page);
    if (!Number.isInteger(page) || page < 1) throw new HttpError(422, "Page must be an integer of value greater than 0.");
    if (perPage > LIMITS.perPageMax) throw new HttpError(422, `Only upto ${LIMITS.perPageMax} hits can be fetched per page.`);

    const sortFields =
      p.sort_by === undefined
        ? []
        : String(p.sort_by)
            .split(",")
            .map((s) => s.trim());
    if (sortFields.length > LIMITS.sortFieldsMax) throw new HttpError(400, `Only upto ${LIMITS.sortFieldsMax} sort fields are allowed.`);
    const sort = sortFields.map((s) => {
      const [name, dir = "asc"] = s.split(":");
      const f = c.fields.get(name);
      if (!f || !(isNumeric(f.type) || f.sort))
        throw new HttpError(404, `Could not find a field named \`${name}\` in the schema for sorting.`);
      if (dir !== "asc" && dir !== "desc") throw new HttpError(400, `Order for field\` ${name}\` should be either ASC or DESC.`);
      return { name, sign: dir === "asc" ? 1 : -1 };
    });

    const filter = p.filter_by === undefined || String(p.filter_by).trim() === "" ? () => true : compileFilter(String(p.filter_by), c);
    const facets = p.facet_by === undefined ? [] : splitTopLevel(String(p.facet_by)).map((e) => facetSpec(e.trim(), c));
    const groupBy = p.group_by === undefined ? undefined : String(p.group_by);
    const groupLimit = p.group_limit === undefined ? 3 : Number(p.group_limit);
    if (groupBy !== undefined) {
      const f = c.fields.get(groupBy);
      if (!f) throw new HttpError(404, `Could not find a field named \`${groupBy}\` in the schema.`);
      if (!f.facet) throw new HttpError(400, `Group by field \`${groupBy}\` should be a facet field.`);
      if (!(groupLimit >= 1 && groupLimit <= LIMITS.groupLimitMax))
        throw new HttpError(400, `Value of \`group_limit\` must be between 1 and ${LIMITS.groupLimitMax}.`);
      if (facets.length) throw new HttpError(400, "fake: facets of a grouped query are not modelled");
    }
    const include = p.include_fields === undefined ? undefined : String(p.include_fields).split(",");
    const project = (d: Doc) => ({ document: include ? Object.fromEntries(include.filter((k) => k in d).map((k) => [k, d[k]])) : d });

    const matched = [...c.docs.values()].filter(filter);
    matched.sort((a, b) => {
      for (const { name, sign } of sort) {
        const d = compare(a[name], b[name]);
        if (d !== 0) return d * sign;
      }
      return 0;
    });
    const result: Record<string, unknown> = { found: matched.length, out_of: c.docs.size, page, search_time_ms: 0 };
    if (groupBy !== undefined) {
      const groups = new Map<string, Doc[]>();
      for (const doc of matched) {
        const key = String(doc[groupBy]);
        const list = groups.get(key);
        if (list) list.push(doc);
        else groups.set(key, [doc]);
      }
      result.found = groups.size;
      result.found_docs = matched.length;
      result.grouped_hits = [...groups.values()].slice((page - 1) * perPage, page * perPage).map((docs) => ({
        group_key: [docs[0][groupBy]],
        found: docs.length,
        hits: docs.slice(0, groupLimit).map(project),
      }));
    } else {
      result.hits = matched.slice((page - 1) * perPage, page * perPage).map(project);
    }
    if (facets.length) {
      const max = p.max_facet_values === undefined ? LIMITS.defaultMaxFacetValues : Number(p.max_facet_values);
      result.facet_counts = facets.map((spec) => {
        const counts = new Map<string, number>();
        for (const doc of matched) for (const value of spec.values(doc)) counts.set(value, (counts.get(value) ?? 0) + 1);
        const sorted = [...counts].sort((a, b) => b[1] - a[1]).slice(0, max);
        return { field_name: spec.field, counts: sorted.map(([value, count]) => ({ value, count, highlighted: value })), sampled: false };
      });
    }
    return result;
  }
}

function describe(c: Collection) {
  return {
    name: c.name,
    num_documents: c.docs.size,
    created_at: c.createdAt,
    fields: [...c.fields.values()].map((f) => ({ name: f.name, type: f.type, facet: f.facet, optional: f.optional, index: true })),
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, "Bad JSON.");
  }
}

/** JSON with bigint written as its digits, as Typesense writes int64. */
function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(-?\d+)\\u0000"/g,
    "$1",
  );
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(json);
}

const isNumeric = (t: FieldType) => t === "int32" || t === "int64" || t === "float";

function compare(a: unknown, b: unknown): number {
  if (typeof a === "bigint" || typeof b === "bigint") {
    const x = BigInt(a as bigint);
    const y = BigInt(b as bigint);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function validate(c: Collection, doc: Doc): string | undefined {
  for (const f of c.fields.values()) {
    const v = doc[f.name];
    if (v === undefined || v === null) {
      if (!f.optional) return `Field \`${f.name}\` has been declared in the schema, but is not found in the document.`;
      continue;
    }
    const ok = (x: unknown, t: string) =>
      t === "string"
        ? typeof x === "string"
        : t === "int32"
          ? Number.isInteger(x) && (x as number) >= INT32_MIN && (x as number) <= INT32_MAX
          : t === "int64"
            ? typeof x === "bigint" || Number.isInteger(x)
            : t === "float"
              ? typeof x === "number"
              : t === "bool"
                ? typeof x === "boolean"
                : Array.isArray(x) && x.length === 2 && x.every((n) => typeof n === "number"); // geopoint
    const type = f.type.replace("[]", "");
    const good = f.type.endsWith("[]") ? Array.isArray(v) && v.every((x) => ok(x, type)) : ok(v, f.type);
    if (!good) return `Field \`${f.name}\` must be ${f.type.endsWith("[]") ? "an array of" : "a"} ${type}.`;
  }
  return undefined;
}

// ---- filter_by: Typesense's tokenizer and shunting-yard, then a predicate per expression ----

function tokenize(filter: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < filter.length) {
    const c = filter[i];
    if (c === " ") {
      i++;
    } else if (c === "(" || c === ")") {
      tokens.push(c);
      i++;
    } else if (c === "&" || c === "|") {
      if (filter[i + 1] !== c) throw new HttpError(400, "Could not parse the filter filter_query.");
      tokens.push(c + c);
      i += 2;
    } else {
      let j = i;
      let inBacktick = false;
      while (j < filter.length) {
        const d = filter[j];
        if (d === "`") inBacktick = !inBacktick;
        if (!inBacktick && (d === "(" || d === ")" || (d === "&" && filter[j + 1] === "&") || (d === "|" && filter[j + 1] === "|"))) break;
        j++;
      }
      const token = filter.slice(i, j).trim();
      if (token) tokens.push(token);
      i = j;
    }
  }
  return tokens;
}

function toPostfix(tokens: string[]): string[] {
  const out: string[] = [];
  const ops: string[] = [];
  for (const t of tokens) {
    if (t === "&&" || t === "||") {
      while (ops.length && ops[ops.length - 1] !== "(") out.push(ops.pop()!);
      ops.push(t);
    } else if (t === "(") ops.push(t);
    else if (t === ")") {
      while (ops.length && ops[ops.length - 1] !== "(") out.push(ops.pop()!);
      if (ops.pop() !== "(") throw new HttpError(400, "Could not parse the filter query: unbalanced parentheses.");
    } else out.push(t);
  }
  while (ops.length) {
    const op = ops.pop()!;
    if (op === "(") throw new HttpError(400, "Could not parse the filter query: unbalanced parentheses.");
    out.push(op);
  }
  return out;
}

type Predicate = (doc: Doc) => boolean;

function compileFilter(filter: string, c: Collection): Predicate {
  const postfix = toPostfix(tokenize(filter));
  if (postfix.length > LIMITS.filterByMaxOps)
    throw new HttpError(
      400,
      `\`filter_by\` has too many operations. Maximum allowed: ${LIMITS.filterByMaxOps}. Use \`--filter-by-max-ops\` command line argument to customize this value.`,
    );
  const stack: Predicate[] = [];
  for (const t of postfix) {
    if (t === "&&" || t === "||") {
      const b = stack.pop();
      const a = stack.pop();
      if (!a || !b) throw new HttpError(400, `Could not parse the filter query: unbalanced \`${t}\` operands.`);
      stack.push(t === "&&" ? (d) => a(d) && b(d) : (d) => a(d) || b(d));
    } else stack.push(expression(t, c));
  }
  if (stack.length !== 1) throw new HttpError(400, "Could not parse the filter query.");
  return stack[0];
}

function expression(token: string, c: Collection): Predicate {
  const colon = token.indexOf(":");
  if (colon < 0) throw new HttpError(400, "Could not parse the filter query.");
  const name = token.slice(0, colon).trim();
  const raw = token.slice(colon + 1).trim();
  const f = c.fields.get(name);
  if (!f) throw new HttpError(404, `Could not find a filter field named \`${name}\` in the schema.`);
  const type = f.type.replace("[]", "");
  const valuesOf = (doc: Doc): unknown[] => (Array.isArray(doc[name]) ? (doc[name] as unknown[]) : [doc[name]]);

  if (type === "string") {
    if (!raw.startsWith("=")) throw new HttpError(400, "fake: only exact (:=) string filters are modelled");
    const body = raw.slice(1).trim();
    const list = body.startsWith("[") && body.endsWith("]") ? splitValues(body.slice(1, -1)) : [body];
    const wanted = new Set(list.map(unquote));
    return (doc) => valuesOf(doc).some((v) => wanted.has(v as string));
  }
  if (type === "bool") {
    const v = raw.replace(/^=/, "").trim();
    if (v !== "true" && v !== "false") throw new HttpError(400, `Value of filter field \`${name}\` must be \`true\` or \`false\`.`);
    return (doc) => valuesOf(doc).some((x) => x === (v === "true"));
  }
  if (!isNumeric(type as FieldType)) throw new HttpError(400, `fake: filtering on a ${f.type} is not modelled`);

  const parse = (s: string): number | bigint => {
    const v = s.trim();
    if (type === "float") {
      if (!/^-?\d+(\.\d+)?$/.test(v)) throw new HttpError(400, `Error with filter field \`${name}\`: Not a float.`);
      return Number(v);
    }
    if (!/^-?\d+$/.test(v)) throw new HttpError(400, `Error with filter field \`${name}\`: Not an ${type}.`);
    if (type === "int32") {
      const n = Number(v);
      if (n < INT32_MIN || n > INT32_MAX)
        throw new HttpError(400, `Error with filter field \`${name}\`: \`${v}\` exceeds the range of an int32.`);
      return n;
    }
    return BigInt(v);
  };
  const tests: Array<(x: unknown) => boolean> = [];
  const items = raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1).split(",") : [raw];
  if (raw.startsWith("=[")) throw new HttpError(400, "fake: `:=[` on a number is not modelled");
  for (const item of items) {
    const range = /^(.+)\.\.(.+)$/.exec(item.trim());
    if (range) {
      const [lo, hi] = [parse(range[1]), parse(range[2])];
      tests.push((x) => compare(x, lo) >= 0 && compare(x, hi) <= 0);
      continue;
    }
    const m = /^(>=|<=|!=|>|<|=)?(.+)$/.exec(item.trim());
    if (!m) throw new HttpError(400, "Numerical field has an invalid comparator.");
    const bound = parse(m[2]);
    const op = m[1] ?? "=";
    tests.push((x) => {
      const d = compare(x, bound);
      return op === ">=" ? d >= 0 : op === "<=" ? d <= 0 : op === ">" ? d > 0 : op === "<" ? d < 0 : op === "!=" ? d !== 0 : d === 0;
    });
  }
  return (doc) => valuesOf(doc).some((x) => tests.some((t) => t(x)));
}

/** Comma-separated values, commas inside backticks kept. */
function splitValues(s: string): string[] {
  const out: string[] = [];
  let current = "";
  let inBacktick = false;
  for (const ch of s) {
    if (ch === "`") inBacktick = !inBacktick;
    if (ch === "," && !inBacktick) {
      out.push(current.trim());
      current = "";
    } else current += ch;
  }
  out.push(current.trim());
  return out;
}

function unquote(v: string): string {
  return v.startsWith("`") && v.endsWith("`") && v.length >= 2 ? v.slice(1, -1) : v;
}

function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "(") depth++;
    if (s[i] === ")") depth--;
    if (s[i] === "," && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

interface FacetSpec {
  field: string;
  values(doc: Doc): string[];
}

function facetSpec(expr: string, c: Collection): FacetSpec {
  const range = /^(\w+)\((.+)\)$/.exec(expr);
  const field = range ? range[1] : expr;
  const f = c.fields.get(field);
  if (!f || !f.facet) throw new HttpError(404, `Could not find a facet field named \`${field}\` in the schema.`);
  if (!range) {
    return {
      field,
      values: (doc) => {
        const v = doc[field];
        return v === undefined ? [] : [...new Set((Array.isArray(v) ? v : [v]).map(String))];
      },
    };
  }
  if (!isNumeric(f.type)) throw new HttpError(400, "Range facet is restricted to only integer and float fields.");
  const ranges = [...range[2].matchAll(/([^,:\s]+):\[(-?\d+), (-?\d+)\]/g)];
  if (ranges.map((m) => m[0]).join(", ") !== range[2]) throw new HttpError(400, "Error splitting the facet range values.");
  const parsed = ranges.map((m) => {
    if (!/^[A-Za-z0-9]+$/.test(m[1])) throw new HttpError(400, "Facet range value is not valid.");
    return { label: m[1], lo: BigInt(m[2]), hi: BigInt(m[3]) };
  });
  return {
    field,
    values: (doc) => {
      const v = BigInt(doc[field] as number | bigint);
      const hit = parsed.find((r) => r.lo <= v && v < r.hi); // start inclusive, end exclusive
      return hit ? [hit.label] : [];
    },
  };
}
