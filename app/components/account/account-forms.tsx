import { Form, Link } from "@remix-run/react";
import { texts } from "~/domain/texts";
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, MIN_PASSWORD_LENGTH, PRIVACY_PATH, SIGN_UP_PATH } from "~/domain/constants";

// The account forms: plain POST forms (they work without JavaScript). Log-in is shown on its own
// page and in the results page's login dialog, both with "Glemt adgangskode?".

/** The account pages' text fields and buttons (also the account page's, account-settings.tsx). */
export const fieldClass =
  "mt-1 block w-full rounded border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100";
export const buttonClass = "rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";

export function FormError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded bg-red-50 p-3 text-sm font-semibold text-red-800" data-testid="form-error">
      {error}
    </p>
  );
}

export function LoginForm({
  redirectTo,
  error,
  email,
  autoFocus,
}: {
  redirectTo: string;
  error?: string;
  email?: string;
  /** Inside a dialog: the e-mail field takes the focus. */
  autoFocus?: boolean;
}) {
  const a = texts.account;
  return (
    <Form method="post" action={LOGIN_PATH} className="space-y-4" data-testid="login-form">
      <FormError error={error} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="block text-sm font-semibold">
        {a.email}
        {/* In a dialog the first field takes the focus (the dialog pattern); without JavaScript only autofocus can do that. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <input className={fieldClass} type="email" name="email" autoComplete="email" required defaultValue={email} autoFocus={autoFocus} />
      </label>
      <label className="block text-sm font-semibold">
        {a.password}
        <input className={fieldClass} type="password" name="password" autoComplete="current-password" required />
      </label>
      <p className="-mt-2 text-sm">
        <Link
          className="font-semibold text-brand-700 underline"
          to={`${FORGOT_PASSWORD_PATH}?${new URLSearchParams({ redirectTo })}`}
          data-testid="forgot-password-link"
        >
          {a.forgotLink}
        </Link>
      </p>
      <button type="submit" className={buttonClass} data-testid="login-submit">
        {a.login}
      </button>
      <p className="text-sm text-slate-600">
        {a.noAccount}{" "}
        <Link className="font-semibold text-brand-700 underline" to={`${SIGN_UP_PATH}?${new URLSearchParams({ redirectTo })}`}>
          {a.signUp}
        </Link>
      </p>
    </Form>
  );
}

export function SignUpForm({ redirectTo, error, email }: { redirectTo: string; error?: string; email?: string }) {
  const a = texts.account;
  return (
    <Form method="post" action={SIGN_UP_PATH} className="space-y-4" data-testid="signup-form">
      <FormError error={error} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="block text-sm font-semibold">
        {a.email}
        <input className={fieldClass} type="email" name="email" autoComplete="email" required defaultValue={email} />
      </label>
      <p className="-mt-2 text-xs text-slate-600">
        {a.signUpHint}{" "}
        <Link className="font-semibold text-brand-700 underline" to={PRIVACY_PATH}>
          {texts.privacy.formLink}
        </Link>
      </p>
      <button type="submit" className={buttonClass} data-testid="signup-submit">
        {a.signUp}
      </button>
      <p className="text-sm text-slate-600">
        {a.haveAccount}{" "}
        <Link className="font-semibold text-brand-700 underline" to={`${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`}>
          {a.login}
        </Link>
      </p>
    </Form>
  );
}

/** "Glemt adgangskode?": the e-mail to send the link for a new password to. */
export function ForgotPasswordForm({ redirectTo, error, email }: { redirectTo: string; error?: string; email?: string }) {
  const a = texts.account;
  return (
    <Form method="post" action={FORGOT_PASSWORD_PATH} className="space-y-4" data-testid="forgot-form">
      <FormError error={error} />
      <p>{a.forgotIntro}</p>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="block text-sm font-semibold">
        {a.email}
        <input className={fieldClass} type="email" name="email" autoComplete="email" required defaultValue={email} />
      </label>
      <button type="submit" className={buttonClass} data-testid="forgot-submit">
        {a.forgotSubmit}
      </button>
      <p className="text-sm text-slate-600">
        <Link className="font-semibold text-brand-700 underline" to={`${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`}>
          {a.login}
        </Link>
      </p>
    </Form>
  );
}

/**
 * A password to choose: the new account's, on the page the confirmation link opens (never before:
 * see sign-up.server.ts), or a new one on the page of the "Glemt adgangskode?" link.
 */
export function NewPasswordForm({
  error,
  intro,
  submitLabel = texts.account.confirmButton,
  testId = "confirm",
}: {
  error?: string;
  intro: string;
  submitLabel?: string;
  /** The form's `${testId}-form` and its button's `${testId}-submit`. */
  testId?: string;
}) {
  const a = texts.account;
  return (
    <Form method="post" className="space-y-4" data-testid={`${testId}-form`}>
      <FormError error={error} />
      <p>{intro}</p>
      <NewPasswordFields label={a.password} hintId="password-hint" />
      <button type="submit" className={buttonClass} data-testid={`${testId}-submit`}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A new password and its repetition, with the hint under it: the shortest password the site accepts. */
export function NewPasswordFields({ label, hintId }: { label: string; hintId: string }) {
  return (
    <>
      <label className="block text-sm font-semibold">
        {label}
        <input
          className={fieldClass}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby={hintId}
        />
      </label>
      <p id={hintId} className="-mt-3 text-xs text-slate-600">
        {texts.account.passwordHint(MIN_PASSWORD_LENGTH)}
      </p>
      <label className="block text-sm font-semibold">
        {texts.account.passwordRepeat}
        <input
          className={fieldClass}
          type="password"
          name="passwordRepeat"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
        />
      </label>
    </>
  );
}
