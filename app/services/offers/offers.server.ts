import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bannerEvents, offerClicks, travelCompanies, trips } from "../../../db/schema";
import { countsOnce, type Visitor } from "~/services/visitors/visitors.server";

// Outbound offer links: the stored offer a click goes to, the click rows, and the
// operators' click reports (per travel company and per affiliate).

export interface StoredOffer {
  tripId: string;
  companySlug: string;
  url: string;
}

/** The stored trip's offer URL: the only place the outbound redirect ever sends a visitor. */
export function findOffer(db: Db, tripId: string): StoredOffer | undefined {
  return db.select({ tripId: trips.id, companySlug: trips.companySlug, url: trips.url }).from(trips).where(eq(trips.id, tripId)).get();
}

/**
 * Records a click on an offer link unless it is a repeat: the visitor's click on the same trip within
 * `windowMs` (or one more visitor from an address at its limit) is not stored, so the reports count
 * each visitor once per window. Returns whether it counted.
 */
export function recordOfferClick(
  db: Db,
  offer: StoredOffer,
  affiliateId: string | undefined,
  who: Visitor,
  windowMs: number,
  at = new Date(),
): boolean {
  const sameItem = sql`${offerClicks.tripId} = ${offer.tripId}`;
  const since = new Date(at.getTime() - windowMs);
  const result = db.run(
    sql`insert into ${offerClicks} (trip_id, company_slug, affiliate_id, at, visitor, address)
        select ${offer.tripId}, ${offer.companySlug}, ${affiliateId ?? null}, ${at.getTime()}, ${who.visitor}, ${who.address}
        where ${countsOnce(offerClicks, sameItem, who, since)}`,
  );
  return result.changes > 0;
}

export interface ClickRow {
  key: string;
  name: string;
  clicks: number;
}

/** Offer clicks per travel company, most first (a row summed up after the retention period counts as many as it stands for). */
export function offerClicksPerCompany(db: Db): ClickRow[] {
  const clicks = sql<number>`sum(${offerClicks.counted})`;
  return db
    .select({ key: offerClicks.companySlug, name: travelCompanies.name, clicks })
    .from(offerClicks)
    .leftJoin(travelCompanies, eq(travelCompanies.slug, offerClicks.companySlug))
    .groupBy(offerClicks.companySlug)
    .orderBy(desc(clicks), offerClicks.companySlug)
    .all()
    .map((r) => ({ key: r.key, name: r.name ?? r.key, clicks: r.clicks }));
}

/** Offer clicks per affiliate id (clicks without one are not listed), most first. */
export function offerClicksPerAffiliate(db: Db): ClickRow[] {
  const clicks = sql<number>`sum(${offerClicks.counted})`;
  return db
    .select({ key: offerClicks.affiliateId, clicks })
    .from(offerClicks)
    .where(isNotNull(offerClicks.affiliateId))
    .groupBy(offerClicks.affiliateId)
    .orderBy(desc(clicks), offerClicks.affiliateId)
    .all()
    .map((r) => ({ key: r.key!, name: r.key!, clicks: r.clicks }));
}

/** Banner clicks per affiliate id (clicks without one are not listed), most first. */
export function bannerClicksPerAffiliate(db: Db): ClickRow[] {
  const clicks = sql<number>`sum(${bannerEvents.counted})`;
  return db
    .select({ key: bannerEvents.affiliateId, clicks })
    .from(bannerEvents)
    .where(and(isNotNull(bannerEvents.affiliateId), eq(bannerEvents.kind, "click")))
    .groupBy(bannerEvents.affiliateId)
    .orderBy(desc(clicks), bannerEvents.affiliateId)
    .all()
    .map((r) => ({ key: r.key!, name: r.key!, clicks: r.clicks }));
}
