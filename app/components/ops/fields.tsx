import type { ReactNode } from "react";
import { texts } from "~/domain/texts";

// The dashboard's form fields: a label, the input, and its Danish problem tied to it for screen readers.

export function TextField({
  name,
  label,
  value,
  error,
  type = "text",
  ...rest
}: {
  name: string;
  label: string;
  value: string | undefined;
  error?: string;
  type?: string;
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  onInput?: (e: React.FormEvent<HTMLInputElement>) => void;
}) {
  const id = `field-${name}`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Button({
  children,
  name,
  value,
  variant = "primary",
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary";
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={
        variant === "primary"
          ? "rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          : "rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      }
    >
      {children}
    </button>
  );
}

/** An editor's two submits: save, or show the preview of the values without saving (intent=save|preview). */
export function SaveAndPreview({ className = "flex gap-3" }: { className?: string }) {
  return (
    <div className={className}>
      <Button name="intent" value="save">
        {texts.ops.save}
      </Button>
      <Button name="intent" value="preview" variant="secondary">
        {texts.ops.preview}
      </Button>
    </div>
  );
}

/** The problem with the form as a whole, announced when it appears. */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="form-problem">
      {message}
    </p>
  );
}
