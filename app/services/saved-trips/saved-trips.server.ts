import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { accommodations, countries, mealPlans, regions, resorts, savedTrips, travelCompanies, trips } from "../../../db/schema";

// Saved trips: a user's bookmarked offers. Only trips in the store can be saved; every
// lookup is scoped to the owner.

export const MAX_IMPORTED_TRIPS = 200;

export function tripExists(db: Db, tripId: string): boolean {
  return !!db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).get();
}

/** Saves the stored trips among `tripIds` for the user (already saved ones are kept); returns how many are now saved of them. */
export function saveTrips(db: Db, userId: number, tripIds: string[]): number {
  const ids = [...new Set(tripIds)].slice(0, MAX_IMPORTED_TRIPS);
  if (!ids.length) return 0;
  const known = db.select({ id: trips.id }).from(trips).where(inArray(trips.id, ids)).all();
  if (!known.length) return 0;
  db.insert(savedTrips)
    .values(known.map((t) => ({ userId, tripId: t.id })))
    .onConflictDoNothing()
    .run();
  return known.length;
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
      accommodation: accommodations.name,
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
