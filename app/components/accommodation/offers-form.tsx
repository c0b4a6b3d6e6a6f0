import type { CalendarDay } from "~/domain/accommodation-offers";
import { formatShortDate } from "~/domain/format";
import { resultsParams, type ResultsState } from "~/domain/results-url";
import type { SearchOptions } from "~/domain/search-result";
import { texts } from "~/domain/texts";

/** What the form sets itself; the rest of the search travels in hidden fields. */
const OWN_PARAMS = ["weeks", "months", "dates", "travelCompanies", "mealPlanTypes", "skiPassIncluded", "priceType", "page"];

/**
 * A plain GET form that narrows the offers with the search's own filters: departure date, travel
 * companies, meal plans, ski pass and price type. The loader turns what it sends into the page's
 * canonical URL, so it works the same with or without JavaScript.
 */
export function OffersForm({
  action,
  state,
  options,
  calendar,
  shownDates,
}: {
  action: string;
  state: ResultsState;
  options: SearchOptions;
  calendar: CalendarDay[];
  /** The departure dates the table shows now: "as in the search" when the search chose weeks or months. */
  shownDates: string[];
}) {
  const t = texts.accommodation;
  const hidden = [...resultsParams(state).entries()].filter(([key]) => !OWN_PARAMS.includes(key));
  const f = state.query.searchData.filters;
  const arrival = state.query.searchData.arrival;
  const single = arrival.type === "dates" && arrival.dates.length === 1 ? arrival.dates[0] : null;
  const asInSearch = arrival.type !== "asap" && !single && shownDates.length ? shownDates.join(",") : null;
  const dates = calendar.map((d) => d.departureDate);
  if (single && !dates.includes(single)) dates.unshift(single);
  return (
    <form method="get" action={action} className="rounded-xl bg-white p-4 shadow-sm" data-testid="offers-form">
      <h2 className="text-lg font-bold text-brand-900">{t.narrowHeading}</h2>
      {hidden.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name="arrival" value="dates" />
      <label className="mt-3 block text-sm font-semibold">
        {t.departure}
        <select
          name="dates"
          defaultValue={single ?? asInSearch ?? ""}
          className="mt-1 block w-full rounded border border-slate-300 p-2 font-normal"
        >
          <option value="">{t.allDepartures}</option>
          {asInSearch && <option value={asInSearch}>{t.asInSearch}</option>}
          {dates.map((d) => (
            <option key={d} value={d}>
              {formatShortDate(d)}
            </option>
          ))}
        </select>
      </label>
      <CheckFieldset
        legend={t.companies}
        name="travelCompanies"
        items={options.travelCompanies.map((c) => ({ value: c.slug, label: c.name }))}
        chosen={f.travelCompanies}
      />
      <CheckFieldset
        legend={t.mealPlans}
        name="mealPlanTypes"
        items={options.mealPlanTypes.map((m) => ({ value: m.slug, label: m.title }))}
        chosen={f.mealPlanTypes}
      />
      <label className="mt-3 block text-sm font-semibold">
        {t.skiPass}
        <select
          name="skiPassIncluded"
          defaultValue={f.skiPassIncluded === undefined ? "" : String(f.skiPassIncluded)}
          className="mt-1 block w-full rounded border border-slate-300 p-2 font-normal"
        >
          <option value="">{t.skiPassAny}</option>
          <option value="true">{texts.filters.skiPassIncluded}</option>
          <option value="false">{texts.filters.skiPassExcluded}</option>
        </select>
      </label>
      <label className="mt-3 block text-sm font-semibold">
        {t.priceType}
        <select
          name="priceType"
          defaultValue={state.priceMode}
          className="mt-1 block w-full rounded border border-slate-300 p-2 font-normal"
        >
          <option value="perPerson">{texts.priceType.perPerson}</option>
          <option value="total">{texts.priceType.total}</option>
        </select>
      </label>
      <button
        type="submit"
        className="mt-4 w-full rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        data-testid="offers-form-submit"
      >
        {texts.applyChanges}
      </button>
    </form>
  );
}

/** A list param's checkboxes: one row per choice, checked when the search has it. */
function CheckFieldset({
  legend,
  name,
  items,
  chosen,
}: {
  legend: string;
  name: string;
  items: Array<{ value: string; label: string }>;
  chosen?: readonly string[] | null;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{legend}</legend>
      {items.map((item) => (
        <label key={item.value} className="option-row">
          <input type="checkbox" name={name} value={item.value} defaultChecked={chosen?.includes(item.value)} />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}
