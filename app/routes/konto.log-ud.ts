import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "~/auth/responses.server";
import { requireSameOrigin } from "~/auth/security.server";
import { endSession } from "~/auth/session.server";

// POST /konto/log-ud: ends the session. A GET changes nothing (no log-out by link or image).

export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  return redirect("/", { headers: { "Set-Cookie": await endSession(request), ...NO_STORE } });
}
