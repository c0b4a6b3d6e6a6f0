import { Client } from "typesense";

// Where the Typesense tests run: a live server when TYPESENSE_URL is set (the live suite, see
// README "Search engines"), otherwise the in-process fake (fake-typesense.ts). Every test uses
// an alias of its own and drops it, and every collection named after it, when it is done.

export interface TypesenseServer {
  url: string;
  apiKey: string;
}

/** The live server named by TYPESENSE_URL and TYPESENSE_API_KEY, if any. */
export function liveTypesense(): TypesenseServer | undefined {
  const url = process.env.TYPESENSE_URL?.trim();
  return url ? { url, apiKey: process.env.TYPESENSE_API_KEY ?? "" } : undefined;
}

/** An alias no deployment (`trips`) and no other run uses. */
export function testAlias(name: string): string {
  return `test_${name}_${process.pid}_${Date.now().toString(36)}`;
}

/** Drops the alias and every collection whose name starts with `<alias>_`, whatever state a test left them in. */
export async function dropAliasFamily(server: TypesenseServer, alias: string): Promise<void> {
  const client = new Client({ nodes: [{ url: server.url }], apiKey: server.apiKey, connectionTimeoutSeconds: 30, logLevel: "error" });
  await client
    .aliases(alias)
    .delete()
    .catch(() => undefined);
  for (const c of await client.collections().retrieve()) {
    if (c.name.startsWith(`${alias}_`)) await client.collections(c.name).delete();
  }
}

/** The collections of the alias's family that are left on the server. */
export async function aliasFamily(server: TypesenseServer, alias: string): Promise<string[]> {
  const client = new Client({ nodes: [{ url: server.url }], apiKey: server.apiKey, connectionTimeoutSeconds: 30, logLevel: "error" });
  return (await client.collections().retrieve())
    .map((c) => c.name)
    .filter((name) => name.startsWith(`${alias}_`))
    .sort();
}
