import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OPS_PAGE_SIZE, OPS_PATHS } from "~/domain/constants";
import { formatDateTime } from "~/domain/format";
import { pageCount, pageParam } from "~/domain/ops-paging";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { auditPage } from "~/services/audit/audit.server";
import { OpsPage, Pager } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";

// /drift/log: every change the operators made, newest first, page by page.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const page = pageParam(new URL(request.url).searchParams.get("side"));
  const { rows, total } = auditPage(context.db, page, OPS_PAGE_SIZE);
  return data(
    { page, pages: pageCount(total, OPS_PAGE_SIZE), rows: rows.map((r) => ({ ...r, at: formatDateTime(r.at) })) },
    { headers: NO_STORE },
  );
}

export default function AuditLogPage() {
  const { page, pages, rows } = useLoaderData<typeof loader>();
  const t = texts.ops.log;
  return (
    <OpsPage title={t.title}>
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <OpsTable
          columns={[
            { label: t.at },
            { label: t.actor },
            { label: t.action },
            { label: t.subject },
            { label: t.before },
            { label: t.after },
          ]}
          testId="audit-log"
        >
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="audit-row">
              <td className="whitespace-nowrap p-2">{r.at}</td>
              <td className="p-2">{r.actor}</td>
              <td className="p-2">{t.actions[r.action] ?? r.action}</td>
              <td className="p-2">{r.subject}</td>
              <td className="p-2">
                <code className="break-all text-xs">{r.before ?? "–"}</code>
              </td>
              <td className="p-2">
                <code className="break-all text-xs">{r.after ?? "–"}</code>
              </td>
            </tr>
          ))}
        </OpsTable>
      )}
      <Pager page={page} pages={pages} href={(p) => `${OPS_PATHS.log}?side=${p}`} />
    </OpsPage>
  );
}
