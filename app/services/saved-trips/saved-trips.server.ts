import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { MAX_SAVED_TRIPS_PER_USER } from "~/domain/constants";
import { accommodations, countries, mealPlans, regions, resorts, savedTrips, travelCompanies, trips } from "../../../db/schema";

// Saved trips: a user's bookmarked offers. Only trips in the store can be saved; every
// lookup is scoped to the owner.

export const MAX_IMPORTED_TRIPS = 200;

export function tripExists(db: Db, tripId: string): boolean {
  return !!db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).get();
}

/**
 * Saves the stored trips among `tripIds` for the user (already saved ones are kept), as many as fit
 * under MAX_SAVED_TRIPS_PER_USER. Returns how many of them are now saved, and whether some did not fit.
 */
export function saveTrips(db: Db, userId: number, tripIds: string[]): { saved: number; full: boolean } {
  const ids = [...new Set(tripIds)].slice(0, MAX_IMPORTED_TRIPS);
  if (!ids.length) return { saved: 0, full: false };
  return db.transaction(
    (tx) => {
      const known = tx.select({ id: trips.id }).from(trips).where(inArray(trips.id, ids)).all();
      const already = new Set(
        tx
          .select({ id: savedTrips.tripId })
          .from(savedTrips)
          .where(and(eq(savedTrips.userId, userId), inArray(savedTrips.tripId, ids)))
          .all()
          .map((r) => r.id),
      );
      const { n } = tx.select({ n: count() }).from(savedTrips).where(eq(savedTrips.userId, userId)).get()!;
      const fresh = known.filter((t) => !already.has(t.id));
      const fitting = fresh.slice(0, Math.max(0, MAX_SAVED_TRIPS_PER_USER - n));
      if (fitting.length)
        tx.insert(savedTrips)
          .values(fitting.map((t) => ({ userId, tripId: t.id })))
          .run();
      return { saved: known.length - (fresh.length - fitting.length), full: fitting.length < fresh.length };
    },
    { behavior: "immediate" },
  );
}

export function isSaved(db: Db, userId: number, tripId: string): boolean {
  return !!db
    .select({ id: savedTrips.tripId })
    .from(savedTrips)
    .where(and(eq(savedTrips.userId, userId), eq(savedTrips.tripId, tripId)))
    .get();
}

export function removeSavedTrip(db: Db, userId: number, tripId: string): boolean {
  return (
    db
      .delete(savedTrips)
      .where(and(eq(savedTrips.userId, userId), eq(savedTrips.tripId, tripId)))
      .run().changes > 0
  );
}

export function savedTripIds(db: Db, userId: number): string[] {
  return db
    .select({ id: savedTrips.tripId })
    .from(savedTrips)
    .where(eq(savedTrips.userId, userId))
    .all()
    .map((r) => r.id);
}

export function savedTripsOf(db: Db, userId: number) {
  return db
    .select({
      tripId: trips.id,
      accommodationId: accommodations.id,
      accommodation: accommodations.name,
      imageUrl: accommodations.imageUrl,
      rating: accommodations.rating,
      resort: resorts.name,
      region: regions.name,
      country: countries.name,
      company: travelCompanies.name,
      departureDate: trips.departureDate,
      nights: trips.nights,
      transport: trips.transport,
      persons: trips.persons,
      price: trips.price,
      pricePerPerson: trips.pricePerPerson,
      mealPlan: mealPlans.title,
      skiPassIncluded: trips.skiPassIncluded,
      skiPassDays: trips.skiPassDays,
      available: trips.available,
    })
    .from(savedTrips)
    .innerJoin(trips, eq(trips.id, savedTrips.tripId))
    .innerJoin(accommodations, eq(accommodations.id, trips.accommodationId))
    .innerJoin(resorts, eq(resorts.slug, accommodations.resortSlug))
    .innerJoin(regions, eq(regions.slug, resorts.regionSlug))
    .innerJoin(countries, eq(countries.slug, regions.countrySlug))
    .innerJoin(travelCompanies, eq(travelCompanies.slug, trips.companySlug))
    .innerJoin(mealPlans, eq(mealPlans.slug, trips.mealPlanSlug))
    .where(eq(savedTrips.userId, userId))
    .orderBy(desc(savedTrips.createdAt), savedTrips.tripId)
    .all();
}
