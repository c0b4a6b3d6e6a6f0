import {
  BOOLEAN,
  DOUBLE,
  DuckDBConnection,
  DuckDBDataChunk,
  DuckDBInstance,
  INTEGER,
  VARCHAR,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from "@duckdb/node-api";
import type { Db } from "../../../db/client";
import { PAGE_SIZE, FULL_PRICE_BAND, FULL_PRICE_MAX, PER_PERSON_PRICE_BAND, PER_PERSON_PRICE_MAX } from "~/domain/constants";
import type { SearchQuery } from "~/domain/search-data";
import { compileSearch, type CompiledSearch } from "~/search/compile";
import { dropEmpty, type BenchEngine, type BenchResult } from "../engine";
import { TODAY } from "../queries";
import { PER_PERSON_KEYS, PRICE_KEYS } from "./common";
import { loadSource } from "./source";

// DuckDB (in-process, in-memory) over one denormalised table of the trips, loaded through the
// appender in data chunks. Each search is two prepared statements on one persistent connection:
// the items (GROUP BY accommodation with arg_min) and all facets (UNION ALL of GROUP BYs over a materialised CTE
// that evaluates every filter once). Statements are prepared once per query shape and reused.

type Owned = "company" | "meal" | "rating" | "ski" | "price";
const OWNED: Owned[] = ["company", "meal", "rating", "ski", "price"];
const FLAG: Record<Owned, string> = { company: "ok_c", meal: "ok_m", rating: "ok_r", ski: "ok_s", price: "ok_p" };

interface Part {
  sql: string;
  params: DuckDBValue[];
}

const CHUNK_ROWS = 2048;

export function duckdbEngine(db: Db): BenchEngine {
  let instance: DuckDBInstance | undefined;
  let conn: DuckDBConnection | undefined;
  let features: string[] = [];
  let tags: string[] = [];
  const prepared = new Map<string, DuckDBPreparedStatement>();
  const split = { facets: 0, items: 0 };

  async function statement(sql: string): Promise<DuckDBPreparedStatement> {
    let st = prepared.get(sql);
    if (!st) prepared.set(sql, (st = await conn!.prepare(sql)));
    return st;
  }

  async function run(sql: string, params: DuckDBValue[]): Promise<DuckDBValue[][]> {
    const st = await statement(sql);
    st.clearBindings();
    if (params.length) st.bind(params);
    const reader = await st.runAndReadAll();
    return reader.getRows();
  }

  function list(n: number): string {
    return Array.from({ length: n }, () => "?").join(", ");
  }

  function hard(q: CompiledSearch): Part[] {
    const parts: Part[] = [{ sql: "persons = ?", params: [q.persons] }];
    if (q.departureRanges.length === 0) parts.push({ sql: "FALSE", params: [] });
    else
      parts.push({
        sql: `(${q.departureRanges.map(() => "day BETWEEN ? AND ?").join(" OR ")})`,
        params: q.departureRanges.flat(),
      });
    const area = q.area;
    if (area.type === "destinations") {
      const s = area.destinationSlugs;
      parts.push({
        sql: `(resort IN (${list(s.length)}) OR region IN (${list(s.length)}) OR country IN (${list(s.length)}))`,
        params: [...s, ...s, ...s],
      });
    } else if (area.type === "tags") {
      const cols = area.tags
        .map((t) => tags.indexOf(t))
        .filter((i) => i >= 0)
        .map((i) => `t_${i}`);
      parts.push({ sql: cols.length ? `(${cols.join(" OR ")})` : "FALSE", params: [] });
    } else if (area.type === "geo") {
      const [south, west, north, east] = area.bbox;
      parts.push({ sql: "lat BETWEEN ? AND ? AND lng BETWEEN ? AND ?", params: [south, north, west, east] });
    }
    for (const f of q.features) {
      const i = features.indexOf(f);
      parts.push({ sql: i >= 0 ? `f_${i}` : "FALSE", params: [] });
    }
    if (q.filters.minSkiPassDaysCount !== undefined) parts.push({ sql: "ski_days >= ?", params: [q.filters.minSkiPassDaysCount] });
    if (q.filters.maxSkiPassDaysCount !== undefined) parts.push({ sql: "ski_days <= ?", params: [q.filters.maxSkiPassDaysCount] });
    return parts;
  }

  function owned(q: CompiledSearch, which: Owned): Part | null {
    const f = q.filters;
    switch (which) {
      case "company":
        return f.travelCompanies?.length ? { sql: `company IN (${list(f.travelCompanies.length)})`, params: f.travelCompanies } : null;
      case "meal":
        return f.mealPlanTypes?.length ? { sql: `meal IN (${list(f.mealPlanTypes.length)})`, params: f.mealPlanTypes } : null;
      case "rating":
        return f.minRating !== undefined ? { sql: "rating >= ?", params: [f.minRating] } : null;
      case "ski":
        return f.skiPassIncluded !== undefined ? { sql: "ski = ?", params: [f.skiPassIncluded] } : null;
      case "price": {
        const p: Part[] = [];
        if (f.minPrice !== undefined) p.push({ sql: "pp >= ?", params: [f.minPrice] });
        if (f.maxPrice !== undefined) p.push({ sql: "pp <= ?", params: [f.maxPrice] });
        if (f.minFullPrice !== undefined) p.push({ sql: "price >= ?", params: [f.minFullPrice] });
        if (f.maxFullPrice !== undefined) p.push({ sql: "price <= ?", params: [f.maxFullPrice] });
        return p.length ? and(p) : null;
      }
    }
  }

  function and(parts: Part[]): Part {
    return { sql: parts.map((p) => `(${p.sql})`).join(" AND "), params: parts.flatMap((p) => p.params) };
  }

  async function items(q: CompiledSearch, page: number, where: Part): Promise<Pick<BenchResult, "items" | "accommodationCount">> {
    // Best trip per accommodation: arg_min over (sort key, trip id); accommodations by their best
    // key, then id. (A row_number() window gives the same rows but measured ~4× slower here.)
    const [keyExpr, best, order] =
      q.sort === "price:asc"
        ? ["price", "min(price)", "best ASC"]
        : q.sort === "discountPercentage:desc"
          ? ["-discount", "max(discount)", "best DESC"]
          : ["-score", "max(score)", "best DESC"];
    const sql = `
      SELECT arg_min(id, (${keyExpr}, id)) AS id, acc, count(*)::INTEGER AS offer_count, count(*) OVER () AS acc_count,
             count(DISTINCT company)::INTEGER AS company_count, ${best} AS best
        FROM trips WHERE ${where.sql}
       GROUP BY acc
       ORDER BY ${order}, acc LIMIT ${PAGE_SIZE} OFFSET ?`;
    const rows = await run(sql, [...where.params, (page - 1) * PAGE_SIZE]);
    let accommodationCount = rows.length ? Number(rows[0][3]) : 0;
    if (!rows.length && page > 1) {
      const c = await run(`SELECT count(DISTINCT acc)::INTEGER FROM trips WHERE ${where.sql}`, where.params);
      accommodationCount = Number(c[0][0]);
    }
    return {
      accommodationCount,
      items: rows.map((r) => ({ acc: r[1] as string, trip: r[0] as string, offerCount: Number(r[2]) })),
    };
  }

  async function facets(q: CompiledSearch): Promise<Pick<BenchResult, "facets" | "totalCount">> {
    const h = and(hard(q));
    const set = OWNED.map((o) => [o, owned(q, o)] as const).filter((e): e is readonly [Owned, Part] => e[1] !== null);
    const flagCols = set.map(([o, p]) => `(${p.sql}) AS ${FLAG[o]}`);
    const flagParams = set.flatMap(([, p]) => p.params);
    const whereExcept = (ignore: Owned | null) => {
      const flags = set.filter(([o]) => o !== ignore).map(([o]) => FLAG[o]);
      return flags.length ? `WHERE ${flags.join(" AND ")}` : "";
    };
    const featureCols = features.map((_, i) => `f_${i}`);
    const sql = `
      WITH b AS MATERIALIZED (
        SELECT price, pp, meal, company, rating, ski${featureCols.length ? ", " + featureCols.join(", ") : ""}
               ${flagCols.length ? ", " + flagCols.join(", ") : ""}
          FROM trips WHERE ${h.sql}
      )
      SELECT 'priceRange' AS facet, least(floor(price / ${FULL_PRICE_BAND}), ${FULL_PRICE_MAX / FULL_PRICE_BAND})::INTEGER::VARCHAR AS k, count(*)::INTEGER AS n
        FROM b ${whereExcept("price")} GROUP BY ALL
      UNION ALL
      SELECT 'pricePerPersonRange', least(floor(pp / ${PER_PERSON_PRICE_BAND}), ${PER_PERSON_PRICE_MAX / PER_PERSON_PRICE_BAND})::INTEGER::VARCHAR, count(*)::INTEGER
        FROM b ${whereExcept("price")} GROUP BY ALL
      UNION ALL
      SELECT 'mealPlanType', meal, count(*)::INTEGER FROM b ${whereExcept("meal")} GROUP BY ALL
      UNION ALL
      SELECT 'skiPassIncluded', ski::VARCHAR, count(*)::INTEGER FROM b ${whereExcept("ski")} GROUP BY ALL
      UNION ALL
      SELECT 'accommodation_rating', rating::VARCHAR, count(*)::INTEGER FROM b ${whereExcept("rating")} GROUP BY ALL
      UNION ALL
      SELECT 'travelCompanySlug', company, count(*)::INTEGER FROM b ${whereExcept("company")} GROUP BY ALL
      UNION ALL
      SELECT 'features', unnest(ks), unnest(ns) FROM (
        SELECT [${features.map((f) => `'${f.replace(/'/g, "''")}'`).join(", ")}] AS ks,
               [count(*)::INTEGER${featureCols.map((c) => `, count(*) FILTER (WHERE ${c})::INTEGER`).join("")}][2:] AS ns
          FROM b ${whereExcept(null)})
      UNION ALL
      SELECT 'totalCount', NULL, count(*)::INTEGER FROM b ${whereExcept(null)}`;
    const rows = await run(sql, [...flagParams, ...h.params]);
    const out: BenchResult["facets"] = {
      priceRange: {},
      pricePerPersonRange: {},
      mealPlanType: {},
      skiPassIncluded: {},
      accommodation_rating: {},
      travelCompanySlug: {},
    };
    let totalCount = 0;
    for (const [facet, k, nRaw] of rows as Array<[string, string | null, number]>) {
      const n = Number(nRaw);
      if (facet === "totalCount") totalCount = n;
      else if (n === 0) continue;
      else if (facet === "features") out[`accommodation_features_${k}`] = { true: n };
      else if (facet === "priceRange") out.priceRange[PRICE_KEYS[Number(k)]] = n;
      else if (facet === "pricePerPersonRange") out.pricePerPersonRange[PER_PERSON_KEYS[Number(k)]] = n;
      else out[facet][k!] = n;
    }
    return { facets: dropEmpty(out), totalCount };
  }

  return {
    name: "duckdb",
    async build() {
      const source = loadSource(db);
      features = source.features;
      tags = source.tags;
      instance = await DuckDBInstance.create(":memory:");
      conn = await instance.connect();
      const columns: Array<[string, DuckDBType, (t: (typeof source.trips)[number]) => DuckDBValue]> = [
        ["id", VARCHAR, (t) => t.id],
        ["acc", VARCHAR, (t) => t.acc],
        ["company", VARCHAR, (t) => t.company],
        ["meal", VARCHAR, (t) => t.meal],
        ["day", INTEGER, (t) => t.day],
        ["persons", INTEGER, (t) => t.persons],
        ["price", DOUBLE, (t) => t.price],
        ["pp", DOUBLE, (t) => t.pp],
        ["discount", INTEGER, (t) => t.discount],
        ["score", INTEGER, (t) => t.score],
        ["ski", BOOLEAN, (t) => t.ski],
        ["ski_days", INTEGER, (t) => t.skiDays],
        ["rating", INTEGER, (t) => t.rating],
        ["resort", VARCHAR, (t) => t.resort],
        ["region", VARCHAR, (t) => t.region],
        ["country", VARCHAR, (t) => t.country],
        ["lat", DOUBLE, (t) => t.lat],
        ["lng", DOUBLE, (t) => t.lng],
        ["nights", INTEGER, (t) => t.nights],
        ["transport", VARCHAR, (t) => t.transport],
        ["url", VARCHAR, (t) => t.url],
        ["original_price", DOUBLE, (t) => t.originalPrice],
        ...features.map((f, i): [string, DuckDBType, (t: (typeof source.trips)[number]) => DuckDBValue] => [
          `f_${i}`,
          BOOLEAN,
          (t) => t.features.includes(f),
        ]),
        ...tags.map((g, i): [string, DuckDBType, (t: (typeof source.trips)[number]) => DuckDBValue] => [
          `t_${i}`,
          BOOLEAN,
          (t) => t.tags.includes(g),
        ]),
      ];
      await conn.run(`CREATE TABLE trips (${columns.map(([name, type]) => `${name} ${type.toString()}`).join(", ")})`);
      const appender = await conn.createAppender("trips");
      const types = columns.map((c) => c[1]);
      const trips = source.trips;
      for (let start = 0; start < trips.length; start += CHUNK_ROWS) {
        const slice = trips.slice(start, start + CHUNK_ROWS);
        const chunk = DuckDBDataChunk.create(types, slice.length);
        chunk.setColumns(columns.map(([, , get]) => slice.map(get)));
        appender.appendDataChunk(chunk);
      }
      appender.closeSync();
      await conn.run("CHECKPOINT");
    },
    async search(query: SearchQuery) {
      const q = compileSearch(query.searchData, query.sort, TODAY);
      const hardPart = and(hard(q));
      const ownedParts = OWNED.map((o) => owned(q, o)).filter((p): p is Part => p !== null);
      const where = and([hardPart, ...ownedParts]);
      const t0 = performance.now();
      const f = await facets(q);
      const t1 = performance.now();
      const i = await items(q, query.page, where);
      split.facets += t1 - t0;
      split.items += performance.now() - t1;
      return { ...f, ...i };
    },
    normalize: (r) => r,
    notes: () => [
      `duckdb: in-memory table loaded with the appender (data chunks of ${CHUNK_ROWS}); per search 2 prepared statements on one connection ` +
        `(items: GROUP BY acc with arg_min(id, (key, id)); facets: UNION ALL of GROUP BYs over a MATERIALIZED CTE); ${prepared.size} statements prepared (one per query shape)`,
      `duckdb: time split over all searches: facets statement ${Math.round((100 * split.facets) / (split.facets + split.items))}%, items statement ${Math.round((100 * split.items) / (split.facets + split.items))}%`,
    ],
    close() {
      conn?.closeSync();
      instance?.closeSync();
    },
  };
}
