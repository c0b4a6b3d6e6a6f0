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
