import type { ButtonHTMLAttributes } from "react";

/**
 * An on/off switch: a button with role="switch" and aria-checked (WAI-ARIA's switch pattern);
 * `data-checked` styles it (`.switch` in app/tailwind.css). Space and Enter toggle it as they click any button.
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
      className={`switch ${className}`}
      {...rest}
    >
      <span aria-hidden="true" className={knobClassName || undefined} />
    </button>
  );
}
