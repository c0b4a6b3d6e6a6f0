import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { MAX_SAVED_TRIPS_PER_USER } from "~/domain/constants";
import {
  accommodations,
  countries,
  guestSavedTrips,
  mealPlans,
  regions,
  resorts,
  savedTrips,
  travelCompanies,
  trips,
} from "../../../db/schema";

// Saved trips: a visitor's bookmarked offers, an account's or, before log-in, a guest's (under
// the digest of the id in their cookie, guest-saves.server.ts). Only trips in the store can be
// saved; every lookup is scoped to the owner. Both lists have the same limit.

/** Whose list: an account's, or that of a visitor who is not logged in. */
export type SavedTripsOwner = { userId: number } | { guestIdHash: string };

/** The owner's list: its trip id and time columns, the condition that selects the owner's rows, and how to add rows. */
function listOf(db: Pick<Db, "insert">, owner: SavedTripsOwner) {
  if ("userId" in owner) {
    const { userId } = owner;
    return {
      table: savedTrips,
      tripId: savedTrips.tripId,
      createdAt: savedTrips.createdAt,
      of: eq(savedTrips.userId, userId),
      add: (ids: string[], createdAt: Date) =>
        db
          .insert(savedTrips)
          .values(ids.map((tripId) => ({ userId, tripId, createdAt })))
          .run(),
    };
  }
  const { guestIdHash } = owner;
  return {
    table: guestSavedTrips,
    tripId: guestSavedTrips.tripId,
    createdAt: guestSavedTrips.createdAt,
    of: eq(guestSavedTrips.guestIdHash, guestIdHash),
    add: (ids: string[], createdAt: Date) =>
      db
        .insert(guestSavedTrips)
        .values(ids.map((tripId) => ({ guestIdHash, tripId, createdAt })))
        .run(),
  };
}

export function tripExists(db: Db, tripId: string): boolean {
  return !!db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).get();
}

/**
 * Saves the stored trips among `tripIds` for the owner (already saved ones are kept), as many as
 * fit under MAX_SAVED_TRIPS_PER_USER. Returns how many of them are now saved, and whether some did not fit.
 */
export function saveTrips(db: Db, owner: SavedTripsOwner, tripIds: string[]): { saved: number; full: boolean } {
  // No list holds more than the limit, so no more are ever looked at (a guest's list carried at log-in).
  const ids = [...new Set(tripIds)].slice(0, MAX_SAVED_TRIPS_PER_USER);
  if (!ids.length) return { saved: 0, full: false };
  return db.transaction(
    (tx) => {
      const list = listOf(tx, owner);
      const known = tx.select({ id: trips.id }).from(trips).where(inArray(trips.id, ids)).all();
      const already = new Set(
        tx
          .select({ id: list.tripId })
          .from(list.table)
          .where(and(list.of, inArray(list.tripId, ids)))
          .all()
          .map((r) => r.id),
      );
      const { n } = tx.select({ n: count() }).from(list.table).where(list.of).get()!;
      const fresh = known.filter((t) => !already.has(t.id));
      const fitting = fresh.slice(0, Math.max(0, MAX_SAVED_TRIPS_PER_USER - n));
      // Saved to the millisecond: the page lists the newest first, also of saves a second apart.
      if (fitting.length)
        list.add(
          fitting.map((t) => t.id),
          new Date(),
        );
      return { saved: known.length - (fresh.length - fitting.length), full: fitting.length < fresh.length };
    },
    { behavior: "immediate" },
  );
}

export function isSaved(db: Db, owner: SavedTripsOwner, tripId: string): boolean {
  const list = listOf(db, owner);
  return !!db
    .select({ id: list.tripId })
    .from(list.table)
    .where(and(list.of, eq(list.tripId, tripId)))
    .get();
}

export function removeSavedTrip(db: Db, owner: SavedTripsOwner, tripId: string): boolean {
  const list = listOf(db, owner);
  return (
    db
      .delete(list.table)
      .where(and(list.of, eq(list.tripId, tripId)))
      .run().changes > 0
  );
}

/** Empties the owner's list (a guest's, once it is carried to an account). */
export function removeAllSavedTrips(db: Db, owner: SavedTripsOwner): number {
  const list = listOf(db, owner);
  return db.delete(list.table).where(list.of).run().changes;
}

export function savedTripIds(db: Db, owner: SavedTripsOwner): string[] {
  const list = listOf(db, owner);
  return db
    .select({ id: list.tripId })
    .from(list.table)
    .where(list.of)
    .orderBy(list.createdAt, list.tripId)
    .all()
    .map((r) => r.id);
}

export function savedTripsOf(db: Db, owner: SavedTripsOwner) {
  const list = listOf(db, owner);
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
    .from(list.table)
    .innerJoin(trips, eq(trips.id, list.tripId))
    .innerJoin(accommodations, eq(accommodations.id, trips.accommodationId))
    .innerJoin(resorts, eq(resorts.slug, accommodations.resortSlug))
    .innerJoin(regions, eq(regions.slug, resorts.regionSlug))
    .innerJoin(countries, eq(countries.slug, regions.countrySlug))
    .innerJoin(travelCompanies, eq(travelCompanies.slug, trips.companySlug))
    .innerJoin(mealPlans, eq(mealPlans.slug, trips.mealPlanSlug))
    .where(list.of)
    .orderBy(desc(list.createdAt), list.tripId)
    .all();
}
