import type { LoaderFunctionArgs } from "@remix-run/node";
import { parsePeriod } from "~/domain/click-period";
import { CLICK_TABLES, clickCsv, type ClickTableName } from "~/domain/click-stats";
import { texts } from "~/domain/texts";
import { requireOperator } from "~/services/ops/access.server";
import { clickStats } from "~/services/ops/click-stats.server";

// /drift/klik/csv?tabel=selskaber|partnere|bannere&fra=&til=: one table of /drift/klik as CSV.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const params = new URL(request.url).searchParams;
  const name = params.get("tabel");
  const plain = (status: number, text: string) =>
    new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  if (!CLICK_TABLES.includes(name as ClickTableName)) return plain(400, texts.ops.clicks.tableInvalid);
  const parsed = parsePeriod(params);
  if (!parsed.ok) return plain(400, parsed.error);
  const { period } = parsed;
  return new Response(clickCsv(clickStats(context.db, name as ClickTableName, period)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="pistepris-${name}-${period.from}-${period.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
