// The fake Typesense server's collections and searches (fake-typesense.ts serves them over HTTP):
// documents, filter_by, sorting, grouping and facets as Typesense 27/28 evaluate them, with its
// limits and messages. Where Typesense's answer depends on how it indexes, the fake follows its
// source, so a query that is only right by luck fails here first:
//
// - string filters (`:=`) compare tokens, not strings: a value is lowercased and split on spaces
//   (and the collection's `token_separators`); ASCII characters that are neither letters, digits
//   nor in the collection's `symbols_to_index` are dropped, so without `symbols_to_index: ["-"]`
//   `a-b` and `ab` are the same value (Tokenizer::get_stream_mode);
// - facets follow `facet_strategy` (default `automatic`): where Typesense would count from its
//   value index, it walks the values by their count in the whole collection and stops after
//   max_facet_values of them (twice that with a filter) that occur in the results, so a range
//   facet over a field with more values than that undercounts (Index::compute_facet_infos,
//   facet_index_t::intersect, facet_index_t::check_for_high_cardinality);
// - filtering uses a sorted index of a numeric field when the filter is a conjunction, as
//   Typesense's numeric index does, so a filter on one accommodation of a million trips is cheap
//   here too (the latency model counts the documents that match, as Typesense's work grows).

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, "Not Found");

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

export interface Field {
  name: string;
  type: FieldType;
  facet: boolean;
  optional: boolean;
  sort: boolean;
}

export type Doc = Record<string, unknown>;

export interface Collection {
  name: string;
  fields: Map<string, Field>;
  docs: Map<string, Doc>;
  createdAt: number;
  symbolsToIndex: string[];
  tokenSeparators: string[];
  /** Built on the first search after a write (lists, sorted indexes, facet value counts, tokens). */
  cache?: CollectionCache;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Typesense keeps a field's value index below 10,000 documents, and above while it has at most 0.8 values a document. */
const VALUE_INDEX_MIN_DOCS = 10_000;
const VALUE_INDEX_MAX_VALUES_PER_DOC = 0.8;

type Scalar = number | bigint;

interface SortedIndex {
  values: Scalar[];
  positions: Int32Array;
}

class CollectionCache {
  readonly list: Doc[];
  private readonly sorted = new Map<string, SortedIndex>();
  private readonly facetValues = new Map<string, FacetValueIndex>();
  readonly tokens = new Map<string, string>();

  constructor(readonly c: Collection) {
    this.list = [...c.docs.values()];
  }

  /** The documents in order of a numeric field (documents without it left out). */
  sortedBy(field: string): SortedIndex {
    let index = this.sorted.get(field);
    if (!index) {
      const order: number[] = [];
      this.list.forEach((doc, i) => {
        if (doc[field] !== undefined && doc[field] !== null) order.push(i);
      });
      order.sort((a, b) => compare(this.list[a][field], this.list[b][field]) || a - b);
      index = { values: order.map((i) => this.list[i][field] as Scalar), positions: Int32Array.from(order) };
      this.sorted.set(field, index);
    }
    return index;
  }

  /** A facet field's values by their count in the whole collection, and whether Typesense would keep its value index. */
  facetIndex(field: string): FacetValueIndex {
    let index = this.facetValues.get(field);
    if (!index) {
      const counts = new Map<string, number>();
      let withValue = 0;
      for (const doc of this.list) {
        const values = rawValues(doc, field);
        if (values.length) withValue++;
        for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const total = this.list.length;
      index = {
        byCount: [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v),
        hasValueIndex:
          total < VALUE_INDEX_MIN_DOCS || (counts.size <= VALUE_INDEX_MAX_VALUES_PER_DOC * total && withValue >= VALUE_INDEX_MIN_DOCS),
      };
      this.facetValues.set(field, index);
    }
    return index;
  }
}

interface FacetValueIndex {
  /** Values, most frequent first (ties in the order first indexed). */
  byCount: string[];
  hasValueIndex: boolean;
}

function cacheOf(c: Collection): CollectionCache {
  return (c.cache ??= new CollectionCache(c));
}

export function createCollection(schema: unknown): Collection {
  const s = schema as { name?: unknown; fields?: unknown; symbols_to_index?: unknown; token_separators?: unknown };
  if (typeof s.name !== "string" || !s.name) throw new HttpError(400, "Parameter `name` is required.");
  if (!Array.isArray(s.fields)) throw new HttpError(400, "Parameter `fields` is required.");
  const chars = (value: unknown, param: string): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v.length === 1))
      throw new HttpError(400, `\`${param}\` should be an array of character symbols.`);
    return value as string[];
  };
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
  return {
    name: s.name,
    fields,
    docs: new Map(),
    createdAt: Math.floor(Date.now() / 1000),
    symbolsToIndex: chars(s.symbols_to_index, "symbols_to_index"),
    tokenSeparators: chars(s.token_separators, "token_separators"),
  };
}

export function describe(c: Collection) {
  return {
    name: c.name,
    num_documents: c.docs.size,
    created_at: c.createdAt,
    symbols_to_index: c.symbolsToIndex,
    token_separators: c.tokenSeparators,
    fields: [...c.fields.values()].map((f) => ({ name: f.name, type: f.type, facet: f.facet, optional: f.optional, index: true })),
  };
}

/** Imports JSON lines into the collection; one result line per document. */
export function importDocuments(c: Collection, body: string, action: string): { results: string; imported: number } {
  if (!["create", "upsert", "update", "emplace"].includes(action))
    throw new HttpError(400, "Parameter `action` must be a create|update|upsert.");
  if (action === "update" || action === "emplace") throw new HttpError(400, `fake: action=${action} is not modelled`);
  const int64 = [...c.fields.values()].filter((f) => f.type === "int64");
  let imported = 0;
  const results = body
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
      imported++;
      return '{"success":true}';
    })
    .join("\n");
  if (imported) c.cache = undefined;
  return { results, imported };
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

/** What a search cost Typesense, for the fake's latency model: the documents it matched and what it did with them. */
export interface SearchWork {
  matched: number;
  /** Sorted or grouped hits were collected (not only a count). */
  ranked: boolean;
  /** Facet fields counted over the matches. */
  facets: number;
}

/** One search (q=*), as Typesense answers it inside a multi_search. */
export function search(c: Collection, p: Record<string, unknown>): { answer: Record<string, unknown>; work: SearchWork } {
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
  const order = (a: Doc, b: Doc) => {
    for (const { name, sign } of sort) {
      const d = compare(a[name], b[name]);
      if (d !== 0) return d * sign;
    }
    return 0;
  };

  const filterText = p.filter_by === undefined ? "" : String(p.filter_by).trim();
  const facets = p.facet_by === undefined ? [] : splitTopLevel(String(p.facet_by)).map((e) => facetSpec(e.trim(), c));
  const strategies = facetStrategies(p.facet_strategy, facets.length);
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

  const matched = filterText === "" ? cacheOf(c).list : matching(c, filterText);
  const result: Record<string, unknown> = {
    found: matched.length,
    out_of: c.docs.size,
    page,
    request_params: { collection_name: c.name, per_page: perPage, q: "*" },
    search_time_ms: 0,
  };
  let ranked = false;
  if (groupBy !== undefined) {
    // Each group keeps its best `groupLimit` documents; the groups are ordered by their best one.
    const groups = new Map<string, { docs: Doc[]; found: number }>();
    for (const doc of matched) {
      const key = String(doc[groupBy]);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { docs: [], found: 0 }));
      group.found++;
      if (group.docs.length < groupLimit || order(doc, group.docs[group.docs.length - 1]) < 0) {
        let at = group.docs.length;
        while (at > 0 && order(doc, group.docs[at - 1]) < 0) at--;
        group.docs.splice(at, 0, doc);
        if (group.docs.length > groupLimit) group.docs.pop();
      }
    }
    const sorted = [...groups.values()].sort((a, b) => order(a.docs[0], b.docs[0]));
    result.found = groups.size;
    result.found_docs = matched.length;
    result.grouped_hits = sorted.slice((page - 1) * perPage, page * perPage).map((group) => ({
      group_key: [group.docs[0][groupBy]],
      found: group.found,
      hits: group.docs.map(project),
    }));
    ranked = perPage > 0;
  } else if (perPage > 0) {
    const sorted = sort.length ? [...matched].sort(order) : matched;
    result.hits = sorted.slice((page - 1) * perPage, page * perPage).map(project);
    ranked = true;
  } else {
    result.hits = [];
  }
  if (facets.length) {
    const max = p.max_facet_values === undefined ? LIMITS.defaultMaxFacetValues : Number(p.max_facet_values);
    const wildcardNoFilter = filterText === "";
    result.facet_counts = facets.map((spec, i) => {
      const counts = countFacet(c, spec, matched, { strategy: strategies[i], max, wildcardNoFilter, grouped: groupBy !== undefined });
      const sorted = [...counts].sort((a, b) => b[1] - a[1]).slice(0, max);
      return { field_name: spec.field, counts: sorted.map(([value, count]) => ({ value, count, highlighted: value })), sampled: false };
    });
  }
  return { answer: result, work: { matched: matched.length, ranked, facets: facets.length } };
}

const isNumeric = (t: FieldType) => t === "int32" || t === "int64" || t === "float";

/** Orders numbers and bigints alike (JavaScript compares the two exactly). */
export function compare(a: unknown, b: unknown): number {
  return (a as Scalar) < (b as Scalar) ? -1 : (a as Scalar) > (b as Scalar) ? 1 : 0;
}

// ---- filter_by: Typesense's tokenizer and shunting-yard, then a predicate per expression ----

function tokenizeFilter(filter: string): string[] {
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

/** A bound of an indexable comparison: a value range on a single-valued numeric field. */
interface Interval {
  lo?: Scalar;
  loOpen?: boolean;
  hi?: Scalar;
  hiOpen?: boolean;
}

interface Expression {
  test: Predicate;
  /** Set when a sorted index of `field` finds every document that can match. */
  indexed?: { field: string; intervals: Interval[] };
}

/** The documents that match the filter, in the collection's order. */
function matching(c: Collection, filter: string): Doc[] {
  const postfix = toPostfix(tokenizeFilter(filter));
  if (postfix.length > LIMITS.filterByMaxOps)
    throw new HttpError(
      400,
      `\`filter_by\` has too many operations. Maximum allowed: ${LIMITS.filterByMaxOps}. Use \`--filter-by-max-ops\` command line argument to customize this value.`,
    );
  const stack: Predicate[] = [];
  const expressions: Expression[] = [];
  for (const t of postfix) {
    if (t === "&&" || t === "||") {
      const b = stack.pop();
      const a = stack.pop();
      if (!a || !b) throw new HttpError(400, `Could not parse the filter query: unbalanced \`${t}\` operands.`);
      stack.push(t === "&&" ? (d) => a(d) && b(d) : (d) => a(d) || b(d));
    } else {
      const e = expression(t, c);
      expressions.push(e);
      stack.push(e.test);
    }
  }
  if (stack.length !== 1) throw new HttpError(400, "Could not parse the filter query.");
  const test = stack[0];
  const cache = cacheOf(c);
  // A conjunction: only the documents of its most selective indexed comparison can match.
  const candidates = postfix.includes("||") ? undefined : narrowest(cache, expressions);
  if (!candidates) return cache.list.filter(test);
  const out: Doc[] = [];
  for (const position of candidates) if (test(cache.list[position])) out.push(cache.list[position]);
  return out;
}

function narrowest(cache: CollectionCache, expressions: Expression[]): number[] | undefined {
  let best: Array<[number, number]> | undefined;
  let bestSize = Infinity;
  let bestIndex: SortedIndex | undefined;
  for (const { indexed } of expressions) {
    if (!indexed) continue;
    const index = cache.sortedBy(indexed.field);
    const ranges = indexed.intervals.map((iv) => [lowerBound(index.values, iv), upperBound(index.values, iv)] as [number, number]);
    const size = ranges.reduce((n, [a, b]) => n + Math.max(0, b - a), 0);
    if (size < bestSize) [best, bestSize, bestIndex] = [ranges, size, index];
  }
  if (!best || !bestIndex) return undefined;
  const positions = new Set<number>();
  for (const [a, b] of best) for (let i = a; i < b; i++) positions.add(bestIndex.positions[i]);
  return [...positions].sort((a, b) => a - b);
}

function lowerBound(values: Scalar[], iv: Interval): number {
  if (iv.lo === undefined) return 0;
  let [a, b] = [0, values.length];
  while (a < b) {
    const m = (a + b) >>> 1;
    const d = compare(values[m], iv.lo);
    if (d < 0 || (d === 0 && iv.loOpen)) a = m + 1;
    else b = m;
  }
  return a;
}

function upperBound(values: Scalar[], iv: Interval): number {
  if (iv.hi === undefined) return values.length;
  let [a, b] = [0, values.length];
  while (a < b) {
    const m = (a + b) >>> 1;
    const d = compare(values[m], iv.hi);
    if (d < 0 || (d === 0 && !iv.hiOpen)) a = m + 1;
    else b = m;
  }
  return a;
}

function expression(token: string, c: Collection): Expression {
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
    const wanted = new Set(
      list.map((v) => {
        const value = unquote(v);
        // eslint-disable-next-line no-control-regex
        if (/[^\x00-\x7f]/.test(value)) throw new HttpError(400, "fake: string filters on non-ASCII values are not modelled");
        const tokens = tokenized(c, value);
        if (tokens === "") throw new HttpError(400, "fake: a string filter value without tokens is not modelled");
        return tokens;
      }),
    );
    const cache = cacheOf(c);
    const normal = (v: unknown) => {
      const s = String(v);
      let t = cache.tokens.get(s);
      if (t === undefined) cache.tokens.set(s, (t = tokenized(c, s)));
      return t;
    };
    return { test: (doc) => valuesOf(doc).some((v) => v !== undefined && v !== null && wanted.has(normal(v))) };
  }
  if (type === "bool") {
    const v = raw.replace(/^=/, "").trim();
    if (v !== "true" && v !== "false") throw new HttpError(400, `Value of filter field \`${name}\` must be \`true\` or \`false\`.`);
    return { test: (doc) => valuesOf(doc).some((x) => x === (v === "true")) };
  }
  if (!isNumeric(type as FieldType)) throw new HttpError(400, `fake: filtering on a ${f.type} is not modelled`);

  const parse = (s: string): Scalar => {
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
  const intervals: Interval[] = [];
  let indexable = !f.type.endsWith("[]");
  const items = raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1).split(",") : [raw];
  if (raw.startsWith("=[")) throw new HttpError(400, "fake: `:=[` on a number is not modelled");
  for (const item of items) {
    const range = /^(.+)\.\.(.+)$/.exec(item.trim());
    if (range) {
      const [lo, hi] = [parse(range[1]), parse(range[2])];
      tests.push((x) => compare(x, lo) >= 0 && compare(x, hi) <= 0);
      intervals.push({ lo, hi });
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
    if (op === "!=") indexable = false;
    else
      intervals.push(
        op === ">=" || op === ">"
          ? { lo: bound, loOpen: op === ">" }
          : op === "<=" || op === "<"
            ? { hi: bound, hiOpen: op === "<" }
            : { lo: bound, hi: bound },
      );
  }
  return {
    test: (doc) => valuesOf(doc).some((x) => x !== undefined && x !== null && tests.some((t) => t(x))),
    indexed: indexable ? { field: name, intervals } : undefined,
  };
}

/**
 * A string as Typesense indexes it for filtering, its tokens joined by spaces: ASCII letters and
 * digits (lowercased) and the collection's symbols_to_index are kept, spaces and
 * token_separators split, every other ASCII character is dropped. Other characters are kept
 * (lowercased); Typesense normalises them further, which the fake does not model.
 */
export function tokenized(c: Pick<Collection, "symbolsToIndex" | "tokenSeparators">, value: string): string {
  const tokens: string[] = [];
  let current = "";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 128) {
      if (/[A-Za-z0-9]/.test(ch) || c.symbolsToIndex.includes(ch)) current += ch.toLowerCase();
      else if (ch === " " || ch === "\n" || c.tokenSeparators.includes(ch)) {
        if (current) tokens.push(current);
        current = "";
      }
    } else current += ch.toLowerCase();
  }
  if (current) tokens.push(current);
  return tokens.join(" ");
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

// ---- facets ----

type FacetStrategy = "exhaustive" | "top_values" | "automatic";
const STRATEGIES = new Set<string>(["exhaustive", "top_values", "automatic"]);

/** `facet_strategy`: one for every facet, or one per facet (comma-separated). */
function facetStrategies(param: unknown, facets: number): FacetStrategy[] {
  if (param === undefined || String(param) === "") return Array<FacetStrategy>(facets).fill("automatic");
  const names = String(param).split(",");
  for (const n of names) if (!STRATEGIES.has(n)) throw new HttpError(400, `Invalid facet index type: ${n}`);
  if (names.length === 1) return Array<FacetStrategy>(facets).fill(names[0] as FacetStrategy);
  if (names.length !== facets) throw new HttpError(400, "Size of facet_index_type does not match size of facets.");
  return names as FacetStrategy[];
}

interface FacetSpec {
  field: string;
  /** The facet value a raw value counts under (a range's label), or undefined. */
  label(raw: string): string | undefined;
}

function rawValues(doc: Doc, field: string): string[] {
  const v = doc[field];
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? [...new Set(v.map(String))] : [String(v)];
}

function facetSpec(expr: string, c: Collection): FacetSpec {
  const range = /^(\w+)\((.+)\)$/.exec(expr);
  const field = range ? range[1] : expr;
  const f = c.fields.get(field);
  if (!f || !f.facet) throw new HttpError(404, `Could not find a facet field named \`${field}\` in the schema.`);
  if (!range) return { field, label: (raw) => raw };
  if (!isNumeric(f.type)) throw new HttpError(400, "Range facet is restricted to only integer and float fields.");
  const ranges = [...range[2].matchAll(/([^,:\s]+):\[(-?\d+), (-?\d+)\]/g)];
  if (ranges.map((m) => m[0]).join(", ") !== range[2]) throw new HttpError(400, "Error splitting the facet range values.");
  const parsed = ranges.map((m) => {
    if (!/^[A-Za-z0-9]+$/.test(m[1])) throw new HttpError(400, "Facet range value is not valid.");
    return { label: m[1], lo: BigInt(m[2]), hi: BigInt(m[3]) };
  });
  return {
    field,
    label: (raw) => {
      const v = BigInt(raw);
      return parsed.find((r) => r.lo <= v && v < r.hi)?.label; // start inclusive, end exclusive
    },
  };
}

/**
 * A facet's counts over the matches. From the hash index (exhaustive) every match counts; from
 * the value index (top_values, or automatic when Typesense picks it: ungrouped, and no filter or
 * more than 1,000 matches with under 250 values or over half the collection) only the values met
 * first in the collection-wide count order, up to max (2 × max with a filter).
 */
function countFacet(
  c: Collection,
  spec: FacetSpec,
  matched: readonly Doc[],
  o: { strategy: FacetStrategy; max: number; wildcardNoFilter: boolean; grouped: boolean },
): Map<string, number> {
  const byRaw = new Map<string, number>();
  for (const doc of matched) for (const raw of rawValues(doc, spec.field)) byRaw.set(raw, (byRaw.get(raw) ?? 0) + 1);
  const index = cacheOf(c).facetIndex(spec.field);
  const n = matched.length;
  const useValueIndex =
    o.strategy !== "exhaustive" &&
    index.hasValueIndex &&
    (o.strategy === "top_values" ||
      (!o.grouped && (o.wildcardNoFilter || (n > 1000 && index.byCount.length < 250) || (n > 1000 && n * 2 > c.docs.size))));
  let counted: Iterable<[string, number]> = byRaw;
  if (useValueIndex) {
    const limit = Math.min(o.wildcardNoFilter ? o.max : 2 * o.max, index.byCount.length);
    const found: Array<[string, number]> = [];
    for (const raw of index.byCount) {
      const count = byRaw.get(raw);
      if (count) found.push([raw, count]);
      if (found.length === limit) break;
    }
    counted = found;
  }
  const counts = new Map<string, number>();
  for (const [raw, count] of counted) {
    const label = spec.label(raw);
    if (label !== undefined) counts.set(label, (counts.get(label) ?? 0) + count);
  }
  return counts;
}

/** JSON with bigint written as its digits, as Typesense writes int64. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_k, v: unknown) => (typeof v === "bigint" ? `\u0000${v}\u0000` : v)).replace(
    /"\\u0000(-?\d+)\\u0000"/g,
    "$1",
  );
}
