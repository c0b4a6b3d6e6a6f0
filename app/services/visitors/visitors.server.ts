import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { COUNTED_VISITORS_PER_ADDRESS } from "~/domain/constants";
import { todayInDenmark } from "~/domain/dates";

// Who a banner view or click, or an offer click, came from, so it counts once per visitor, item
// and kind within the counting window (docs/api.md). A visitor is the client's address (an IPv6
// address by its /64, what one household or host is given) with its user agent; both are kept
// only as salted hashes. The salt lives in this process alone and is replaced at midnight
// (Danish time), so no stored hash can be traced back to an address, not even with the database,
// and yesterday's visitors cannot be linked to today's. No cookie, no new personal data.

export interface Visitor {
  /** The address and user agent. */
  visitor: string;
  /** The address alone: bounds how many visitors one address may count as. */
  address: string;
}

export interface Visitors {
  of(clientAddress: string, userAgent: string, now?: Date): Visitor;
}

export function createVisitors(): Visitors {
  let salt = { day: "", key: Buffer.alloc(0) };
  const hash = (text: string) => createHmac("sha256", salt.key).update(text).digest("base64url").slice(0, 22);
  return {
    of(clientAddress, userAgent, now = new Date()) {
      const day = todayInDenmark(now);
      if (salt.day !== day) salt = { day, key: randomBytes(32) };
      const address = addressKey(clientAddress);
      return { visitor: hash(`${address}\n${userAgent.slice(0, 512)}`), address: hash(address) };
    },
  };
}

/** The visitor a request comes from (the app context's visitors and the socket's address). */
export function visitorOf(request: Request, context: { visitors: Visitors; clientAddress: string }): Visitor {
  return context.visitors.of(context.clientAddress, request.headers.get("user-agent") ?? "");
}

/** The part of an address that names one client: IPv4 as it is (also IPv4-mapped IPv6), IPv6 its /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** A table of counted events: who, and when. */
type CountedTable = SQLiteTable & { visitor: SQLiteColumn; address: SQLiteColumn; at: SQLiteColumn };

/**
 * The condition for an event on the item `sameItem` selects to count: the visitor has none counted
 * since `since`, and the address has fewer than COUNTED_VISITORS_PER_ADDRESS. Used inside the
 * INSERT … SELECT … WHERE that records the event, so check and write are one statement.
 */
export function countsOnce(table: CountedTable, sameItem: SQL, who: Visitor, since: Date): SQL {
  const after = since.getTime();
  return sql`not exists (select 1 from ${table} where ${sameItem} and ${table.visitor} = ${who.visitor} and ${table.at} > ${after})
    and (select count(*) from ${table} where ${sameItem} and ${table.address} = ${who.address} and ${table.at} > ${after}) < ${COUNTED_VISITORS_PER_ADDRESS}`;
}
