import { useState } from "react";
import { AA_NORMAL_TEXT, contrastRatio, formatContrast, HEX_COLOUR } from "~/domain/contrast";
import { LANDING_ICONS } from "~/domain/constants";
import type { FieldErrors } from "~/domain/ops-forms";
import { texts } from "~/domain/texts";
import { LandingBoxTile, TILE_AS_ON_LANDING } from "../landing/landing-box";
import { TextField } from "./fields";

const COLOURS = ["borderColor", "backgroundColor", "textColor", "iconColor"] as const;
const FALLBACK: Record<(typeof COLOURS)[number], string> = {
  borderColor: "#cbd5e1",
  backgroundColor: "#ffffff",
  textColor: "#0f172a",
  iconColor: "#1d5fbf",
};

/**
 * A landing box's fields beside its preview. The preview is rendered from the values on the
 * server (after "Forhåndsvis" without JavaScript) and follows every keystroke with it; so does
 * the contrast warning. `href`, the preview's link, is the server's (for the values it saw).
 */
export function LandingBoxEditor({ values: initial, href, errors }: { values: Record<string, string>; href: string; errors: FieldErrors }) {
  const [values, setValues] = useState(initial);
  const t = texts.ops.landing;
  const set = (name: string) => (e: React.FormEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };
  const colour = (name: (typeof COLOURS)[number]) => {
    const value = (values[name] ?? "").trim();
    return HEX_COLOUR.test(value) ? value : FALLBACK[name];
  };
  const box = {
    title: values.title || t.boxTitle,
    description: values.description || t.description,
    icon: values.icon ?? LANDING_ICONS[0],
    borderColor: colour("borderColor"),
    backgroundColor: colour("backgroundColor"),
    textColor: colour("textColor"),
    iconColor: colour("iconColor"),
    href,
  };
  const ratio = contrastRatio(box.textColor, box.backgroundColor) ?? 1;
  const shown = formatContrast(ratio);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <Field name="title" label={t.boxTitle} values={values} errors={errors} onInput={set("title")} maxLength={80} />
        <Field name="description" label={t.description} values={values} errors={errors} onInput={set("description")} maxLength={240} />
        <div className="mb-3">
          <label htmlFor="field-icon" className="mb-1 block text-sm font-semibold text-slate-800">
            {t.icon}
          </label>
          <select
            id="field-icon"
            name="icon"
            defaultValue={values.icon}
            onChange={set("icon")}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            aria-invalid={errors.icon ? true : undefined}
          >
            {LANDING_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {t.icons[icon]}
              </option>
            ))}
          </select>
          {errors.icon && <p className="mt-1 text-sm text-red-700">{errors.icon}</p>}
        </div>
        {COLOURS.map((name) => (
          <Field key={name} name={name} label={t[name]} values={values} errors={errors} onInput={set(name)} maxLength={7} />
        ))}
        <Field name="query" label={t.search} values={values} errors={errors} onInput={set("query")} />
      </div>
      <section aria-label={t.previewTitle} className="rounded-lg bg-slate-50 p-4" data-testid="landing-preview">
        <h3 className="mb-3 font-semibold">{t.previewTitle}</h3>
        <div className={TILE_AS_ON_LANDING}>
          <LandingBoxTile box={box} testId="landing-preview-box" />
        </div>
        <p
          role="status"
          className={`mt-3 text-sm ${ratio < AA_NORMAL_TEXT ? "font-semibold text-red-800" : "text-slate-700"}`}
          data-testid="contrast"
        >
          {ratio < AA_NORMAL_TEXT ? t.contrastWarning(shown) : t.contrast(shown)}
        </p>
      </section>
    </div>
  );
}

function Field({
  name,
  label,
  values,
  errors,
  onInput,
  maxLength,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: FieldErrors;
  onInput: (e: React.FormEvent<HTMLInputElement>) => void;
  maxLength?: number;
}) {
  return <TextField name={name} label={label} value={values[name]} error={errors[name]} onInput={onInput} maxLength={maxLength} />;
}
