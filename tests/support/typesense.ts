import { Client, type CollectionCreateSchema } from "typesense";
import { FakeTypesense } from "./fake-typesense";

// Where the Typesense tests run: a live server when TYPESENSE_URL is set (the live suite, see
// README "Search engines"), otherwise the in-process fake (fake-typesense.ts). Either way the
// tests talk to a FakeTypesense: against a live server it is a front that passes every request
// on and injects the same troubles (lost answers, lag, a full memory, a frozen server), so every
// test runs on both. Every test uses a collection prefix of its own under TEST_PREFIX and drops
// it when it is done.

export interface TypesenseServer {
  url: string;
  apiKey: string;
}

/** The prefix of every alias and collection the tests make: no deployment's (`trips`) and no other run's. */
export const TEST_PREFIX = "pistepris-test";

/** The live server named by TYPESENSE_URL and TYPESENSE_API_KEY, if any. */
export function liveTypesense(): TypesenseServer | undefined {
  const url = process.env.TYPESENSE_URL?.trim();
  return url ? { url, apiKey: process.env.TYPESENSE_API_KEY ?? "" } : undefined;
}

/** The server the tests use: the fake, or a front for the live server (TYPESENSE_URL). */
export async function startTypesense(options: { apiKey?: string; version?: string } = {}): Promise<FakeTypesense> {
  const live = liveTypesense();
  if (live) return new FakeTypesense(live.apiKey, { upstream: live }).start();
  return new FakeTypesense(options.apiKey, { version: options.version }).start();
}

/** A collection prefix (the engine's alias) of a test's own: letters, digits and hyphens, as TYPESENSE_COLLECTION_PREFIX. */
export function testAlias(name: string): string {
  return `${TEST_PREFIX}-${name}-${process.pid}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

function clientOf(server: TypesenseServer): Client {
  return new Client({
    nodes: [{ url: server.url }],
    apiKey: server.apiKey,
    connectionTimeoutSeconds: 30,
    numRetries: 0,
    logLevel: "error",
  });
}

/** Drops the alias and every collection whose name starts with `<alias>_`, whatever state a test left them in. */
export async function dropAliasFamily(server: TypesenseServer, alias: string): Promise<void> {
  await dropNamesStartingWith(server, `${alias}_`, [alias]);
}

/** Drops every alias named in `aliases` or starting with `prefix`, and every collection starting with `prefix`. */
export async function dropNamesStartingWith(server: TypesenseServer, prefix: string, aliases: string[] = []): Promise<void> {
  const client = clientOf(server);
  const { aliases: all } = await client.aliases().retrieve();
  for (const { name } of all) if (aliases.includes(name) || name.startsWith(prefix)) await client.aliases(name).delete();
  for (const c of await client.collections().retrieve()) if (c.name.startsWith(prefix)) await client.collections(c.name).delete();
}

/** The collections of the alias's family that are on the server. */
export async function aliasFamily(server: TypesenseServer, alias: string): Promise<string[]> {
  return collectionsStartingWith(server, `${alias}_`);
}

export async function collectionsStartingWith(server: TypesenseServer, prefix: string): Promise<string[]> {
  return (await clientOf(server).collections().retrieve())
    .map((c) => c.name)
    .filter((name) => name.startsWith(prefix))
    .sort();
}

/** The collection behind the alias, if any. */
export async function aliasTarget(server: TypesenseServer, alias: string): Promise<string | undefined> {
  const { aliases } = await clientOf(server).aliases().retrieve();
  return aliases.find((a) => a.name === alias)?.collection_name;
}

/** Every document of a collection (GET …/documents/export), int64 fields as bigint. */
export async function exportDocuments(
  server: TypesenseServer,
  collection: string,
  int64Fields: readonly string[] = [],
): Promise<Array<Record<string, unknown>>> {
  const answer = await fetch(`${server.url}/collections/${encodeURIComponent(collection)}/documents/export`, {
    headers: { "X-TYPESENSE-API-KEY": server.apiKey },
  });
  if (!answer.ok) throw new Error(`export of ${collection}: HTTP ${answer.status} ${await answer.text()}`);
  return (await answer.text())
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const doc = JSON.parse(line) as Record<string, unknown>;
      for (const f of int64Fields) {
        const m = new RegExp(`"${f}":(-?\\d+)[,}]`).exec(line);
        if (m) doc[f] = BigInt(m[1]);
      }
      return doc;
    });
}

/** A collection made directly on the server (a leftover, another deployment's). */
export async function createCollection(server: TypesenseServer, schema: CollectionCreateSchema): Promise<void> {
  await clientOf(server).collections().create(schema);
}

/** An API key made with the admin key, e.g. the search key of README "Typesense". */
export async function createKey(
  server: TypesenseServer,
  key: { description: string; actions: string[]; collections: string[] },
): Promise<string> {
  const made = await clientOf(server).keys().create(key);
  if (!made.value) throw new Error("Typesense made a key without a value");
  return made.value;
}

/** Deletes the API keys whose description starts with `prefix` (the tests' search keys). */
export async function dropKeysDescribed(server: TypesenseServer, prefix: string): Promise<void> {
  const client = clientOf(server);
  for (const key of (await client.keys().retrieve()).keys) if (key.description?.startsWith(prefix)) await client.keys(key.id).delete();
}
