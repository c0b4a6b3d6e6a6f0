import type { FactLine } from "~/domain/resort-facts";
import { texts } from "~/domain/texts";

/** The resort's facts the catalogue has (and no others): a description list. */
export function ResortFactsList({ name, facts }: { name: string; facts: FactLine[] }) {
  if (!facts.length) return null;
  return (
    <section aria-labelledby="facts-heading" className="rounded-xl bg-white p-4 shadow-sm" data-testid="resort-facts">
      <h2 id="facts-heading" className="mb-2 text-lg font-bold text-brand-900">
        {texts.destinations.factsHeading(name)}
      </h2>
      <dl className="grid gap-x-8 text-sm sm:grid-cols-2">
        {facts.map((f) => (
          <div key={f.key} className="flex justify-between gap-4 border-b border-slate-100 py-1.5" data-testid="fact" data-fact={f.key}>
            <dt className="text-slate-600">{f.label}</dt>
            <dd className="text-right font-semibold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
