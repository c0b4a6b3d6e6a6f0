import { useEffect, useMemo, useState, type ReactNode } from "react";
import { formatCount } from "~/domain/format";
import type { SearchData } from "~/domain/search-data";
import { todayInDenmark } from "~/domain/dates";
import { texts } from "~/domain/texts";
import { indexTree, countNodes, type DestinationTree } from "~/domain/destination-tree";
import {
  areaOf,
  arrivalOf,
  peopleLimits,
  quickPickActive,
  seasonChoices,
  setPeople,
  tagLabel,
  toggleDestination,
  toggleItem,
  toggleQuickPick,
  type AreaKind,
  type ArrivalKind,
} from "./model";
import { useDestinationMatches, useDestinationTree } from "./use-destinations";

// The three steps of the search bar, shared by the desktop panels and the mobile modal. Every
// choice is a native input named as in the URL (destinationSlugs, tags, adultCount, childrenCount,
// weeks, months, dates, and the radios area / arrival), so without JavaScript the surrounding GET
// form produces the same search; with JavaScript each change edits the draft.

const t = texts.searchBar;

export interface StepProps {
  draft: SearchData;
  setDraft: (next: SearchData) => void;
  /** Unique prefix for element ids (the desktop bar and the mobile modal can both be in the page). */
  idPrefix: string;
}

const radioRow =
  "flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold";
// The checkbox rows (`check-row`, which also colours their checkbox) and their counts are named
// classes in app/tailwind.css: the destination tree alone has a few hundred in every page.
const count = (n: number) => <span className="check-count">{formatCount(n)}</span>;

function KindRadios<K extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: K;
  options: Array<[K, string]>;
  onChange: (k: K) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([k, label]) => (
          <label key={k} className={radioRow}>
            <input type="radio" name={name} value={k} checked={value === k} onChange={() => onChange(k)} className="accent-brand-600" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Hvor

export function WhereStep({
  draft,
  setDraft,
  idPrefix,
  destinations,
  active,
}: StepProps & { destinations?: { persons: number; tree: DestinationTree }; active: boolean }) {
  const area = draft.searchArea;
  const [kindChoice, setKindChoice] = useState<AreaKind>(area.type);
  const [remembered, setRemembered] = useState(area.type === "geo" ? area.bbox : undefined);
  useEffect(() => {
    if (area.type !== "all") setKindChoice(area.type);
    if (area.type === "geo") setRemembered(area.bbox);
  }, [area]);
  const kind: AreaKind = area.type !== "all" ? area.type : kindChoice;
  const [query, setQuery] = useState("");
  const persons = draft.adultCount + draft.childrenCount;
  const tree = useDestinationTree({ initial: destinations, persons, active });
  const countries = useDestinationMatches({ tree, persons, query, active });
  const nodes = useMemo(() => indexTree(tree?.countries ?? []), [tree]);
  const slugs = area.type === "destinations" ? area.destinationSlugs : [];
  const tags = area.type === "tags" ? area.tags : [];
  const bbox = area.type === "geo" ? area.bbox : remembered;

  const setKind = (k: AreaKind) => {
    setKindChoice(k);
    setDraft({ ...draft, searchArea: areaOf(k, { destinationSlugs: [], tags: [], bbox }) });
  };
  const descendants = (slug: string): string[] => {
    const out: string[] = [];
    for (const [s, info] of nodes) if (info.ancestors.includes(slug)) out.push(s);
    return out;
  };
  const toggleSlug = (slug: string) => {
    const next = toggleDestination(slugs, slug, descendants);
    setDraft({ ...draft, searchArea: areaOf("destinations", { destinationSlugs: next, tags: [] }) });
  };
  const toggleTag = (slug: string) =>
    setDraft({ ...draft, searchArea: areaOf("tags", { destinationSlugs: [], tags: toggleItem(tags, slug) }) });
  const coveredBy = (slug: string) => nodes.get(slug)?.ancestors.find((a) => slugs.includes(a));
  const nameOf = (slug: string) => nodes.get(slug)?.node.name ?? slug;

  const options: Array<[AreaKind, string]> = [
    ["all", t.area.all],
    ["destinations", t.area.destinations],
    ["tags", t.area.tags],
  ];
  if (bbox) options.push(["geo", t.area.geo]);
  const listId = `${idPrefix}-destinations`;
  const matches = countries ? countNodes(countries) : 0;

  // One flat row per node, no wrappers: the name is the label's own text (the hint for screen
  // readers is out of the flow), and resorts are indented by their own margin.
  const destinationBox = (slug: string, name: string, n: number | null, level: string) => {
    const cover = coveredBy(slug);
    return (
      <label key={`${level}-${slug}`} className={level === "resort" ? "check-row ml-5" : "check-row"}>
        <input
          type="checkbox"
          name="destinationSlugs"
          value={slug}
          checked={slugs.includes(slug) || Boolean(cover)}
          disabled={Boolean(cover)}
          onChange={() => toggleSlug(slug)}
        />
        {name}
        {cover ? <span className="sr-only"> ({t.area.includedIn(nameOf(cover))})</span> : null}
        {n !== null && count(n)}
      </label>
    );
  };

  return (
    <div data-testid="step-where">
      <KindRadios name="area" legend={t.area.legend} value={kind} options={options} onChange={setKind} />
      {kind === "geo" && bbox && (
        <div className="mb-3 rounded bg-brand-50 p-3 text-sm">
          <input type="hidden" name="bbox" value={bbox.join(",")} />
          <p>{t.area.geoHint}</p>
          <button type="button" className="sb-js-only mt-2 font-semibold text-brand-700 underline" onClick={() => setKind("destinations")}>
            {t.area.backToDestinations}
          </button>
        </div>
      )}

      <div data-kind="destinations" className={kind !== "destinations" ? "hidden" : undefined}>
        {slugs.length > 0 && (
          <div className="mb-2 flex flex-wrap items-center gap-1.5 text-sm" data-testid="selected-destinations">
            <span className="text-slate-600">{t.area.selected}:</span>
            {slugs.map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => toggleSlug(s)}
                className="sb-js-only rounded-full bg-brand-600 px-2.5 py-0.5 text-white"
                aria-label={t.area.remove(nameOf(s))}
              >
                {nameOf(s)} <span aria-hidden="true">×</span>
              </button>
            ))}
          </div>
        )}
        <div className="sb-js-only mb-2">
          <label htmlFor={`${idPrefix}-q`} className="mb-1 block text-sm font-semibold">
            {t.area.filterLabel}
          </label>
          <input
            id={`${idPrefix}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t.area.filterPlaceholder}
            aria-controls={listId}
            autoComplete="off"
            className="w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
            data-testid="destination-query"
          />
          <p className="sr-only" aria-live="polite">
            {query.trim() && countries ? t.area.matches(matches) : ""}
          </p>
        </div>
        <div id={listId} className="max-h-80 overflow-y-auto pr-1" data-testid="destination-tree">
          {active && countries === null && <p className="p-2 text-sm text-slate-600">{t.area.loading}</p>}
          {/* Without the tree (a page whose loader has none, before it is fetched) the chosen destinations stay in the form. */}
          {!tree && slugs.map((s) => destinationBox(s, nameOf(s), null, "chosen"))}
          {countries && countries.length === 0 && <p className="p-2 text-sm">{t.area.noMatches(query.trim())}</p>}
          {countries?.map((c) => (
            <div key={c.slug} className="border-b border-slate-100 py-1" data-testid="destination-country">
              {destinationBox(c.slug, c.name, c.count, "country")}
              <details key={query.trim() ? "q" : "all"} open={Boolean(query.trim()) || undefined} className="group pl-6">
                <summary className="cursor-pointer rounded px-2 py-0.5 text-xs text-brand-700 underline">
                  {t.area.countryRegions(c.name)}
                </summary>
                <div className="pb-1" role="group" aria-label={t.area.countryRegions(c.name)}>
                  {c.regions.flatMap((r) => [
                    destinationBox(r.slug, r.name, r.count, "region"),
                    ...r.resorts.map((s) => destinationBox(s.slug, s.name, s.count, "resort")),
                  ])}
                </div>
              </details>
            </div>
          ))}
        </div>
      </div>

      <fieldset data-kind="tags" className={kind !== "tags" ? "hidden" : undefined}>
        <legend className="sr-only">{t.area.tags}</legend>
        <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-2">
          {(tree?.tags ?? tags.map((slug) => ({ slug, count: 0 }))).map((tag) => (
            <label key={tag.slug} className="check-row">
              <input type="checkbox" name="tags" value={tag.slug} checked={tags.includes(tag.slug)} onChange={() => toggleTag(tag.slug)} />
              <span>{tagLabel(tag.slug)}</span>
              {tree && count(tag.count)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Hvem

function Stepper({
  id,
  name,
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  const btn =
    "sb-js-only grid h-9 w-9 place-items-center rounded-full border border-slate-400 text-lg font-bold text-brand-700 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div>
        <label htmlFor={id} className="block font-semibold">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={btn}
          aria-label={t.people.decrease(label)}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          name={name}
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(Number(e.target.value))}
          className="w-14 rounded border border-slate-400 px-1 py-1 text-center"
          data-testid={`${name}-input`}
        />
        <button
          type="button"
          className={btn}
          aria-label={t.people.increase(label)}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

export function WhoStep({ draft, setDraft, idPrefix }: StepProps) {
  const limits = peopleLimits(draft.adultCount, draft.childrenCount);
  return (
    <fieldset data-testid="step-who">
      <legend className="sr-only">{t.people.legend}</legend>
      <Stepper
        id={`${idPrefix}-adults`}
        name="adultCount"
        label={t.people.adults}
        hint={t.people.adultsHint}
        value={draft.adultCount}
        min={limits.adults[0]}
        max={limits.adults[1]}
        onChange={(v) => setDraft(setPeople(draft, "adults", v))}
      />
      <Stepper
        id={`${idPrefix}-children`}
        name="childrenCount"
        label={t.people.children}
        hint={t.people.childrenHint}
        value={draft.childrenCount}
        min={limits.children[0]}
        max={limits.children[1]}
        onChange={(v) => setDraft(setPeople(draft, "children", v))}
      />
      <p className="mt-1 text-xs text-slate-600">{t.people.maxTotal(12)}</p>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Hvornår

export function WhenStep({ draft, setDraft }: StepProps) {
  const arrival = draft.arrival;
  const [kindChoice, setKindChoice] = useState<ArrivalKind>(arrival.type);
  useEffect(() => {
    if (arrival.type !== "asap") setKindChoice(arrival.type);
  }, [arrival]);
  const kind: ArrivalKind = arrival.type !== "asap" ? arrival.type : kindChoice;
  const { weeks, months, dates, picks } = seasonChoices(todayInDenmark());
  const chosenWeeks = arrival.type === "weeks" ? arrival.weeks : [];
  const chosenMonths = arrival.type === "months" ? arrival.months : [];
  const chosenDates = arrival.type === "dates" ? arrival.dates : [];
  const set = (k: ArrivalKind, p: { weeks?: number[]; months?: string[]; dates?: string[] }) =>
    setDraft({ ...draft, arrival: arrivalOf(k, { weeks: p.weeks ?? [], months: p.months ?? [], dates: p.dates ?? [] }) });
  const setKind = (k: ArrivalKind) => {
    setKindChoice(k);
    set(k, {});
  };

  return (
    <div data-testid="step-when">
      <KindRadios
        name="arrival"
        legend={t.arrival.legend}
        value={kind}
        onChange={setKind}
        options={[
          ["asap", t.arrival.asap],
          ["weeks", t.arrival.weeks],
          ["months", t.arrival.months],
          ["dates", t.arrival.dates],
        ]}
      />
      {kind === "asap" && <p className="text-sm text-slate-600">{t.arrival.asapHint}</p>}

      <div data-kind="weeks" className={kind !== "weeks" ? "hidden" : undefined}>
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-semibold">{t.arrival.quickPicks}</legend>
          <div className="flex flex-wrap gap-2">
            {picks.map((p) => (
              <label
                key={p.id}
                className={`${radioRow} border-amber-400 bg-amber-50 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-200`}
                data-testid={`quick-pick-${p.id}`}
              >
                <input
                  type="checkbox"
                  name="weeks"
                  value={p.weeks.join(",")}
                  checked={quickPickActive(chosenWeeks, p)}
                  onChange={() => set("weeks", { weeks: toggleQuickPick(chosenWeeks, p) })}
                  className="accent-amber-600"
                />
                {p.label} <span className="font-normal text-slate-700">({t.arrival.weekNumbers(p.weeks)})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t.arrival.weeks}</legend>
          <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
            {weeks.map((w) => (
              <label
                key={w.week}
                className={w.holiday ? "check-row holiday-row" : "check-row"}
                data-holiday={w.holiday ? "true" : undefined}
              >
                <input
                  type="checkbox"
                  name="weeks"
                  value={w.week}
                  checked={chosenWeeks.includes(w.week)}
                  onChange={() => set("weeks", { weeks: toggleItem(chosenWeeks, w.week) })}
                />
                <span>
                  {t.arrival.week(w.week)}
                  <span className="block text-xs font-normal text-slate-600">{w.label}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <fieldset data-kind="months" className={kind !== "months" ? "hidden" : undefined}>
        <legend className="mb-1 text-sm font-semibold">{t.arrival.months}</legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          <CheckRows
            name="months"
            items={months}
            chosen={chosenMonths}
            onToggle={(m) => set("months", { months: toggleItem(chosenMonths, m) })}
          />
        </div>
      </fieldset>

      <fieldset data-kind="dates" className={kind !== "dates" ? "hidden" : undefined}>
        <legend className="mb-1 text-sm font-semibold">{t.arrival.saturdays}</legend>
        <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
          <CheckRows
            name="dates"
            items={dates}
            chosen={chosenDates}
            onToggle={(d) => set("dates", { dates: toggleItem(chosenDates, d) })}
          />
        </div>
      </fieldset>
    </div>
  );
}

/** One checkbox row per choice of a list param (the form sends each checked value). */
function CheckRows({
  name,
  items,
  chosen,
  onToggle,
}: {
  name: string;
  items: Array<{ value: string; label: string }>;
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  return items.map((item) => (
    <label key={item.value} className="check-row">
      <input type="checkbox" name={name} value={item.value} checked={chosen.includes(item.value)} onChange={() => onToggle(item.value)} />
      {item.label}
    </label>
  ));
}

export function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-2 text-base font-bold text-brand-900">
      {children}
    </h2>
  );
}
