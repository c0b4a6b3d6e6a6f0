import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin, safeRedirect } from "~/utils/request.server";
import { logInHeaders } from "~/services/accounts/session.server";
import { passwordResetEmail, resetPassword } from "~/services/accounts/password-reset.server";
import { FormError, NewPasswordForm } from "~/components/account/account-forms";
import { texts } from "~/domain/texts";
import { AGENTS_PATH, FORGOT_PASSWORD_PATH, PASSWORD_LINK_MINUTES } from "~/domain/constants";
import { Page } from "~/components/ui/page";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/ny-adgangskode/:token — the link in the "Glemt adgangskode?" e-mail. GET shows the form
// for the new password (mail scanners fetch links; they change nothing); POST saves it, ends every
// other session and logs the person in (app/services/accounts/password-reset.server.ts). A used,
// expired or replaced link says so and leads to a new one. The token never leaves the site in a
// Referer header.

export const meta: MetaFunction = () => [
  ...unlistedMeta(texts.account.resetTitle, texts.account.resetMetaDescription),
  { name: "referrer", content: "same-origin" },
];

export function loader({ params, context }: LoaderFunctionArgs) {
  const email = passwordResetEmail(context.db, params.token ?? "");
  return data({ email }, { status: email ? 200 : 404, headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const result = await resetPassword(context.db, params.token ?? "", await readForm(request));
  if (!result.ok) {
    if (result.reason === "password") return data({ invalid: false, error: result.error }, { status: 400, headers: NO_STORE });
    return data({ invalid: true, error: undefined }, { status: 404, headers: NO_STORE });
  }
  return redirect(safeRedirect(result.redirectTo, AGENTS_PATH), { headers: await logInHeaders(request, result.user.id, context) });
}

export default function ResetPasswordPage() {
  const { email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const a = texts.account;
  return (
    <Page title={a.resetTitle} width="narrow">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        {!email || failed?.invalid ? (
          <>
            <FormError error={a.resetInvalid(PASSWORD_LINK_MINUTES)} />
            <p className="text-sm">
              <Link className="font-semibold text-brand-700 underline" to={FORGOT_PASSWORD_PATH} data-testid="reset-again">
                {a.resetAgain}
              </Link>
            </p>
          </>
        ) : (
          <NewPasswordForm error={failed?.error} intro={a.resetIntro(email)} submitLabel={a.resetButton} testId="reset" />
        )}
      </div>
    </Page>
  );
}
