import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LoginError, logIn } from "~/services/accounts/log-in.server";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin, safeRedirect } from "~/utils/request.server";
import { logInHeaders } from "~/services/accounts/session.server";
import { LoginForm } from "~/components/account/account-forms";
import { texts } from "~/domain/texts";
import { AGENTS_PATH } from "~/domain/constants";
import { accountFormLoader } from "~/services/accounts/account-form.server";
import { Page } from "~/components/ui/page";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/log-ind: log in with e-mail and password, then back to `redirectTo` (a same-site path).

export const meta: MetaFunction = () => unlistedMeta(texts.account.loginTitle, texts.account.loginMetaDescription);

export const loader = ({ request, context }: LoaderFunctionArgs) => accountFormLoader(request, context);

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request.clone());
  const redirectTo = safeRedirect(form.get("redirectTo"), AGENTS_PATH);
  const email = String(form.get("email") ?? "").slice(0, 254);
  try {
    const user = await logIn(request, context.db, context.clientAddress);
    // A fresh session (new id) at every log-in: no fixation.
    return redirect(redirectTo, { headers: await logInHeaders(request, user.id, context) });
  } catch (error) {
    if (error instanceof LoginError) return data({ error: error.message, email, redirectTo }, { status: error.status, headers: NO_STORE });
    throw error;
  }
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <Page title={texts.account.loginTitle} width="narrow">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <LoginForm redirectTo={failed?.redirectTo ?? redirectTo} error={failed?.error} email={failed?.email} />
      </div>
    </Page>
  );
}
