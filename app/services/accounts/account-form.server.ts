import { data, redirect } from "@remix-run/node";
import { AGENTS_PATH } from "~/domain/constants";
import { NO_STORE } from "~/utils/responses.server";
import { safeRedirect } from "~/utils/request.server";
import { getUser, type SessionContext } from "~/services/accounts/session.server";

/** Log-in and sign-up pages: a visitor already signed in goes on to `redirectTo` (a same-site path). */
export async function accountFormLoader(request: Request, context: SessionContext) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), AGENTS_PATH);
  if (await getUser(request, context)) throw redirect(redirectTo);
  return data({ redirectTo }, { headers: NO_STORE });
}
