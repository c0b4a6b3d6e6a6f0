import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin } from "~/utils/request.server";
import { endAllSessions, endSession, requireUser, sessionIdOf } from "~/services/accounts/session.server";
import { accountCreatedAt, changePassword, requestEmailChange } from "~/services/accounts/account-settings.server";
import { deleteAccount } from "~/services/accounts/account-deletion.server";
import { AccountSettings, type AccountAnswer } from "~/components/account/account-settings";
import { Page } from "~/components/ui/page";
import { ACCOUNT_DELETED_PATH, OPS_PATH } from "~/domain/constants";
import { isOperator } from "~/services/ops/operators.server";
import { todayInDenmark } from "~/domain/dates";
import { formatDate } from "~/domain/format";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { unlistedMeta } from "~/domain/share-meta";

// /konto: the logged-in user's account. POST intents: email (a link to the new address,
// app/services/accounts/account-settings.server.ts), password (the current one required; other
// sessions end), logoutAll (every session, this one too), delete (app/services/accounts/
// account-deletion.server.ts). The data download is /konto/mine-data.

export const meta: MetaFunction = () => unlistedMeta(texts.accountPage.title, texts.accountPage.metaDescription);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const created = accountCreatedAt(context.db, user.id) ?? new Date();
  // An operator's way to the dashboard: the site's header stays the travellers'.
  const operator = isOperator(context.db, user.id);
  return data({ email: user.email, created: formatDate(todayInDenmark(created)), operator }, { headers: NO_STORE });
}

const intent = z.enum(["email", "password", "logoutAll", "delete"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const parsed = intent.safeParse(form.get("intent"));
  if (!parsed.success)
    return data({ intent: "email", error: texts.errors.badRequest } satisfies AccountAnswer, { status: 400, headers: NO_STORE });
  const ip = context.clientAddress;
  const answer = (a: AccountAnswer, status = 200) => data(a, { status, headers: NO_STORE });
  switch (parsed.data) {
    case "email": {
      const r = await requestEmailChange(context.db, context.mailer, user, form, { ip });
      return r.ok
        ? answer({ intent: "email", message: texts.accountPage.emailSent(r.email) })
        : answer({ intent: "email", error: r.error }, r.status);
    }
    case "password": {
      const r = await changePassword(context.db, user, form, { ip, sessionId: await sessionIdOf(request, context) });
      return r.ok
        ? answer({ intent: "password", message: texts.accountPage.passwordChanged })
        : answer({ intent: "password", error: r.error }, r.status);
    }
    case "logoutAll":
      endAllSessions(context.db, user.id);
      return redirect("/", { headers: { "Set-Cookie": await endSession(request, context), ...NO_STORE } });
    case "delete": {
      const r = await deleteAccount(context.db, context.mailer, user, form, { ip, contact: context.config.siteOwner.email });
      if (!r.ok) return answer({ intent: "delete", error: r.error }, r.status);
      return redirect(ACCOUNT_DELETED_PATH, { headers: { "Set-Cookie": await endSession(request, context), ...NO_STORE } });
    }
  }
}

export default function AccountPage() {
  const { email, created, operator } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Page title={texts.accountPage.title}>
      <p className="mb-6 text-slate-700" data-testid="account-intro">
        {texts.accountPage.intro(email, created)}
      </p>
      {operator && (
        <p className="mb-6">
          <Link to={OPS_PATH} className="font-semibold text-brand-700 underline" data-testid="account-ops-link">
            {texts.accountPage.opsLink}
          </Link>
        </p>
      )}
      <AccountSettings email={email} answer={answer} />
    </Page>
  );
}
