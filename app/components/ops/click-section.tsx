import { clickRate, clickRows, type ClickTable, type Totals } from "~/domain/click-stats";
import { formatCount, formatPercent, formatShortDate } from "~/domain/format";
import { texts } from "~/domain/texts";
import { ClickChart } from "./click-chart";
import { OpsTable } from "./ops-table";

// One table of /drift/klik (travel companies, affiliates or banners): its chart, the same numbers
// per day and in total as a table, and the link to them as CSV.

export function ClickSection({ table, csvHref }: { table: ClickTable; csvHref: string }) {
  const t = texts.ops.clicks;
  const title = t.titles[table.name];
  const rows = clickRows(table);
  return (
    <section className="mb-10" data-testid={`clicks-${table.name}`}>
      <h3 className="mb-2 text-lg font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mb-2 text-sm">{t.empty}</p>
      ) : (
        <>
          <ClickChart id={`clicks-${table.name}`} days={table.days} series={table.series} caption={t.chartCaption(title)} />
          <OpsTable
            columns={[
              { label: t.day },
              { label: t.keyHeading[table.name] },
              { label: t.views, numeric: true },
              { label: t.clicks, numeric: true },
              { label: t.clickRate, numeric: true },
            ]}
            testId={`clicks-${table.name}-table`}
            tableClassName="max-w-3xl"
            footer={table.series.map((s) => (
              <CountsRow key={s.key} className="font-semibold" when={t.total} counts={s} />
            ))}
          >
            {rows.map((r) => (
              <CountsRow key={`${r.day}|${r.label}`} className="border-b border-slate-100" when={formatShortDate(r.day)} counts={r} />
            ))}
          </OpsTable>
        </>
      )}
      <a href={csvHref} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline" download>
        {t.csv}
      </a>
    </section>
  );
}

/** A row of the table: a day's (or the period's total) views, clicks and click rate of one key. */
function CountsRow({ when, counts, className }: { when: string; counts: Totals & { label: string }; className: string }) {
  const t = texts.ops.clicks;
  const rate = clickRate(counts);
  return (
    <tr className={className}>
      <td className="p-2">{when}</td>
      <td className="p-2">{counts.label}</td>
      <td className="p-2 text-right">{counts.views === null ? t.noViews : formatCount(counts.views)}</td>
      <td className="p-2 text-right">{formatCount(counts.clicks)}</td>
      <td className="p-2 text-right">{rate === null ? t.noViews : formatPercent(rate)}</td>
    </tr>
  );
}
