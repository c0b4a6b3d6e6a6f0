import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin, safeRedirect } from "~/utils/request.server";
import { requestPasswordReset } from "~/services/accounts/password-reset.server";
import { ForgotPasswordForm } from "~/components/account/account-forms";
import { AGENTS_PATH, PASSWORD_LINK_MINUTES } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { Page } from "~/components/ui/page";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/glemt-adgangskode: "Glemt adgangskode?". The answer is the same whether or not the
// e-mail has an account (app/services/accounts/password-reset.server.ts); `redirectTo` is where
// the link's page leads once the new password is saved.

export const meta: MetaFunction = () => unlistedMeta(texts.account.forgotTitle, texts.account.forgotIntro);

export function loader({ request }: LoaderFunctionArgs) {
  return data({ redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), AGENTS_PATH) }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"), AGENTS_PATH);
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = requestPasswordReset(context.db, context.mailer, form, {
    ip: context.clientAddress,
    redirectTo,
    afterResponse: context.afterResponse,
  });
  if (!result.ok) return data({ error: result.error, email, redirectTo, sentTo: undefined }, { status: result.status, headers: NO_STORE });
  return data({ error: undefined, email, redirectTo, sentTo: result.email }, { headers: NO_STORE });
}

export default function ForgotPasswordPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const a = texts.account;
  return (
    <Page title={result?.sentTo ? a.checkEmailTitle : a.forgotTitle} width="narrow">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        {result?.sentTo ? (
          <div className="space-y-3" role="status" data-testid="forgot-sent">
            <p>{a.forgotSent(result.sentTo, PASSWORD_LINK_MINUTES)}</p>
            <p className="text-sm text-slate-600">{a.checkEmailSpam}</p>
          </div>
        ) : (
          <ForgotPasswordForm redirectTo={result?.redirectTo ?? redirectTo} error={result?.error} email={result?.email} />
        )}
      </div>
    </Page>
  );
}
