import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { requireSameOrigin } from "~/utils/request.server";
import { startSession } from "~/services/accounts/session.server";
import { confirmSignUp, pendingSignUpEmail } from "~/services/accounts/sign-up.server";
import { FormError } from "~/components/account/account-forms";
import { texts } from "~/domain/texts";
import { LOGIN_PATH, SIGN_UP_PATH } from "~/domain/constants";
import { Page } from "~/components/ui/page";

// /konto/bekraeft/:token — the link in the sign-up e-mail. GET only shows a button (mail scanners
// and link previews fetch links); POST creates the account and logs the new user in. The token
// never leaves the site in a Referer header (same-origin; no-referrer would also blank the Origin
// of the confirming POST, which the same-origin check needs).

export const meta: MetaFunction = () => [
  { title: `${texts.account.confirmTitle} – ${texts.siteName}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export function loader({ params, context }: LoaderFunctionArgs) {
  const email = pendingSignUpEmail(context.db, params.token ?? "");
  return data({ email }, { status: email ? 200 : 404, headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const result = confirmSignUp(context.db, params.token ?? "");
  if (!result.ok) {
    const exists = result.reason === "exists";
    return data(
      { exists, error: exists ? texts.account.confirmAccountExists : texts.account.confirmInvalid },
      { status: exists ? 409 : 404, headers: NO_STORE },
    );
  }
  return redirect(result.redirectTo, { headers: { "Set-Cookie": await startSession(result.user.id, context), ...NO_STORE } });
}

export default function ConfirmSignUpPage() {
  const { email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const a = texts.account;
  const error = failed?.error ?? (email ? undefined : a.confirmInvalid);
  return (
    <Page title={a.confirmTitle} width="narrow">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        <FormError error={error} />
        {error ? (
          <p className="text-sm">
            <Link className="font-semibold text-brand-700 underline" to={failed?.exists ? LOGIN_PATH : SIGN_UP_PATH}>
              {failed?.exists ? a.login : a.signUp}
            </Link>
          </p>
        ) : (
          <Form method="post" className="space-y-4">
            <p>{a.confirmIntro(email!)}</p>
            <button
              type="submit"
              className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              data-testid="confirm-submit"
            >
              {a.confirmButton}
            </button>
          </Form>
        )}
      </div>
    </Page>
  );
}
