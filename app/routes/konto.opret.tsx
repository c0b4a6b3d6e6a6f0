import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { signUp } from "~/auth/accounts.server";
import { MIN_PASSWORD_LENGTH } from "~/domain/constants";
import { NO_STORE } from "~/auth/responses.server";
import { requireSameOrigin, safeRedirect } from "~/auth/security.server";
import { startSession } from "~/auth/session.server";
import { SignUpForm } from "~/components/account/account-forms";
import { texts } from "~/domain/texts";
import { AGENTS_PATH } from "~/domain/constants";
import { accountFormLoader } from "~/auth/account-form.server";

// /konto/opret: create an account (e-mail and password) and be logged in.

export const meta: MetaFunction = () => [{ title: `${texts.account.signUpTitle} – ${texts.siteName}` }, { name: "robots", content: "noindex" }];

export const loader = ({ request }: LoaderFunctionArgs) => accountFormLoader(request);

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), AGENTS_PATH);
  const email = String(form.get("email") ?? "").slice(0, 254);
  const result = await signUp(form);
  if (!result.ok) return data({ error: result.error, email, redirectTo }, { status: 400, headers: NO_STORE });
  return redirect(redirectTo, { headers: { "Set-Cookie": await startSession(result.user.id), ...NO_STORE } });
}

export default function SignUpPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-brand-900">{texts.account.signUpTitle}</h1>
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <SignUpForm redirectTo={failed?.redirectTo ?? redirectTo} error={failed?.error} email={failed?.email} minLength={MIN_PASSWORD_LENGTH} />
      </div>
    </main>
  );
}
