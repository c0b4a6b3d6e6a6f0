import { todayInDenmark } from "~/domain/dates";
import type { Arrival } from "~/domain/search-data";
import { texts } from "~/domain/texts";
import { CheckRows } from "./check-rows";
import { quickPickActive, seasonChoices, toggleQuickPick, type QuickPick, type SeasonChoices } from "~/domain/season";
import { arrivalOf, toggleItem, type ArrivalKind } from "./model";
import { KindRadios, PILL_ROW, useKind, type StepProps } from "./step-parts";

// Hvornår: 'Snarest muligt', or weeks (with the school-holiday quick picks), months or Saturdays of
// the season. Every kind's checkboxes are in the form (the radio `arrival` says which counts), so
// without JavaScript the plain form shows them all; with JavaScript only the chosen kind's show.

const t = texts.searchBar.arrival;

const KINDS: Array<[ArrivalKind, string]> = [
  ["asap", t.asap],
  ["weeks", t.weeks],
  ["months", t.months],
  ["dates", t.dates],
];

/** The chosen weeks, months and dates of an arrival (only its own kind's list is non-empty). */
function chosenOf(arrival: Arrival) {
  return {
    weeks: arrival.type === "weeks" ? arrival.weeks : [],
    months: arrival.type === "months" ? arrival.months : [],
    dates: arrival.type === "dates" ? arrival.dates : [],
  };
}

export function WhenStep({ draft, setDraft }: StepProps) {
  const [kind, pickKind] = useKind(draft.arrival.type, "asap");
  const { weeks, months, dates, picks } = seasonChoices(todayInDenmark());
  const chosen = chosenOf(draft.arrival);
  const choose = (k: ArrivalKind, p: { weeks?: number[]; months?: string[]; dates?: string[] } = {}) => {
    pickKind(k);
    setDraft({ ...draft, arrival: arrivalOf(k, { weeks: p.weeks ?? [], months: p.months ?? [], dates: p.dates ?? [] }) });
  };
  const hiddenUnless = (k: ArrivalKind) => (kind !== k ? "hidden" : undefined);

  return (
    <div data-testid="step-when">
      <KindRadios name="arrival" legend={t.legend} value={kind} options={KINDS} onChange={(k) => choose(k)} />
      {kind === "asap" && <p className="text-sm text-slate-600">{t.asapHint}</p>}

      <div data-kind="weeks" className={hiddenUnless("weeks")}>
        <QuickPicks picks={picks} chosen={chosen.weeks} onChange={(w) => choose("weeks", { weeks: w })} />
        <WeekGrid weeks={weeks} chosen={chosen.weeks} onChange={(w) => choose("weeks", { weeks: w })} />
      </div>

      <fieldset data-kind="months" className={hiddenUnless("months")}>
        <legend className="mb-1 text-sm font-semibold">{t.months}</legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          <CheckRows
            name="months"
            items={months}
            chosen={chosen.months}
            onToggle={(m) => choose("months", { months: toggleItem(chosen.months, m) })}
          />
        </div>
      </fieldset>

      <fieldset data-kind="dates" className={hiddenUnless("dates")}>
        <legend className="mb-1 text-sm font-semibold">{t.saturdays}</legend>
        <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
          <CheckRows
            name="dates"
            items={dates}
            chosen={chosen.dates}
            onToggle={(d) => choose("dates", { dates: toggleItem(chosen.dates, d) })}
          />
        </div>
      </fieldset>
    </div>
  );
}

/** The school holidays: each ticks (or unticks) its weeks; without JavaScript it sends them as one `weeks` value ("7,8"). */
function QuickPicks({ picks, chosen, onChange }: { picks: QuickPick[]; chosen: number[]; onChange: (weeks: number[]) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-semibold">{t.quickPicks}</legend>
      <div className="flex flex-wrap gap-2">
        {picks.map((p) => (
          <label key={p.id} className={`${PILL_ROW} holiday`} data-testid={`quick-pick-${p.id}`}>
            <input
              type="checkbox"
              name="weeks"
              value={p.weeks.join(",")}
              checked={quickPickActive(chosen, p)}
              onChange={() => onChange(toggleQuickPick(chosen, p))}
            />
            {p.label} <span className="font-normal text-slate-700">({t.weekNumbers(p.weeks)})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The season's weeks with their dates, the school-holiday weeks marked. */
function WeekGrid({ weeks, chosen, onChange }: { weeks: SeasonChoices["weeks"]; chosen: number[]; onChange: (weeks: number[]) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{t.weeks}</legend>
      <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3 lg:grid-cols-4">
        {weeks.map((w) => (
          <label key={w.week} className={w.holiday ? "check-row holiday-row" : "check-row"} data-holiday={w.holiday ? "true" : undefined}>
            <input
              type="checkbox"
              name="weeks"
              value={w.week}
              checked={chosen.includes(w.week)}
              onChange={() => onChange(toggleItem(chosen, w.week))}
            />
            <span>
              {t.week(w.week)}
              <span className="check-sub">{w.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
