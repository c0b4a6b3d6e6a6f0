import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IMPORT_ISSUES_KEPT, OPS_PAGE_SIZE, OPS_PATHS } from "~/domain/constants";
import { formatCount, formatDateTime } from "~/domain/format";
import { pageCount, pageParam } from "~/domain/ops-paging";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { getImport, importIssuesPage } from "~/services/imports/imports.server";
import { OpsPage, Pager } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";
import { ImportCountCells, importCountColumns } from "~/components/ops/import-counts";

// /drift/importer/:id[?vis=advarsler][&side=N]: one import per company, and its rejected lines
// (or warnings) page by page.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const found = id === undefined ? undefined : getImport(context.db, id);
  if (!found || id === undefined) throw notFound();
  const search = new URL(request.url).searchParams;
  const kind = search.get("vis") === "advarsler" ? "warning" : "rejected";
  const page = pageParam(search.get("side"));
  const issues = importIssuesPage(context.db, id, kind, page, OPS_PAGE_SIZE);
  return data(
    { run: { ...found, at: formatDateTime(found.at) }, kind, page, pages: pageCount(issues.total, OPS_PAGE_SIZE), issues: issues.rows },
    { headers: NO_STORE },
  );
}

export default function ImportPage() {
  const { run, kind, page, pages, issues } = useLoaderData<typeof loader>();
  const t = texts.ops.imports;
  const base = `${OPS_PATHS.imports}/${run.id}`;
  const tab = (k: "rejected" | "warning", label: string, n: number) => (
    <Link
      to={k === "warning" ? `${base}?vis=advarsler` : base}
      aria-current={kind === k ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${kind === k ? "bg-brand-700 text-white" : "text-brand-800 underline"}`}
    >
      {label} ({formatCount(n)})
    </Link>
  );
  const total = kind === "rejected" ? run.rejected : run.warnings;
  return (
    <OpsPage title={t.detailTitle(run.id)}>
      <p className="mb-4 text-sm text-slate-700">
        {run.at} · {t.source}: {run.source} · {t.generation}: {run.generation}
      </p>
      {run.error && (
        <p className="mb-4 font-semibold text-red-700" data-testid="import-error">
          {t.failed(run.error)}
        </p>
      )}
      <h3 className="mb-2 font-semibold">{t.perCompany}</h3>
      <OpsTable columns={[{ label: t.company }, ...importCountColumns]} testId="import-companies" className="mb-6">
        {run.companies.map((c) => (
          <tr key={c.slug} className="border-b border-slate-100" data-testid="import-company">
            <td className="p-2">
              {c.slug === "" ? t.unknownCompany : c.name}
              {c.stopped && <span className="block text-xs font-semibold text-red-700">{t.stopped}</span>}
            </td>
            <ImportCountCells counts={c} />
          </tr>
        ))}
      </OpsTable>
      <nav className="mb-3 flex gap-2">
        {tab("rejected", t.rejectedLines, run.rejected)}
        {tab("warning", t.warningLines, run.warnings)}
      </nav>
      {issues.length === 0 ? (
        <p>{t.noIssues}</p>
      ) : (
        <OpsTable columns={[{ label: t.lineNo }, { label: t.reason }]} testId="import-issues">
          {issues.map((x, i) => (
            <tr key={i} className="border-b border-slate-100" data-testid="import-issue">
              <td className="p-2">{x.lineNo}</td>
              <td className="break-all p-2">{x.message}</td>
            </tr>
          ))}
        </OpsTable>
      )}
      {total > IMPORT_ISSUES_KEPT && <p className="mt-2 text-sm">{t.kept(formatCount(IMPORT_ISSUES_KEPT))}</p>}
      <Pager page={page} pages={pages} href={(p) => `${base}?${kind === "warning" ? "vis=advarsler&" : ""}side=${p}`} />
    </OpsPage>
  );
}
