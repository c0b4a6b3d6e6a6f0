import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OPS_PAGE_SIZE, OPS_PATHS } from "~/domain/constants";
import { formatDateTime, formatTenths } from "~/domain/format";
import { pageCount, pageParam } from "~/domain/ops-paging";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { importsPage } from "~/services/imports/imports.server";
import { OpsPage, Pager } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";
import { ImportCountCells, importCountColumns } from "~/components/ops/import-counts";

// /drift/importer: every import, newest first.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const page = pageParam(new URL(request.url).searchParams.get("side"));
  const { rows, total } = importsPage(context.db, page, OPS_PAGE_SIZE);
  return data(
    { page, pages: pageCount(total, OPS_PAGE_SIZE), rows: rows.map((r) => ({ ...r, at: formatDateTime(r.at) })) },
    { headers: NO_STORE },
  );
}

export default function ImportsPage() {
  const { rows, page, pages } = useLoaderData<typeof loader>();
  const t = texts.ops.imports;
  return (
    <OpsPage title={t.title}>
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <OpsTable
          columns={[{ label: "#" }, { label: t.at }, { label: t.source }, ...importCountColumns, { label: t.duration, numeric: true }]}
          testId="imports"
        >
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100" data-testid="import-row" data-import-id={r.id}>
              <td className="p-2">
                <Link to={`${OPS_PATHS.imports}/${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.id}
                </Link>
              </td>
              <td className="whitespace-nowrap p-2">{r.at}</td>
              <td className="break-all p-2">
                {r.source}
                {r.error && (
                  <span className="block text-xs font-semibold text-red-700" data-testid="import-error">
                    {t.failed(r.error)}
                  </span>
                )}
              </td>
              <ImportCountCells counts={r} />
              <td className="p-2 text-right">{t.seconds(formatTenths(r.durationMs / 1000))}</td>
            </tr>
          ))}
        </OpsTable>
      )}
      <Pager page={page} pages={pages} href={(p) => `${OPS_PATHS.imports}?side=${p}`} />
    </OpsPage>
  );
}
