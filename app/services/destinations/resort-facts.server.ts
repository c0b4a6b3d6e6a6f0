import { eq } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import type { Db } from "../../../db/client";
import { bumpContentVersion } from "../../../db/content-version";
import { resortFacts, resorts } from "../../../db/schema";
import { RESORT_FACT_FIELDS, type ResortFacts } from "~/domain/resort-facts";
import { applyFactChange, factsConflict, type FactChange } from "~/domain/resort-facts-input";
import { audited, type Actor } from "../audit/audit.server";

// The resorts' facts in the store (docs/feed.md "Resort facts"). Every change, from the CLI or the
// dashboard, goes through setResortFacts: checked against the catalogue and the other facts,
// written with its audit entry in one transaction, and it bumps the content version, so the
// pages' caches (server/page-cache.ts, the destination pages' data) show it on the next view.

type Row = typeof resortFacts.$inferSelect;

function factsOf(row: Row | undefined): ResortFacts {
  const facts: ResortFacts = {};
  if (!row) return facts;
  for (const field of RESORT_FACT_FIELDS) {
    const value = row[field];
    if (value !== null) facts[field] = value;
  }
  return facts;
}

/** A resort's facts (empty when it has none). */
export function readResortFacts(db: Db, slug: string): ResortFacts {
  return factsOf(db.select().from(resortFacts).where(eq(resortFacts.resortSlug, slug)).get());
}

/** Every resort's facts and when they last changed, by resort slug. */
export function allResortFacts(db: Db): Map<string, { facts: ResortFacts; updatedAt: Date }> {
  return new Map(
    db
      .select()
      .from(resortFacts)
      .all()
      .map((row) => [row.resortSlug, { facts: factsOf(row), updatedAt: row.updatedAt }]),
  );
}

export function resortExists(db: Db, slug: string): boolean {
  return db.select({ slug: resorts.slug }).from(resorts).where(eq(resorts.slug, slug)).get() !== undefined;
}

export type FactsOutcome = { ok: true; before: ResortFacts; after: ResortFacts; changed: boolean } | { ok: false; reason: string };

/** Applies a change to a resort's facts (null removes a fact), or says why it cannot. */
export function setResortFacts(db: Db, slug: string, change: FactChange, actor: Actor, at = new Date()): FactsOutcome {
  return db.transaction(() => {
    if (!resortExists(db, slug)) return { ok: false, reason: `resort ${slug} findes ikke i kataloget` };
    const before = readResortFacts(db, slug);
    const after = applyFactChange(before, change);
    const conflict = factsConflict(after);
    if (conflict) return { ok: false, reason: conflict };
    if (isDeepStrictEqual(before, after)) return { ok: true, before, after, changed: false };
    audited(
      db,
      { actor, action: "resort.facts", subject: `resort ${slug}` },
      () => {
        const values = Object.fromEntries(RESORT_FACT_FIELDS.map((f) => [f, after[f] ?? null]));
        db.insert(resortFacts)
          .values({ resortSlug: slug, ...values, updatedAt: at })
          .onConflictDoUpdate({ target: resortFacts.resortSlug, set: { ...values, updatedAt: at } })
          .run();
        bumpContentVersion(db);
        return { before, after, result: undefined };
      },
      at,
    );
    return { ok: true, before, after, changed: true };
  });
}

export interface ResortFactsRow {
  slug: string;
  name: string;
  region: string;
  country: string;
  /** How many facts it has, and when they last changed. */
  factCount: number;
  updatedAt: Date | null;
}

/** Every resort of the catalogue by country, region and name, with how many facts it has (the dashboard's list). */
export function resortFactsOverview(db: Db): ResortFactsRow[] {
  const facts = allResortFacts(db);
  const rows = db.$client
    .prepare(
      `SELECT s.slug AS slug, s.name AS name, r.name AS region, c.name AS country
         FROM resorts s JOIN regions r ON r.slug = s.region_slug JOIN countries c ON c.slug = r.country_slug`,
    )
    .all() as Array<Pick<ResortFactsRow, "slug" | "name" | "region" | "country">>;
  const da = (a: string, b: string) => a.localeCompare(b, "da");
  return rows
    .sort((a, b) => da(a.country, b.country) || da(a.region, b.region) || da(a.name, b.name))
    .map((row) => {
      const f = facts.get(row.slug);
      return { ...row, factCount: f ? Object.keys(f.facts).length : 0, updatedAt: f?.updatedAt ?? null };
    });
}

/** A resort's name, or undefined when the catalogue has no such resort. */
export function resortName(db: Db, slug: string): string | undefined {
  return db.select({ name: resorts.name }).from(resorts).where(eq(resorts.slug, slug)).get()?.name;
}
