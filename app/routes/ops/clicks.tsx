import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parsePeriod } from "~/domain/click-period";
import { CLICK_TABLES, type ClickTable } from "~/domain/click-stats";
import { OPS_PATHS } from "~/domain/constants";
import { formatDate } from "~/domain/format";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { clickStats } from "~/services/ops/click-stats.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { ClickSection } from "~/components/ops/click-section";

// /drift/klik?fra=&til=: click-outs per travel company and affiliate, banner views and clicks, per day.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const parsed = parsePeriod(params);
  const form = { fra: params.get("fra") ?? "", til: params.get("til") ?? "" };
  if (!parsed.ok) return data({ error: parsed.error, form, period: null, tables: [] as ClickTable[] }, { status: 400, headers: NO_STORE });
  const { period } = parsed;
  return data(
    {
      error: null,
      form: { fra: period.from, til: period.to },
      period,
      tables: CLICK_TABLES.map((name) => clickStats(context.db, name, period)),
    },
    { headers: NO_STORE },
  );
}

export default function ClicksPage() {
  const { error, form, period, tables } = useLoaderData<typeof loader>();
  const t = texts.ops.clicks;
  return (
    <OpsPage title={t.title}>
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3" data-testid="click-period">
        <label className="text-sm">
          <span className="block font-semibold">{t.from}</span>
          <input
            type="date"
            name="fra"
            defaultValue={form.fra}
            className="rounded border border-slate-300 px-2 py-1"
            aria-invalid={error ? true : undefined}
          />
        </label>
        <label className="text-sm">
          <span className="block font-semibold">{t.to}</span>
          <input
            type="date"
            name="til"
            defaultValue={form.til}
            className="rounded border border-slate-300 px-2 py-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "period-error" : undefined}
          />
        </label>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white">
          {t.show}
        </button>
        {error && (
          <p id="period-error" role="alert" className="w-full text-sm font-semibold text-red-700" data-testid="period-error">
            {error}
          </p>
        )}
      </form>
      {period && <p className="mb-4 text-sm text-slate-700">{t.period(formatDate(period.from), formatDate(period.to))}</p>}
      {period &&
        tables.map((table) => (
          <ClickSection
            key={table.name}
            table={table}
            csvHref={`${OPS_PATHS.clicksCsv}?tabel=${table.name}&fra=${period.from}&til=${period.to}`}
          />
        ))}
      <p className="mt-6 text-sm text-slate-600">{t.viewsNote}</p>
    </OpsPage>
  );
}
