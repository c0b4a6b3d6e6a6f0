import crypto from "node:crypto";
import type { Db } from "../../../db/client";
import { takeLease } from "../../../db/lease";
import type { AgentFrequency } from "~/domain/constants";
import { todayInDenmark } from "~/domain/dates";
import type { SearchQuery } from "~/domain/search-data";
import { parseSearchQuery } from "~/domain/url-codec";
import { SORT_SQL } from "~/search/sql/conditions";
import { changedMatchingTrips, newMatchingTripIds } from "~/search/sql/matching";
import { unsubscribeToken, unsubscribeUrl } from "~/services/agents/unsubscribe.server";
import { priceDrops } from "~/services/offers/price-history.server";
import type { Mailer, MailTransport } from "~/services/mail/transport.server";
import { composeMail, DEFAULT_FROM, MAX_LISTED, type MailDrop, type MailTrip } from "./notify-mail.server";

// The search agents' e-mails: for every active agent that is due by its
// frequency, the trips first seen since its last e-mail that match its search, in one Danish
// e-mail per agent, each (agent, trip) exactly once. This module runs it (claim, deliver, mark);
// ./notify-mail.server.ts writes the e-mail.
//
// Exactly once, even if the run is killed: per agent, (a) CLAIM: one transaction inserts the new
// (agent, trip) rows into agent_notifications as 'pending' under a batch id; (b) SEND the batch
// as one e-mail whose Message-ID is derived from (agent, batch); (c) MARK: one transaction turns
// the batch 'sent' and sets the agent's lastNotifiedAt. The primary key (agent, trip) means a trip
// can be claimed once only, ever. A run that finds a pending batch (a previous run died between
// (a) and (c)) resends that batch unchanged, before anything new: we choose a possible duplicate
// over a lost e-mail. The only window for a duplicate is a run killed after the SMTP server
// accepted the message and before (c) committed — at most one message, the batch being sent —
// and the resend carries the same Message-ID, so it is recognisable as the same message. A run
// killed before the server accepted (during the SMTP dialogue) loses nothing and sends nothing
// twice. A run lock in `meta` keeps two notifier runs (import + a cron `notify`) from sending the
// same pending batch at once.
//
// An agent that opted in to price drops (priceDrops) also gets, in the same batch and e-mail, the
// matching trips whose price fell since its last e-mail, one agent_price_drops row per (agent,
// trip, lowered price) under the same claim, send and mark steps: each drop is mailed once, and a
// trip whose price falls again is mailed again at its new price.

export interface NotifierOptions {
  transport: MailTransport;
  /** The time of the run (tests pass fixed times); also the agents' new lastNotifiedAt. */
  now?: Date;
  /** The site's public address, for the links, e.g. https://pistepris.dk */
  baseUrl: string;
  from?: string;
  /** Trips listed in one e-mail; the rest are counted ("og N flere") and reached by the search link. */
  maxListed?: number;
  /** Called for an agent whose e-mail could not be sent (it stays pending for the next run). */
  onError?: (agentId: number, error: unknown) => void;
}

export interface NotifierSummary {
  /** Agents e-mailed. */
  agents: number;
  /** (agent, trip) pairs e-mailed. */
  trips: number;
  /** (agent, trip, price) price drops e-mailed. */
  drops: number;
  /** E-mails sent, resent pending batches included. */
  messages: number;
  /** Agents whose e-mail failed (left pending). */
  failed: number;
  /** True when another notifier run held the lock and this one did nothing. */
  locked: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An agent is due when its last e-mail is this old: a daily import at a slightly varying hour still notifies daily. */
const PERIOD: Record<"daily" | "weekly", number> = { daily: DAY - HOUR, weekly: 7 * DAY - HOUR };
/**
 * Trips first seen up to this long before the agent's last e-mail are still candidates. An import
 * stamps firstSeenAt when it starts and commits when it ends, so a notifier run in between would
 * otherwise skip its trips for good; the (agent, trip) key keeps anything from being sent twice.
 */
export const IMPORT_GRACE = 6 * HOUR;
const LOCK_KEY = "notifier_lock";

interface AgentRow {
  id: number;
  name: string;
  /** The agent's search as stored (a results URL's query string); parsed once per run into `search`, when it has mail to send. */
  query: string;
  frequency: AgentFrequency;
  lastNotifiedAt: number | null;
  createdAt: number;
  email: string;
  priceDrops: number;
}

export async function runNotifier(db: Db, options: NotifierOptions): Promise<NotifierSummary> {
  const summary: NotifierSummary = { agents: 0, trips: 0, drops: 0, messages: 0, failed: 0, locked: false };
  // A run killed midway left its lease: taken over once its heartbeat has stopped (db/lease.ts).
  const taken = await takeLease(db, LOCK_KEY);
  if (!("lease" in taken)) return { ...summary, locked: true };
  const lock = taken.lease;
  try {
    const now = options.now ?? new Date();
    const agents = db.$client
      .prepare(
        `SELECT s.id, s.name, s.query, s.frequency, s.last_notified_at AS lastNotifiedAt, s.created_at AS createdAt, u.email,
              s.price_drops AS priceDrops
           FROM search_agents s JOIN users u ON u.id = s.user_id WHERE s.active = 1 ORDER BY s.id`,
      )
      .all() as AgentRow[];
    // A batch a previous run claimed but did not finish: resent as it was, first.
    const pendingBatches = db.$client
      .prepare(
        `SELECT batch FROM (SELECT batch, sent_at FROM agent_notifications WHERE agent_id = ? AND status = 'pending'
            UNION ALL SELECT batch, sent_at FROM agent_price_drops WHERE agent_id = ? AND status = 'pending')
          GROUP BY batch ORDER BY min(sent_at)`,
      )
      .pluck();
    for (const agent of agents) {
      let mailed = 0;
      const dropsBefore = summary.drops;
      try {
        const pending = pendingBatches.all(agent.id, agent.id) as string[];
        const due = pending.length === 0 && isDue(agent, now);
        // Most agents have nothing to resend and are not due: their search is not even parsed.
        if (pending.length === 0 && !due) continue;
        const search = parseSearchQuery(new URLSearchParams(agent.query));
        for (const batch of pending) mailed += await deliver(db, agent, search, batch, now, options, summary);
        if (due) {
          const batch = claim(db, agent, search, now);
          if (batch) mailed += await deliver(db, agent, search, batch, now, options, summary);
        }
      } catch (error) {
        summary.failed++;
        options.onError?.(agent.id, error);
      }
      if (mailed > 0 || summary.drops > dropsBefore) {
        summary.agents++;
        summary.trips += mailed;
      }
    }
  } finally {
    lock.release();
  }
  return summary;
}

function isDue(agent: AgentRow, now: Date): boolean {
  if (agent.frequency === "instant" || agent.lastNotifiedAt === null) return true;
  return now.getTime() - agent.lastNotifiedAt >= PERIOD[agent.frequency];
}

/** (a) Inserts the agent's new matching trips (and, if it opted in, its price drops) as one pending batch; returns its id, or null when there is nothing new. */
function claim(db: Db, agent: AgentRow, query: SearchQuery, now: Date): string | null {
  const since = agent.lastNotifiedAt === null ? agent.createdAt : Math.max(agent.createdAt, agent.lastNotifiedAt - IMPORT_GRACE);
  const batch = `${now.getTime().toString(36)}-${crypto.randomBytes(4).toString("hex")}`;
  const sqlite = db.$client;
  const insert = sqlite.prepare(
    "INSERT OR IGNORE INTO agent_notifications (agent_id, trip_id, sent_at, status, batch) VALUES (?, ?, ?, 'pending', ?)",
  );
  const insertDrop = sqlite.prepare(
    `INSERT OR IGNORE INTO agent_price_drops (agent_id, trip_id, price, previous_price, sent_at, status, batch)
     VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
  );
  return sqlite
    .transaction(() => {
      const today = todayInDenmark(now);
      const ids = newMatchingTripIds(db, query, { firstSeenAfter: new Date(since), today });
      // A trip mailed as new in this very e-mail is shown at its price already: no drop for it.
      const fresh = new Set(ids.filter((id) => insert.run(agent.id, id, now.getTime(), batch).changes > 0));
      let claimed = fresh.size;
      if (agent.priceDrops) {
        const changed = changedMatchingTrips(db, query, { changedAfter: new Date(since), today }).filter((t) => !fresh.has(t.id));
        const drops = priceDrops(
          db,
          changed.map((t) => t.id),
        );
        for (const t of changed) {
          const drop = drops.get(t.id);
          if (drop && drop.price === t.price)
            claimed += insertDrop.run(agent.id, t.id, t.price, drop.previousPrice, now.getTime(), batch).changes;
        }
      }
      return claimed > 0 ? batch : null;
    })
    .immediate();
}

/** (b) sends the batch, (c) marks it sent. Returns the number of trips in it. */
async function deliver(
  db: Db,
  agent: AgentRow,
  query: SearchQuery,
  batch: string,
  now: Date,
  options: NotifierOptions,
  summary: NotifierSummary,
): Promise<number> {
  const trips = db.$client
    .prepare(
      `SELECT t.id, a.name AS accommodation, r.name AS resort, c.name AS country, t.departure_date AS departureDate,
              t.nights, t.persons, t.price, t.price_per_person AS pricePerPerson, tc.name AS company
         FROM agent_notifications n JOIN trips t ON t.id = n.trip_id
         JOIN accommodations a ON a.id = t.accommodation_id JOIN resorts r ON r.slug = a.resort_slug
         JOIN regions g ON g.slug = r.region_slug JOIN countries c ON c.slug = g.country_slug
         JOIN travel_companies tc ON tc.slug = t.company_slug
        WHERE n.agent_id = ? AND n.batch = ? AND n.status = 'pending'
        ORDER BY ${SORT_SQL[query.sort]}, t.id`,
    )
    .all(agent.id, batch) as MailTrip[];
  const drops = db.$client
    .prepare(
      `SELECT t.id, a.name AS accommodation, r.name AS resort, c.name AS country, t.departure_date AS departureDate,
              t.nights, t.persons, d.price, t.price_per_person AS pricePerPerson, tc.name AS company, d.previous_price AS previousPrice
         FROM agent_price_drops d JOIN trips t ON t.id = d.trip_id
         JOIN accommodations a ON a.id = t.accommodation_id JOIN resorts r ON r.slug = a.resort_slug
         JOIN regions g ON g.slug = r.region_slug JOIN countries c ON c.slug = g.country_slug
         JOIN travel_companies tc ON tc.slug = t.company_slug
        WHERE d.agent_id = ? AND d.batch = ? AND d.status = 'pending'
        ORDER BY ${SORT_SQL[query.sort]}, t.id`,
    )
    .all(agent.id, batch) as MailDrop[];
  if (trips.length + drops.length > 0) {
    const base = options.baseUrl.replace(/\/+$/, "");
    const mail = composeMail({
      agent: { id: agent.id, name: agent.name, email: agent.email, search: query },
      batch,
      trips,
      drops,
      baseUrl: base,
      unsubscribeUrl: unsubscribeUrl(base, unsubscribeToken(db, agent.id)),
      from: options.from ?? DEFAULT_FROM,
      maxListed: options.maxListed ?? MAX_LISTED,
    });
    await options.transport.sendMail(mail);
    summary.messages++;
    summary.drops += drops.length;
  }
  db.$client
    .transaction(() => {
      db.$client
        .prepare("UPDATE agent_notifications SET status = 'sent', sent_at = ? WHERE agent_id = ? AND batch = ? AND status = 'pending'")
        .run(now.getTime(), agent.id, batch);
      db.$client
        .prepare("UPDATE agent_price_drops SET status = 'sent', sent_at = ? WHERE agent_id = ? AND batch = ? AND status = 'pending'")
        .run(now.getTime(), agent.id, batch);
      db.$client.prepare("UPDATE search_agents SET last_notified_at = ? WHERE id = ?").run(now.getTime(), agent.id);
    })
    .immediate();
  return trips.length;
}

/** The notifier as the CLI runs it, through the configured mailer (SMTP_URL or the outbox, MAIL_FROM, PUBLIC_URL). */
export function notifyAgents(db: Db, mailer: Mailer, now?: Date): Promise<NotifierSummary> {
  return runNotifier(db, {
    transport: mailer.transport,
    now,
    baseUrl: mailer.publicUrl,
    from: mailer.from(DEFAULT_FROM),
    onError: (agentId, error) =>
      console.error(
        `Fejl: e-mail til søgeagent ${agentId} kunne ikke sendes (prøves igen næste gang): ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
}
