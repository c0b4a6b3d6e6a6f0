import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { OPS_PATHS } from "~/domain/constants";
import { formatDateTime } from "~/domain/format";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { resortFactsOverview, resortName } from "~/services/destinations/resort-facts.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";

// /drift/destinationer: every resort of the catalogue with how many of its facts are filled in
// (docs/feed.md "Resort facts"); each opens its form. `?gemt=<slug>` says a form was just saved.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const saved = new URL(request.url).searchParams.get("gemt");
  return data(
    { rows: resortFactsOverview(context.db), savedName: saved ? (resortName(context.db, saved) ?? null) : null },
    { headers: NO_STORE },
  );
}

export default function ResortFactsListPage() {
  const { rows, savedName } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = texts.ops.resorts;
  return (
    <OpsPage title={t.title}>
      {savedName && params.get("gemt") && (
        <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="facts-saved">
          {t.saved(savedName)}
        </p>
      )}
      <p className="mb-4 text-sm text-slate-700">{t.intro}</p>
      <OpsTable
        columns={[{ label: t.resort }, { label: t.region }, { label: t.country }, { label: t.facts, numeric: true }, { label: t.changed }]}
        testId="resort-facts-table"
      >
        {rows.map((r) => (
          <tr key={r.slug} className="border-b border-slate-100" data-testid="resort-row" data-slug={r.slug}>
            <td className="p-2">
              <Link to={`${OPS_PATHS.resorts}/${r.slug}`} className="font-semibold text-brand-700 underline">
                {r.name}
              </Link>
            </td>
            <td className="p-2">{r.region}</td>
            <td className="p-2">{r.country}</td>
            <td className="p-2 text-right">{r.factCount}</td>
            <td className="p-2">{r.updatedAt ? formatDateTime(r.updatedAt) : t.never}</td>
          </tr>
        ))}
      </OpsTable>
    </OpsPage>
  );
}
