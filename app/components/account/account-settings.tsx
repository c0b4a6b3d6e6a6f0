import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ACCOUNT_PATH, DATA_DOWNLOAD_PATH, EMAIL_LINK_HOURS, PRIVACY_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { buttonClass, FormError, fieldClass, NewPasswordFields } from "./account-forms";

// The account page's sections (/konto): each a plain POST form to the page (or a link), answered
// on the page under its own heading.

const label = "block text-sm font-semibold";

/** The page's action, answering at the section that posted (its id as the fragment: the page opens there without JavaScript too). */
const back = (id: AccountIntent) => `${ACCOUNT_PATH}?index#account-${id}`;

export type AccountIntent = "email" | "password" | "logoutAll" | "delete";

/** What the last post to the page said, shown in the section it came from. */
export interface AccountAnswer {
  intent: AccountIntent;
  error?: string;
  message?: string;
}

function AccountSection({
  id,
  title,
  intro,
  answer,
  children,
  tone = "plain",
}: {
  id: AccountIntent | "data";
  title: string;
  intro: string;
  answer?: AccountAnswer;
  children: ReactNode;
  tone?: "plain" | "danger";
}) {
  const own = answer?.intent === id ? answer : undefined;
  return (
    <section
      id={`account-${id}`}
      aria-labelledby={`${id}-heading`}
      className={`rounded-xl bg-white p-6 shadow-sm ${tone === "danger" ? "border border-red-200" : ""}`}
      data-testid={`account-${id}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <div className="mt-4 space-y-4">
        <FormError error={own?.error} />
        {own?.message && (
          <p role="status" className="rounded bg-emerald-50 p-3 text-sm font-semibold text-emerald-900" data-testid="form-message">
            {own.message}
          </p>
        )}
        {/* A new form after a change went through: its fields start empty again. */}
        <div key={own?.message ? "done" : "form"}>{children}</div>
      </div>
    </section>
  );
}

function CurrentPassword({ id }: { id: string }) {
  return (
    <label className={label} htmlFor={id}>
      {texts.accountPage.currentPassword}
      <input id={id} className={fieldClass} type="password" name="currentPassword" autoComplete="current-password" required />
    </label>
  );
}

export function AccountSettings({ email, answer }: { email: string; answer?: AccountAnswer }) {
  const p = texts.accountPage;
  return (
    <div className="space-y-6">
      <AccountSection id="email" title={p.emailHeading} intro={p.emailIntro(EMAIL_LINK_HOURS)} answer={answer}>
        <Form method="post" action={back("email")} className="space-y-4" data-testid="email-form">
          <input type="hidden" name="intent" value="email" />
          {/* For password managers: whose password the form asks for. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <label className={label}>
            {p.newEmail}
            <input className={fieldClass} type="email" name="newEmail" autoComplete="email" required maxLength={254} />
          </label>
          <CurrentPassword id="email-current-password" />
          <button type="submit" className={buttonClass} data-testid="email-submit">
            {p.emailSubmit}
          </button>
        </Form>
      </AccountSection>

      <AccountSection id="password" title={p.passwordHeading} intro={p.passwordIntro} answer={answer}>
        <Form method="post" action={back("password")} className="space-y-4" data-testid="password-form">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <CurrentPassword id="password-current-password" />
          <NewPasswordFields label={p.newPassword} hintId="new-password-hint" />
          <button type="submit" className={buttonClass} data-testid="password-submit">
            {p.passwordSubmit}
          </button>
        </Form>
      </AccountSection>

      <AccountSection id="logoutAll" title={p.sessionsHeading} intro={p.sessionsIntro} answer={answer}>
        <Form method="post">
          <input type="hidden" name="intent" value="logoutAll" />
          <button type="submit" className={buttonClass} data-testid="logout-all-submit">
            {p.sessionsSubmit}
          </button>
        </Form>
      </AccountSection>

      <AccountSection id="data" title={p.dataHeading} intro={p.dataIntro}>
        {/* A plain link with `download`: the browser saves the file (the app's router leaves it alone). */}
        <a href={DATA_DOWNLOAD_PATH} download className={`inline-block ${buttonClass}`} data-testid="data-download">
          {p.dataLink}
        </a>
        <p className="mt-3 text-sm">
          <Link to={PRIVACY_PATH} className="font-semibold text-brand-700 underline">
            {texts.privacy.formLink}
          </Link>
        </p>
      </AccountSection>

      <AccountSection id="delete" title={p.deleteHeading} intro={p.deleteIntro} answer={answer} tone="danger">
        <Form method="post" action={back("delete")} className="space-y-4" data-testid="delete-form">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <CurrentPassword id="delete-current-password" />
          <button
            type="submit"
            className="rounded bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            data-testid="delete-submit"
          >
            {p.deleteSubmit}
          </button>
        </Form>
      </AccountSection>
    </div>
  );
}
