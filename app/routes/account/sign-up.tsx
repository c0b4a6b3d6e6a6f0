import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { accountFormLoader } from "~/services/accounts/account-form.server";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin, safeRedirect } from "~/utils/request.server";
import { requestSignUp } from "~/services/accounts/sign-up.server";
import { SignUpForm } from "~/components/account/account-forms";
import { AGENTS_PATH, SIGN_UP_LINK_HOURS } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { Page } from "~/components/ui/page";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/opret: sign up with an e-mail; the link e-mailed to it opens a page where the password is
// chosen and the account created (app/services/accounts/sign-up.server.ts), then on to `redirectTo`.

export const meta: MetaFunction = () => unlistedMeta(texts.account.signUpTitle, texts.account.signUpMetaDescription);

export const loader = ({ request, context }: LoaderFunctionArgs) => accountFormLoader(request, context);

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const redirectTo = safeRedirect(form.get("redirectTo"), AGENTS_PATH);
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = await requestSignUp(context.db, context.mailer, form, { ip: context.clientAddress, redirectTo });
  if (!result.ok) return data({ error: result.error, email, redirectTo, sentTo: undefined }, { status: result.status, headers: NO_STORE });
  return data({ error: undefined, email, redirectTo, sentTo: result.email }, { headers: NO_STORE });
}

export default function SignUpPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const a = texts.account;
  return (
    <Page title={result?.sentTo ? a.checkEmailTitle : a.signUpTitle} width="narrow">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        {result?.sentTo ? (
          <div className="space-y-3" role="status" data-testid="signup-sent">
            <p>{a.checkEmail(result.sentTo, SIGN_UP_LINK_HOURS)}</p>
            <p className="text-sm text-slate-600">{a.checkEmailSpam}</p>
          </div>
        ) : (
          <SignUpForm redirectTo={result?.redirectTo ?? redirectTo} error={result?.error} email={result?.email} />
        )}
      </div>
    </Page>
  );
}
