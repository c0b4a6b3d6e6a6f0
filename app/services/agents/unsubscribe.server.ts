import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import type { Db } from "../../../db/client";
import { meta, searchAgents } from "../../../db/schema";
import { UNSUBSCRIBE_PATH } from "~/domain/constants";

// One-click unsubscribe links for the search agents' e-mails (app/services/agents/notify.server.ts,
// app/routes/agents/unsubscribe.ts). A token is `<agentId>.<HMAC-SHA256 of the agent id>`:
// it names one agent, cannot be forged without the secret, and needs no login.
//
// The secret is a random value stored once in the `meta` table, not SESSION_SECRET: the CLI that
// sends the e-mails and the web server that honours the links share the database but not
// necessarily their environment, and rotating the session secret must not break old e-mails.

const SECRET_KEY = "unsubscribe_secret";

function secret(db: Db): string {
  db.insert(meta)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
    .run();
  return db.select({ value: meta.value }).from(meta).where(eq(meta.key, SECRET_KEY)).get()!.value;
}

function mac(db: Db, agentId: number): string {
  return crypto.createHmac("sha256", secret(db)).update(`search-agent-unsubscribe:${agentId}`).digest("base64url");
}

export function unsubscribeToken(db: Db, agentId: number): string {
  return `${agentId}.${mac(db, agentId)}`;
}

export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}/${token}`;
}

export interface UnsubscribableAgent {
  id: number;
  name: string;
  active: boolean;
}

/** The agent a token names, or undefined for a malformed or forged token or a deleted agent. */
export function agentForToken(db: Db, token: string): UnsubscribableAgent | undefined {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const agentId = Number(match[1]);
  const expected = Buffer.from(mac(db, agentId));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  return db
    .select({ id: searchAgents.id, name: searchAgents.name, active: searchAgents.active })
    .from(searchAgents)
    .where(eq(searchAgents.id, agentId))
    .get();
}

/** Pauses the agent (the search-agent page can switch it on again). */
export function deactivateAgent(db: Db, agentId: number): void {
  db.update(searchAgents).set({ active: false }).where(eq(searchAgents.id, agentId)).run();
}
