import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "~/utils/responses.server";
import { requireSameOrigin } from "~/utils/request.server";
import { endSession } from "~/services/accounts/session.server";

// POST /konto/log-ud: ends the session. A GET changes nothing (no log-out by link or image).

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  return redirect("/", { headers: { "Set-Cookie": await endSession(request, context), ...NO_STORE } });
}
