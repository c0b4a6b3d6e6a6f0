import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin } from "~/utils/request.server";
import { logInHeaders } from "~/services/accounts/session.server";
import { confirmSignUp, pendingSignUpEmail } from "~/services/accounts/sign-up.server";
import { FormError, NewPasswordForm } from "~/components/account/account-forms";
import { texts } from "~/domain/texts";
import { LOGIN_PATH, SIGN_UP_PATH } from "~/domain/constants";
import { Page } from "~/components/ui/page";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/bekraeft/:token — the link in the sign-up e-mail. GET shows the form for choosing the
// password (mail scanners and link previews fetch links; they change nothing); POST creates the
// account with that password and logs the new user in. The token never leaves the site in a
// Referer header (same-origin; no-referrer would also blank the Origin of the confirming POST,
// which the same-origin check needs).

export const meta: MetaFunction = () => [
  ...unlistedMeta(texts.account.confirmTitle, texts.account.confirmMetaDescription),
  { name: "referrer", content: "same-origin" },
];

export function loader({ params, context }: LoaderFunctionArgs) {
  const email = pendingSignUpEmail(context.db, params.token ?? "");
  return data({ email }, { status: email ? 200 : 404, headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const result = await confirmSignUp(context.db, params.token ?? "", await readForm(request));
  if (!result.ok) {
    if (result.reason === "password")
      return data({ exists: false, invalid: false, error: result.error }, { status: 400, headers: NO_STORE });
    const exists = result.reason === "exists";
    return data(
      { exists, invalid: true, error: exists ? texts.account.confirmAccountExists : texts.account.confirmInvalid },
      { status: exists ? 409 : 404, headers: NO_STORE },
    );
  }
  return redirect(result.redirectTo, { headers: await logInHeaders(request, result.user.id, context) });
}

export default function ConfirmSignUpPage() {
  const { email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const a = texts.account;
  // A link that no longer works shows only the way on; a password that was refused, the form again.
  const dead = !email || failed?.invalid;
  return (
    <Page title={a.confirmTitle} width="narrow">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        {dead ? (
          <>
            <FormError error={failed?.error ?? a.confirmInvalid} />
            <p className="text-sm">
              <Link className="font-semibold text-brand-700 underline" to={failed?.exists ? LOGIN_PATH : SIGN_UP_PATH}>
                {failed?.exists ? a.login : a.signUp}
              </Link>
            </p>
          </>
        ) : (
          <NewPasswordForm error={failed?.error} intro={a.confirmIntro(email)} />
        )}
      </div>
    </Page>
  );
}
