import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OPS_PATHS } from "~/domain/constants";
import { todayInDenmark } from "~/domain/dates";
import { formatCount, formatDate, formatPercent } from "~/domain/format";
import { bannerStatus } from "~/domain/banner-status";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { operatorAction, requireOperator } from "~/services/ops/access.server";
import { bannerStats } from "~/services/banners/banners.server";
import { allBanners, setBannerActive } from "~/services/banners/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { Button, FormProblem } from "~/components/ops/fields";
import { OpsTable } from "~/components/ops/ops-table";

// /drift/bannere: every banner with its status, views, clicks and click rate; activate or deactivate.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const today = todayInDenmark();
  const stats = new Map(bannerStats(context.db).map((s) => [s.id, s]));
  const rows = allBanners(context.db).map((b) => ({
    ...b,
    status: bannerStatus(b, today),
    views: stats.get(b.id)?.views ?? 0,
    clicks: stats.get(b.id)?.clicks ?? 0,
    clickRate: stats.get(b.id)?.clickRate ?? 0,
  }));
  return data({ rows }, { headers: NO_STORE });
}

const input = z.object({ intent: z.enum(["activate", "deactivate"]), id: z.coerce.number().int().positive() });

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, form } = await operatorAction(request, context);
  const parsed = input.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data({ error: texts.errors.badRequest }, { status: 400, headers: NO_STORE });
  const changed = setBannerActive(context.db, parsed.data.id, parsed.data.intent === "activate", user.email);
  if (!changed) throw notFound();
  return redirect(OPS_PATHS.banners, { headers: NO_STORE });
}

export default function BannersPage() {
  const { rows } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const t = texts.ops.banners;
  return (
    <OpsPage title={t.title}>
      <FormProblem message={failed?.error} />
      <p className="mb-4">
        <Link to={`${OPS_PATHS.banners}/ny`} className="font-semibold text-brand-700 underline" data-testid="new-banner">
          {t.newTitle}
        </Link>
      </p>
      {rows.length === 0 ? (
        <p>{texts.ops.none}</p>
      ) : (
        <OpsTable
          columns={[
            { label: "#" },
            { label: t.provider },
            { label: t.position, numeric: true },
            { label: t.period },
            { label: t.status },
            { label: t.views, numeric: true },
            { label: t.clicks, numeric: true },
            { label: t.clickRate, numeric: true },
            { label: t.actions, hidden: true },
          ]}
          testId="banner-table"
        >
          {rows.map((b) => (
            <tr key={b.id} className="border-b border-slate-100" data-testid="banner-row" data-banner-id={b.id}>
              <td className="p-2">{b.id}</td>
              <td className="p-2">{b.provider}</td>
              <td className="p-2 text-right">{b.position}</td>
              <td className="p-2">
                {b.startsOn || b.endsOn
                  ? `${b.startsOn ? formatDate(b.startsOn) : ""} – ${b.endsOn ? formatDate(b.endsOn) : ""}`
                  : t.always}
              </td>
              <td className="p-2" data-testid="banner-status">
                {t.statuses[b.status]}
              </td>
              <td className="p-2 text-right" data-testid="banner-views">
                {formatCount(b.views)}
              </td>
              <td className="p-2 text-right" data-testid="banner-clicks">
                {formatCount(b.clicks)}
              </td>
              <td className="p-2 text-right">{formatPercent(b.clickRate)}</td>
              <td className="flex gap-2 p-2">
                <Link
                  to={`${OPS_PATHS.banners}/${b.id}`}
                  className="font-semibold text-brand-700 underline"
                  aria-label={`${texts.ops.edit} #${b.id}`}
                >
                  {texts.ops.edit}
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={b.id} />
                  <Button name="intent" value={b.active ? "deactivate" : "activate"} variant="secondary">
                    {b.active ? t.deactivate : t.activate}
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </OpsTable>
      )}
    </OpsPage>
  );
}
