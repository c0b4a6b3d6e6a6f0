import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { accommodations, countries, regions, resorts, savedTrips, searchAgents, travelCompanies, trips, users } from "../../../db/schema";
import { accommodationPath } from "~/domain/accommodation-url";
import { OFFER_REDIRECT_PATH, RESULTS_PATH } from "~/domain/constants";
import { formatDate } from "~/domain/format";
import { texts } from "~/domain/texts";
import { parseSearchQuery, searchHref } from "~/domain/url-codec";

// "Download mine data" (GDPR articles 15 and 20): everything the store links to one account, as
// JSON, and nothing about anyone else. The account (e-mail, created, confirmed), its search agents,
// its saved trips and the search agents' e-mails to it (from the e-mail log: when, which agent, how
// many trips and price drops). Times are ISO 8601 in UTC; links are absolute (PUBLIC_URL).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function personalData(db: Db, userId: number, publicUrl: string, now = new Date()) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const agents = db.select().from(searchAgents).where(eq(searchAgents.userId, userId)).orderBy(asc(searchAgents.id)).all();
  const saved = db
    .select({
      tripId: savedTrips.tripId,
      savedAt: savedTrips.createdAt,
      accommodationId: trips.accommodationId,
      accommodation: accommodations.name,
      resort: resorts.name,
      country: countries.name,
      company: travelCompanies.name,
      departureDate: trips.departureDate,
      nights: trips.nights,
      persons: trips.persons,
      price: trips.price,
    })
    .from(savedTrips)
    // Left joins: a saved trip whose offer is gone from the store is still the person's.
    .leftJoin(trips, eq(trips.id, savedTrips.tripId))
    .leftJoin(accommodations, eq(accommodations.id, trips.accommodationId))
    .leftJoin(resorts, eq(resorts.slug, accommodations.resortSlug))
    .leftJoin(regions, eq(regions.slug, resorts.regionSlug))
    .leftJoin(countries, eq(countries.slug, regions.countrySlug))
    .leftJoin(travelCompanies, eq(travelCompanies.slug, trips.companySlug))
    .where(eq(savedTrips.userId, userId))
    .orderBy(asc(savedTrips.createdAt), asc(savedTrips.tripId))
    .all();
  // One e-mail is one batch of an agent's rows in the e-mail log (rows from before batches: one per agent and moment).
  const mails = db.$client
    .prepare(
      `SELECT a.name AS agent, max(m.sent_at) AS sentAt, sum(m.kind = 'trip') AS trips, sum(m.kind = 'drop') AS drops
         FROM (SELECT agent_id, coalesce(batch, sent_at) AS mail, sent_at, 'trip' AS kind FROM agent_notifications WHERE status = 'sent'
               UNION ALL SELECT agent_id, batch, sent_at, 'drop' FROM agent_price_drops WHERE status = 'sent') m
         JOIN search_agents a ON a.id = m.agent_id
        WHERE a.user_id = ?
        GROUP BY m.agent_id, m.mail
        ORDER BY sentAt, a.id`,
    )
    .all(userId) as Array<{ agent: string; sentAt: number; trips: number; drops: number }>;

  return {
    om: texts.accountPage.downloadAbout(formatDate(now.toISOString().slice(0, 10))),
    konto: { email: user.email, oprettet: iso(user.createdAt), bekræftet: iso(user.emailConfirmedAt ?? user.createdAt) },
    søgeagenter: agents.map((a) => ({
      navn: a.name,
      søgning: publicUrl + searchHref({ searchData: parseSearchQuery(new URLSearchParams(a.query)).searchData }, RESULTS_PATH),
      hyppighed: texts.agents.frequencies[a.frequency],
      beskedVedPrisfald: a.priceDrops,
      påPause: !a.active,
      oprettet: iso(a.createdAt),
      senesteEmail: iso(a.lastNotifiedAt),
    })),
    gemteRejser: saved.map((t) => ({
      rejse: t.tripId,
      gemt: iso(t.savedAt),
      ophold: t.accommodation,
      sted: t.resort && t.country ? `${t.resort}, ${t.country}` : null,
      rejseselskab: t.company,
      afrejse: t.departureDate,
      nætter: t.nights,
      personer: t.persons,
      samletPris: t.price,
      side: t.accommodationId ? publicUrl + accommodationPath(t.accommodationId) : null,
      tilbud: `${publicUrl}${OFFER_REDIRECT_PATH}/${encodeURIComponent(t.tripId)}`,
    })),
    emails: mails.map((m) => ({ sendt: iso(new Date(m.sentAt)), søgeagent: m.agent, nyeRejser: m.trips, prisfald: m.drops })),
  };
}

export type PersonalData = NonNullable<ReturnType<typeof personalData>>;
