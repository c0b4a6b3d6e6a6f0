import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { searchAgents } from "../../../db/schema";
import { MAX_AGENTS_PER_USER, RESULTS_PATH, type AgentFrequency } from "~/domain/constants";
import { parseResultsParams } from "~/domain/results-url";
import { agentSummary } from "~/domain/filter-names";
import { destinationNames } from "~/search/destinations.server";
import { searchHref, parseSearchQuery, toSearchParams } from "~/domain/url-codec";
import type { SearchEngine } from "~/search/types";

// Search agents: a user's saved searches. An agent's search is the canonical query
// string of the search data (no sort, page or view params), so the same search always finds the
// same agent. Every lookup by id is scoped to its owner: another user's agent does not exist.

/** Any results-page query string → the agent query of its search. */
export function agentQuery(params: URLSearchParams): string {
  return toSearchParams({ searchData: parseResultsParams(params).query.searchData }).toString();
}

export function agentExists(db: Pick<Db, "select">, userId: number, query: string): boolean {
  return !!db
    .select({ id: searchAgents.id })
    .from(searchAgents)
    .where(and(eq(searchAgents.userId, userId), eq(searchAgents.query, query)))
    .get();
}

export function ownAgent(db: Db, userId: number, agentId: number) {
  return db
    .select()
    .from(searchAgents)
    .where(and(eq(searchAgents.id, agentId), eq(searchAgents.userId, userId)))
    .get();
}

/**
 * Creates the agent, unless the user has one for the same search ("exists") or already has
 * MAX_AGENTS_PER_USER ("full"); counted and inserted in one transaction.
 */
export function createAgent(
  db: Db,
  userId: number,
  input: { name: string; query: string; frequency: AgentFrequency; priceDrops?: boolean },
): "created" | "exists" | "full" {
  return db.transaction(
    (tx) => {
      if (agentExists(tx, userId, input.query)) return "exists";
      const { n } = tx.select({ n: count() }).from(searchAgents).where(eq(searchAgents.userId, userId)).get()!;
      if (n >= MAX_AGENTS_PER_USER) return "full";
      tx.insert(searchAgents)
        .values({ userId, ...input })
        .run();
      return "created";
    },
    { behavior: "immediate" },
  );
}

export function updateAgent(
  db: Db,
  userId: number,
  agentId: number,
  change: Partial<{ name: string; frequency: AgentFrequency; active: boolean; priceDrops: boolean }>,
): boolean {
  const res = db
    .update(searchAgents)
    .set(change)
    .where(and(eq(searchAgents.id, agentId), eq(searchAgents.userId, userId)))
    .run();
  return res.changes > 0;
}

export function deleteAgent(db: Db, userId: number, agentId: number): boolean {
  return (
    db
      .delete(searchAgents)
      .where(and(eq(searchAgents.id, agentId), eq(searchAgents.userId, userId)))
      .run().changes > 0
  );
}

export interface AgentView {
  id: number;
  name: string;
  summary: string;
  frequency: AgentFrequency;
  active: boolean;
  /** Its e-mails also list price drops. */
  priceDrops: boolean;
  matches: number;
  href: string;
}

/** The user's agents, newest first, with their search in words (places by name, every filter) and how many trips match now. */
export async function agentsOf(db: Db, engine: SearchEngine, userId: number): Promise<AgentView[]> {
  const rows = db.select().from(searchAgents).where(eq(searchAgents.userId, userId)).orderBy(desc(searchAgents.id)).all();
  const options = await engine.options();
  return Promise.all(
    rows.map(async (row) => {
      const { searchData } = parseSearchQuery(new URLSearchParams(row.query));
      const result = await engine.search({ searchData, sort: "skiScore:desc", page: 1 });
      return {
        id: row.id,
        name: row.name,
        summary: agentSummary(
          searchData,
          destinationNames(engine, searchData.searchArea.type === "destinations" ? searchData.searchArea.destinationSlugs : []),
          options,
        ),
        frequency: row.frequency,
        active: row.active,
        priceDrops: row.priceDrops,
        matches: result.totalCount,
        href: searchHref({ searchData }, RESULTS_PATH),
      };
    }),
  );
}
