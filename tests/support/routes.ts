import type { AppLoadContext } from "@remix-run/node";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { logInHeaders } from "../../app/services/accounts/session.server";
import { TEST_ORIGIN } from "./context";

// Calling a route's loader or action as Remix would, on a test's own context, and accounts with
// a logged-in session cookie.

export interface RouteResult {
  status: number;
  headers: Headers;
  body: unknown;
}

type RouteFn = (args: never) => unknown;

/** Runs a loader or action; thrown Responses and `data()` results become one shape. */
export async function runRoute(
  fn: RouteFn,
  context: AppLoadContext,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteResult> {
  let out: unknown;
  try {
    out = await fn({ request, params, context } as never);
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, headers: out.headers, body: await out.text() };
  const d = out as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
  return { status: 200, headers: new Headers(), body: out };
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string | null } = {}): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (opts.origin !== null) headers.set("Origin", opts.origin ?? TEST_ORIGIN);
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** A new account (no usable password) and the cookie of a session logged in as it. */
export async function accountWithSession(db: Db, context: AppLoadContext, email: string): Promise<{ id: number; cookie: string }> {
  const id = db.insert(users).values({ email, passwordHash: "x" }).returning({ id: users.id }).get().id;
  const [setCookie] = (await logInHeaders(new Request(TEST_ORIGIN), id, context)).getSetCookie();
  return { id, cookie: setCookie.split(";")[0] };
}
