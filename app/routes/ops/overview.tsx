import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OPS_PATHS } from "~/domain/constants";
import { formatCount, formatDateTime } from "~/domain/format";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { overview } from "~/services/ops/overview.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";

// /drift: the overview.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const o = overview(context.db);
  const companies = o.companies.map((c) => ({ ...c, lastImport: c.lastImportAt === null ? null : formatDateTime(c.lastImportAt) }));
  const since = context.engine.servedSince();
  return data(
    { ...o, companies, served: context.engine.generation(), servedSince: since === null ? null : formatDateTime(since) },
    { headers: NO_STORE },
  );
}

export default function OverviewPage() {
  const o = useLoaderData<typeof loader>();
  const t = texts.ops.overview;
  return (
    <OpsPage title={t.title}>
      <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="ops-figures">
        {(
          [
            [t.generation, o.generation],
            [t.servedGeneration, o.served, o.servedSince && `${t.servedSince}: ${o.servedSince}`],
            [t.activeAgents, o.activeAgents],
            [t.mails7, o.mailsLast7Days],
            [t.clicksToday, o.clicksToday],
            [t.clicksWeek, o.clicksThisWeek],
          ] as const
        ).map(([label, n, note]) => (
          <div key={label} className="rounded-lg bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold">{formatCount(n)}</dd>
            {note && (
              <dd className="text-sm text-slate-600" data-testid="served-since">
                {note}
              </dd>
            )}
          </div>
        ))}
      </dl>
      <OpsTable
        columns={[{ label: t.company }, { label: t.live, numeric: true }, { label: t.retired, numeric: true }, { label: t.lastImport }]}
        testId="ops-companies"
      >
        {o.companies.map((c) => (
          <tr key={c.slug} className="border-b border-slate-100">
            <td className="p-2">{c.name}</td>
            <td className="p-2 text-right">{formatCount(c.live)}</td>
            <td className="p-2 text-right">{formatCount(c.retired)}</td>
            <td className="p-2">
              {c.lastImportId === null ? (
                t.never
              ) : (
                <Link to={`${OPS_PATHS.imports}/${c.lastImportId}`} className="text-brand-700 underline">
                  {c.lastImport}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </OpsTable>
    </OpsPage>
  );
}
