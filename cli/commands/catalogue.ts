import type { Database } from "better-sqlite3";
import type { Db } from "../../db/client";
import type { Config } from "../../app/utils/config.server";
import { FEED_LIMITS, STORE_LIMITS } from "../../app/domain/constants";
import { z } from "../../app/domain/zod";
import { nameKey } from "../../app/domain/plain-text";
import { catalogueFacts, describeFeedError } from "../feed-schema";
import { applyToOffers, readSides, startOffersChange, type Side } from "../apply/sides";
import { skiScore } from "../score";
import { reindexAfterImport } from "./reindex";
import { isResortFactField, RESORT_FACT_FIELDS } from "../../app/domain/resort-facts";
import { readResortFacts } from "../../app/services/destinations/resort-facts.server";
import { runResortFactSet } from "./resort-facts";

// `catalogue show KIND KEY` and `catalogue set KIND KEY FIELD VALUE`: the one way to change a
// shared fact (feeds never do: the first definition stands). A change goes live like an import:
// the offers whose score depends on it are rewritten on the spare side, then switched.

interface Field {
  column: string;
  schema: z.ZodType;
  /** The table a slug value must exist in. */
  references?: string;
}

/** SQL that is true when a kept offer has `value` in `column` (see isLiveEntry). */
type OfferNames = (column: string, value: string) => string;

interface Kind {
  table: string;
  key: string;
  fields: Record<string, Field>;
  /** SQL that is true when the entry `@key` is live, given how to ask the offers. */
  live: (offerNames: OfferNames) => string;
}

const throughAccommodations = (offerNames: OfferNames, joins: string, where: string) =>
  `EXISTS (SELECT 1 FROM ${joins} WHERE ${where} = @key AND ${offerNames("accommodation_id", "a.id")})`;

const f = catalogueFacts;
const KINDS: Record<string, Kind> = {
  country: {
    table: "countries",
    key: "slug",
    fields: { name: { column: "name", schema: f.name } },
    live: (o) =>
      throughAccommodations(
        o,
        "regions g JOIN resorts r ON r.region_slug = g.slug JOIN accommodations a ON a.resort_slug = r.slug",
        "g.country_slug",
      ),
  },
  region: {
    table: "regions",
    key: "slug",
    fields: { name: { column: "name", schema: f.name }, country: { column: "country_slug", schema: f.slug, references: "countries" } },
    live: (o) => throughAccommodations(o, "resorts r JOIN accommodations a ON a.resort_slug = r.slug", "r.region_slug"),
  },
  resort: {
    table: "resorts",
    key: "slug",
    fields: { name: { column: "name", schema: f.name }, region: { column: "region_slug", schema: f.slug, references: "regions" } },
    live: (o) => throughAccommodations(o, "accommodations a", "a.resort_slug"),
  },
  accommodation: {
    table: "accommodations",
    key: "id",
    fields: {
      name: { column: "name", schema: f.name },
      rating: { column: "rating", schema: f.rating },
      lat: { column: "lat", schema: f.lat },
      lng: { column: "lng", schema: f.lng },
      imageUrl: { column: "image_url", schema: f.imageUrl },
      resort: { column: "resort_slug", schema: f.slug, references: "resorts" },
    },
    live: (o) => o("accommodation_id", "@key"),
  },
  feature: {
    table: "features",
    key: "value",
    fields: { name: { column: "name", schema: f.label } },
    live: (o) => throughAccommodations(o, "accommodation_features x JOIN accommodations a ON a.id = x.accommodation_id", "x.feature_value"),
  },
  "meal-plan": {
    table: "meal_plans",
    key: "slug",
    fields: { title: { column: "title", schema: f.label }, short: { column: "short", schema: f.short } },
    live: (o) => o("meal_plan_slug", "@key"),
  },
  company: {
    table: "travel_companies",
    key: "slug",
    fields: { name: { column: "name", schema: f.name } },
    live: (o) => o("company_slug", "@key"),
  },
};
/** The accommodation's lists, comma-separated on the command line. */
const LISTS = { features: "accommodation_features", tags: "accommodation_tags" } as const;

export const CATALOGUE_USAGE = `catalogue show ART NØGLE
  catalogue set ART NØGLE FELT VÆRDI
      ART og FELT: ${Object.entries(KINDS)
        .map(
          ([kind, k]) =>
            `${kind} (${[...Object.keys(k.fields), ...(kind === "accommodation" ? Object.keys(LISTS) : []), ...(kind === "resort" ? RESORT_FACT_FIELDS : [])].join(", ")})`,
        )
        .join("; ")}
      imageUrl - fjerner billedet; en resorts fakta fjernes med -; features og tags er kommaseparerede lister
  catalogue import FIL|-           importér skisportssteders fakta (NDJSON, én resort pr. linje)`;

/**
 * `catalogue show KIND KEY`: the entry's facts as JSON, when the entry is live. It takes no lock
 * and clears nothing, so it leaves out the entries an import adds ahead of its switch (running,
 * or killed: docs/feed.md says a killed import changes nothing) by asking whether the offers an
 * import or `catalogue set` would keep name it (isLiveEntry), as `catalogue set` finds them.
 */
export function runCatalogueShow(db: Db, kindName: string, key: string): number {
  const kind = kindOf(kindName);
  if (!kind) return fail(`ukendt art: ${kindName} (${Object.keys(KINDS).join(", ")})`);
  const sqlite = db.$client;
  const facts = sqlite.transaction(() => (isLiveEntry(sqlite, kind, key) ? readEntry(sqlite, kind, key) : undefined))();
  if (!facts) return fail(`${kindName} ${key} findes ikke i kataloget`);
  // A resort's facts (docs/feed.md "Resort facts") beside its names: only those it has.
  console.log(JSON.stringify(kindName === "resort" ? { ...facts, ...readResortFacts(db, key) } : facts, null, 2));
  return 0;
}

/** `catalogue set KIND KEY FIELD VALUE`: changes one shared fact. */
export async function runCatalogueSet(
  db: Db,
  kindName: string,
  key: string,
  fieldName: string,
  raw: string,
  config: Pick<Config, "searchEngine" | "typesense">,
): Promise<number> {
  const kind = kindOf(kindName);
  if (!kind) return fail(`ukendt art: ${kindName} (${Object.keys(KINDS).join(", ")})`);
  // A resort's facts are no part of a search: no offers to rewrite, no new index generation.
  if (kindName === "resort" && isResortFactField(fieldName)) return runResortFactSet(db, key, fieldName, raw);
  const release = await startOffersChange(db);
  try {
    const sqlite = db.$client;
    const before = readEntry(sqlite, kind, key);
    if (!before) return fail(`${kindName} ${key} findes ikke i kataloget`);
    const change =
      kindName === "accommodation" && Object.hasOwn(LISTS, fieldName)
        ? listChange(sqlite, key, fieldName as keyof typeof LISTS, raw)
        : factChange(sqlite, kind, key, fieldName, raw);
    if (typeof change === "string") return fail(change);
    if (JSON.stringify(change.value) === JSON.stringify(before[fieldName])) {
      console.log(`${kindName} ${key}: ${fieldName} er allerede ${JSON.stringify(change.value)}; intet er ændret.`);
      return 0;
    }
    // An accommodation's stars and number of features are part of its offers' score.
    const scored =
      fieldName === "rating"
        ? { rating: change.value as number, featureCount: (before.features as string[]).length }
        : fieldName === "features"
          ? { rating: before.rating as number, featureCount: (change.value as string[]).length }
          : null;
    const generation = await applyToOffers(db, readSides(sqlite), {
      writeSpare: (spare, version) => (scored ? rescoreOffers(sqlite, spare, version, key, scored) : noWrites()),
      inSwitch: change.apply,
    });
    console.log(
      `${kindName} ${key}: ${fieldName} ${JSON.stringify(before[fieldName])} → ${JSON.stringify(change.value)}. Indeksgeneration ${generation}.`,
    );
    await reindexAfterImport(db, config);
    return 0;
  } finally {
    release();
  }
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

const kindOf = (name: string): Kind | undefined => (Object.hasOwn(KINDS, name) ? KINDS[name] : undefined);

interface Change {
  value: unknown;
  /** Runs in the switch transaction. */
  apply: () => void;
}

function factChange(sqlite: Database, kind: Kind, key: string, fieldName: string, raw: string): Change | string {
  const field = Object.hasOwn(kind.fields, fieldName) ? kind.fields[fieldName] : undefined;
  if (!field)
    return `ukendt felt: ${fieldName} (${[...Object.keys(kind.fields), ...(kind.table === "resorts" ? RESORT_FACT_FIELDS : [])].join(", ")})`;
  // A number only as a feed writes one (no "", "0x10" or "1e999", which Number() would take); anything
  // else goes to the field's check as the string it is, and gets the reason a feed line would.
  const numeric = ["rating", "lat", "lng"].includes(fieldName) && DECIMAL.test(raw);
  const input = fieldName === "imageUrl" && raw === "-" ? null : numeric ? Number(raw) : raw;
  const parsed = field.schema.safeParse(input, { reportInput: true });
  if (!parsed.success) return describeFeedError(parsed.error).replace(/^linjen/, fieldName);
  const value = parsed.data;
  if (field.references && !sqlite.prepare(`SELECT 1 FROM ${field.references} WHERE slug = ?`).get(value)) {
    return `${String(value)} findes ikke i kataloget (${field.references})`;
  }
  // A company's name is its own: two companies of one name could not be told apart (docs/feed.md "Names").
  if (kind.table === "travel_companies" && fieldName === "name") {
    const rows = sqlite.prepare("SELECT slug, name FROM travel_companies WHERE slug <> ?").all(key) as Array<{
      slug: string;
      name: string;
    }>;
    const holder = rows.find((c) => nameKey(c.name) === nameKey(value as string));
    if (holder) return `navnet "${String(value)}" bruges allerede af rejseselskab "${holder.slug}"`;
  }
  return {
    value,
    apply: () => sqlite.prepare(`UPDATE ${kind.table} SET ${field.column} = ? WHERE ${kind.key} = ?`).run(value, key),
  };
}

function listChange(sqlite: Database, id: string, list: keyof typeof LISTS, raw: string): Change | string {
  const values = [...new Set(raw.split(",").map((v) => v.trim()))].filter(Boolean).sort();
  const max = list === "features" ? FEED_LIMITS.featuresPerAccommodation : FEED_LIMITS.tagsPerAccommodation;
  if (values.length > max) return `højst ${max} ${list === "features" ? "faciliteter" : "kategorier"} pr. overnatningssted`;
  for (const v of values) if (!catalogueFacts.slug.safeParse(v).success) return `${v}: skal være en slug`;
  if (list === "features") {
    const unknown = values.filter((v) => !sqlite.prepare("SELECT 1 FROM features WHERE value = ?").get(v));
    if (unknown.length) return `ukendte faciliteter: ${unknown.join(", ")} (en ny facilitet kommer med et feed)`;
  }
  // Within the store-wide limit even if every value were new to the offers for sale.
  const inUse = sqlite
    .prepare(
      list === "features"
        ? "SELECT DISTINCT feature_value FROM accommodation_features WHERE accommodation_id IN (SELECT accommodation_id FROM trips WHERE available = 1)"
        : "SELECT DISTINCT tag_slug FROM accommodation_tags WHERE accommodation_id IN (SELECT accommodation_id FROM trips WHERE available = 1)",
    )
    .pluck()
    .all() as string[];
  const limit = list === "features" ? STORE_LIMITS.features : STORE_LIMITS.tags;
  if (new Set([...inUse, ...values]).size > limit) return `så ville databasen have flere end ${limit} ${list} i brug`;
  const column = list === "features" ? "feature_value" : "tag_slug";
  return {
    value: values,
    apply: () => {
      if (list === "tags") for (const v of values) sqlite.prepare("INSERT OR IGNORE INTO tags (slug) VALUES (?)").run(v);
      sqlite.prepare(`DELETE FROM ${LISTS[list]} WHERE accommodation_id = ?`).run(id);
      const add = sqlite.prepare(`INSERT INTO ${LISTS[list]} (accommodation_id, ${column}) VALUES (?, ?)`);
      for (const v of values) add.run(id, v);
    },
  };
}

/**
 * Whether a catalogue entry is live: named, directly or through the places and lists of an
 * accommodation, by an offer on the live side or by one on the spare side that a change made
 * live before (changed_version up to the live version). That is what the tidying before every
 * change of offers keeps (tidyCatalogue after dropping a killed change, apply/sides.ts).
 */
function isLiveEntry(sqlite: Database, kind: Kind, key: string): boolean {
  const { live, spare, version } = readSides(sqlite);
  const offerNames: OfferNames = (column, value) =>
    `(EXISTS (SELECT 1 FROM ${live} o WHERE o.${column} = ${value})
      OR EXISTS (SELECT 1 FROM ${spare} o WHERE o.${column} = ${value} AND o.changed_version <= ${Number(version)}))`;
  return (
    sqlite
      .prepare(`SELECT ${kind.live(offerNames)}`)
      .pluck()
      .get({ key }) === 1
  );
}

function readEntry(sqlite: Database, kind: Kind, key: string): Record<string, unknown> | undefined {
  const columns = Object.entries(kind.fields)
    .map(([name, field]) => `${field.column} AS "${name}"`)
    .join(", ");
  const row = sqlite.prepare(`SELECT ${columns} FROM ${kind.table} WHERE ${kind.key} = ?`).get(key) as Record<string, unknown> | undefined;
  if (!row || kind.table !== "accommodations") return row;
  const list = (table: string, column: string) =>
    sqlite.prepare(`SELECT ${column} FROM ${table} WHERE accommodation_id = ? ORDER BY ${column}`).pluck().all(key);
  return { ...row, features: list("accommodation_features", "feature_value"), tags: list("accommodation_tags", "tag_slug") };
}

/** The accommodation's offers with their score recomputed from its new stars or features. */
function* rescoreOffers(
  sqlite: Database,
  spare: Side,
  version: number,
  id: string,
  facts: { rating: number; featureCount: number },
): Generator<void> {
  const offers = sqlite
    .prepare(
      `SELECT id, ski_pass_included AS skiPassIncluded, ski_pass_days AS skiPassDays, meal_plan_slug AS mealPlanSlug,
              price_per_person AS pricePerPerson, nights, discount_percentage AS discount FROM ${spare} WHERE accommodation_id = ?`,
    )
    .all(id) as Array<{
    id: string;
    skiPassIncluded: number;
    skiPassDays: number;
    mealPlanSlug: string;
    pricePerPerson: number;
    nights: number;
    discount: number;
  }>;
  const set = sqlite.prepare(`UPDATE ${spare} SET ski_score = ?, changed_version = ? WHERE id = ?`);
  for (let k = 0; k < offers.length; k += 400) {
    for (const o of offers.slice(k, k + 400)) {
      set.run(skiScore({ ...o, ...facts, skiPassIncluded: o.skiPassIncluded === 1 }, o.discount), version, o.id);
    }
    yield;
  }
}

function* noWrites(): Generator<void> {}

function fail(message: string): number {
  console.error(`Fejl: ${message}`);
  return 2;
}
