import type { ButtonHTMLAttributes } from "react";

/**
 * An on/off switch: a button with role="switch" and aria-checked (WAI-ARIA's switch pattern);
 * `data-checked` styles it. Space and Enter toggle it as they click any button.
 */
export function Switch({
  checked,
  onChange,
  className = "",
  knobClassName = "",
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onChange" | "role" | "type"> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  knobClassName?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-checked={checked ? "" : undefined}
      onClick={() => onChange(!checked)}
      className={`group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-brand-600 ${className}`}
      {...rest}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-4 translate-x-1 rounded-full bg-white transition group-data-[checked]:translate-x-6 ${knobClassName}`}
      />
    </button>
  );
}
