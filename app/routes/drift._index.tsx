import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCount } from "~/domain/format";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/operators/access.server";
import { overview } from "~/services/ops/overview.server";
import { OpsPage } from "~/components/ops/ops-nav";

// /drift: the overview.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  return data({ ...overview(context.db), served: context.engine.generation() }, { headers: NO_STORE });
}

export default function OverviewPage() {
  const o = useLoaderData<typeof loader>();
  const t = texts.ops.overview;
  return (
    <OpsPage title={t.title}>
      <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="ops-generation">
        <div className="rounded-lg bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{t.generation}</dt>
          <dd className="text-2xl font-bold">{o.generation}</dd>
        </div>
        <div className="rounded-lg bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{t.servedGeneration}</dt>
          <dd className="text-2xl font-bold">{o.served}</dd>
        </div>
      </dl>
      <table className="w-full text-left text-sm" data-testid="ops-companies">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="p-2">{t.company}</th>
            <th className="p-2 text-right">{t.live}</th>
            <th className="p-2 text-right">{t.retired}</th>
          </tr>
        </thead>
        <tbody>
          {o.companies.map((c) => (
            <tr key={c.slug} className="border-b border-slate-100">
              <td className="p-2">{c.name}</td>
              <td className="p-2 text-right">{formatCount(c.live)}</td>
              <td className="p-2 text-right">{formatCount(c.retired)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </OpsPage>
  );
}
