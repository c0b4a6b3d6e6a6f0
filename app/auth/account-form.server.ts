import { data, redirect } from "@remix-run/node";
import { AGENTS_PATH } from "~/domain/constants";
import { NO_STORE } from "./responses.server";
import { safeRedirect } from "./security.server";
import { getUser } from "./session.server";

/** Log-in and sign-up pages: a visitor already signed in goes on to `redirectTo` (a same-site path). */
export async function accountFormLoader(request: Request) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), AGENTS_PATH);
  if (await getUser(request)) throw redirect(redirectTo);
  return data({ redirectTo }, { headers: NO_STORE });
}
