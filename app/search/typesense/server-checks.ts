import type { Client } from "typesense";
import { SearchUnavailableError } from "../unavailable.server";
import { BuildRequests } from "./build-requests";
import { failureOf, multiSearch, type ClientKind, type Clients } from "./client";
import { TypesenseQueryError } from "./wire";

// What the engine asks the server before it trusts it: which collection the alias names, and
// whether the server's version groups as the engine relies on.

/**
 * The Typesense versions whose grouping the engine relies on: a grouped search's `found` (the
 * result count, the map's) is exact and every page of groups is there. From 29 Typesense
 * estimates `found` of a grouped search and may answer deep pages of groups empty.
 */
export const SUPPORTED_MAJOR_VERSIONS = [27, 28] as const;

/** Why the server's version (GET /debug) will not do, in Danish; undefined when it will. */
export function versionProblem(version: string, url: string): string | undefined {
  const major = /^v?(\d+)\.\d+/.exec(version.trim())?.[1];
  if (major !== undefined && (SUPPORTED_MAJOR_VERSIONS as readonly number[]).includes(Number(major))) return undefined;
  return (
    `Typesense ${version.trim() || "af ukendt version"} på ${url} understøttes ikke: Pistepris kræver Typesense 27 eller 28 ` +
    "(fra version 29 er antallet af grupper i en søgning kun anslået, og dybe sider af grupper kan komme tomme tilbage)"
  );
}

/** Refuses a Typesense whose grouping the engine cannot rely on (versionProblem), asked through `client`. */
export async function checkVersion(clients: Clients, client: Client | BuildRequests, kind: ClientKind): Promise<void> {
  let version: string;
  try {
    const debug =
      client instanceof BuildRequests ? await client.request<{ version?: unknown }>("get", "/debug") : await client.debug.retrieve();
    version = String(debug.version ?? "");
  } catch (error) {
    const failure = failureOf(clients, error, kind);
    if (failure.kind !== "auth") throw failure;
    const key = kind === "build" ? "TYPESENSE_API_KEY" : clients.searchKeyVariable;
    throw new SearchUnavailableError(
      "auth",
      `Typesense på ${clients.url} lader ikke ${key} læse serverens version (GET /debug): giv nøglen handlingen debug:list (README "Typesense")`,
      { cause: error },
    );
  }
  const problem = versionProblem(version, clients.url);
  if (problem) throw new SearchUnavailableError("version", problem);
}

/** The collection behind the alias, found by a search on it (a search key may do that); undefined when there is none. */
export async function aliasTarget(clients: Clients, alias: string): Promise<string | undefined> {
  try {
    const [answer] = await multiSearch(clients.search, [{ collection: alias, q: "*", filter_by: "", per_page: 0 }]);
    if (answer?.code === 404) return undefined;
    if (answer?.error !== undefined) throw new TypesenseQueryError(`Typesense afviste søgningen på ${alias}: ${answer.error}`, answer.code);
    return answer?.request_params?.collection_name;
  } catch (error) {
    throw failureOf(clients, error, "search");
  }
}
