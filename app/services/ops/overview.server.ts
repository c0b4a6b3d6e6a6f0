import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { travelCompanies, trips } from "../../../db/schema";
import { readGeneration } from "../../../db/generation";

// The dashboard's overview: what the store holds, per travel company.

export interface CompanyTrips {
  slug: string;
  name: string;
  live: number;
  retired: number;
}

export function tripsPerCompany(db: Db): CompanyTrips[] {
  const live = sql<number>`coalesce(sum(${trips.available}), 0)`;
  return db
    .select({ slug: travelCompanies.slug, name: travelCompanies.name, live, retired: sql<number>`count(${trips.id}) - ${live}` })
    .from(travelCompanies)
    .leftJoin(trips, eq(trips.companySlug, travelCompanies.slug))
    .groupBy(travelCompanies.slug)
    .orderBy(desc(live), travelCompanies.name)
    .all();
}

export interface Overview {
  companies: CompanyTrips[];
  /** The store's index generation. */
  generation: number;
}

export function overview(db: Db): Overview {
  return { companies: tripsPerCompany(db), generation: readGeneration(db) };
}
