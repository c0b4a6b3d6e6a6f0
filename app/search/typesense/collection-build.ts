import type { Db } from "../../../db/client";
import type { Lease } from "../../../db/lease";
import { SearchUnavailableError } from "../unavailable.server";
import { httpStatusOf, type BuildRequests } from "./build-requests";
import { failureOf, importLines, statusOf, type Clients } from "./client";
import { collectionName, isOfAlias, type GenerationData } from "./generation";
import { collectionSchema, F, openSnapshot, toJsonLine } from "./schema";
import { aliasTarget, checkVersion } from "./server-checks";
import { TypesenseQueryError, type TsResult } from "./wire";

// Building one generation's collection (the engine decides when, under the build lease): the
// documents streamed in trip-rank order, in batches whose requests wait as long as Typesense
// works and are sent again while it lags or restarts (build-requests.ts). A build that failed
// leaves its collection for the next try, which goes on after the trips already there; only a
// server out of memory or disk gets the unfinished collection dropped, to free it.

export interface CollectionBuild {
  db: Db;
  clients: Clients;
  /** The alias every process reads, and the prefix of its collections. */
  alias: string;
  /** Documents per import request. */
  batchSize: number;
}

/**
 * Builds the collection of the store's generation from one snapshot (going on from where an
 * earlier try stopped) and swaps the alias to it. Returns the collection and the generation's
 * data it holds; the caller serves it, then drops the others (dropCollections).
 */
export async function buildCollection(
  { db, clients, alias, batchSize }: CollectionBuild,
  lease: Lease,
  build: BuildRequests,
): Promise<{ collection: string; data: GenerationData }> {
  const snapshot = openSnapshot(db);
  const { data } = snapshot;
  const name = collectionName(alias, data.generation);
  const path = `/collections/${encodeURIComponent(name)}`;
  try {
    await checkVersion(clients, build, "build");
    const live = await aliasTarget(clients, alias);
    // Unfinished collections of earlier builds hold memory this one needs: only the alias's and this one stay.
    await dropCollections(alias, build, (other) => other !== live && other !== name);
    const from = await resumePoint(build, name);
    let batch: string[] = [];
    let count = 0;
    const flush = async () => {
      await importLines(build, name, batch);
      batch = [];
      if (!lease.holds()) throw new Error(`Typesense: en anden proces overtog opbygningen af ${name}`);
    };
    for (const doc of snapshot.documents) {
      count++;
      if (doc[F.tripRank] < from) continue;
      batch.push(toJsonLine(doc));
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    const stored = (await build.request<{ num_documents: number }>("get", path)).num_documents;
    if (stored !== count) throw new TypesenseQueryError(`Typesense har ${stored} af ${count} ture i ${name}`, undefined);
    await build.request("put", `/aliases/${encodeURIComponent(alias)}`, { body: { collection_name: name } });
  } catch (error) {
    throw await buildFailed(clients, error, lease, build, name);
  } finally {
    snapshot.close();
  }
  return { collection: name, data };
}

/**
 * A failed build's error for the watcher or the CLI. The collection stays for the next try,
 * unless Typesense is out of memory or disk: then it is dropped, so the searches keep theirs.
 */
async function buildFailed(clients: Clients, error: unknown, lease: Lease, build: BuildRequests, name: string): Promise<unknown> {
  const resource = /running out of resource type: (\w+)/.exec(String((error as Error)?.message ?? ""))?.[1];
  if (httpStatusOf(error) !== 422 || !resource) return failureOf(clients, error, "build");
  if (lease.holds()) await build.request("delete", `/collections/${encodeURIComponent(name)}`).catch(() => undefined);
  const what = resource === "OUT_OF_DISK" ? "disken" : "hukommelsen";
  return new SearchUnavailableError(
    "server",
    `Typesense på ${clients.url} tager ikke imod flere skrivninger, fordi ${what} er ved at være brugt op (${resource}); ` +
      `den ufærdige samling ${name} er slettet igen, og søgningerne bruger fortsat den forrige. Giv Typesense mere plads (README "Typesense", Sizing).`,
    { cause: error },
  );
}

/**
 * How many trips (by rank from 0) the collection already holds: an earlier try imported them in
 * rank order, but a batch cut off may have left only part of itself, so the answer is the
 * longest run of ranks 0…n−1 that is all there (counted by Typesense). Creates the collection
 * when it is missing, or when an older build left it with other fields.
 */
async function resumePoint(build: BuildRequests, name: string): Promise<number> {
  const path = `/collections/${encodeURIComponent(name)}`;
  const schema = collectionSchema(name);
  const existing = await build
    .request<{ num_documents: number; fields: Array<Record<string, unknown>> }>("get", path)
    .catch((error: unknown) => {
      if (statusOf(error) === 404) return undefined;
      throw error;
    });
  const shape = (fields: ReadonlyArray<Record<string, unknown>>) =>
    JSON.stringify(fields.map((f) => [f.name, f.type, f.facet === true, f.optional === true]));
  if (existing && shape(existing.fields) === shape(schema.fields as unknown as Array<Record<string, unknown>>)) {
    const below = async (rank: number) => {
      const { results } = await build.request<{ results: TsResult[] }>("post", "/multi_search", {
        body: { searches: [{ collection: name, q: "*", filter_by: `${F.tripRank}:<${rank}`, per_page: 0 }] },
      });
      return results[0]?.found ?? 0;
    };
    const total = existing.num_documents;
    let [complete, incomplete] = [0, total + 1];
    if (total === 0 || (await below(total)) === total) complete = total;
    else
      while (incomplete - complete > 1) {
        const mid = Math.floor((complete + incomplete) / 2);
        if ((await below(mid)) === mid) complete = mid;
        else incomplete = mid;
      }
    if (complete > 0) console.error(`Typesense: opbygningen af ${name} fortsætter efter de ${complete} ture, der allerede er der.`);
    return complete;
  }
  if (existing) await build.request("delete", path);
  await build.request("post", "/collections", { body: schema }).catch((error: unknown) => {
    if (statusOf(error) !== 409) throw error; // made by this request, whose answer was lost
  });
  return 0;
}

/** Drops the deployment's collections (this alias's family, any schema) that `drop` picks; never another prefix's. */
export async function dropCollections(alias: string, build: BuildRequests, drop: (name: string) => boolean): Promise<void> {
  for (const { name } of await build.request<Array<{ name: string }>>("get", "/collections"))
    if (isOfAlias(alias, name) && drop(name))
      await build.request("delete", `/collections/${encodeURIComponent(name)}`).catch((error: unknown) => {
        if (statusOf(error) !== 404) throw error; // gone already: dropped by this request, whose answer was lost
      });
}
