import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { requireSameOrigin } from "~/utils/request.server";
import { confirmEmailChange, pendingEmailChange } from "~/services/accounts/account-settings.server";
import { FormError } from "~/components/account/account-forms";
import { Page } from "~/components/ui/page";
import { ACCOUNT_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/ny-email/:token — the link e-mailed to a new address from the account page. GET asks to
// confirm (mail scanners fetch links; they change nothing); POST makes the change and tells the old
// address (app/services/accounts/account-settings.server.ts). It works without being logged in: the
// link itself proves the new address. The token never leaves the site in a Referer header.

export const meta: MetaFunction = () => [
  ...unlistedMeta(texts.accountPage.emailConfirmTitle, texts.accountPage.emailConfirmMetaDescription),
  { name: "referrer", content: "same-origin" },
];

export function loader({ params, context }: LoaderFunctionArgs) {
  const change = pendingEmailChange(context.db, params.token ?? "");
  return data({ change }, { status: change ? 200 : 404, headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const result = await confirmEmailChange(context.db, context.mailer, params.token ?? "", context.config.siteOwner.email);
  if (result.ok) return data({ changedTo: result.email, error: undefined }, { headers: NO_STORE });
  const p = texts.accountPage;
  return data(
    { changedTo: undefined, error: result.reason === "taken" ? p.emailConfirmTaken : p.emailConfirmInvalid },
    { status: result.reason === "taken" ? 409 : 404, headers: NO_STORE },
  );
}

export default function ConfirmEmailPage() {
  const { change } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const p = texts.accountPage;
  return (
    <Page title={p.emailConfirmTitle} width="narrow">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        {result?.changedTo ? (
          <p role="status" data-testid="email-changed">
            {p.emailChanged(result.changedTo)}
          </p>
        ) : result?.error || !change ? (
          <FormError error={result?.error ?? p.emailConfirmInvalid} />
        ) : (
          <Form method="post" className="space-y-4" data-testid="email-confirm-form">
            <p>{p.emailConfirmIntro(change.from, change.to)}</p>
            <button
              type="submit"
              className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              data-testid="email-confirm-submit"
            >
              {p.emailConfirmButton}
            </button>
          </Form>
        )}
        <p className="text-sm">
          <Link to={ACCOUNT_PATH} className="font-semibold text-brand-700 underline">
            {p.toAccount}
          </Link>
        </p>
      </div>
    </Page>
  );
}
