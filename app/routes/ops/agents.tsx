import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCount, formatDateTime, formatShortDate } from "~/domain/format";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { agentStats } from "~/services/ops/agent-stats.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { OpsTable } from "~/components/ops/ops-table";

// /drift/soegeagenter: agents per frequency, e-mails sent and failed per day, the last notify run,
// and a warning when notify has not run for an hour: the deployment's clock (the worker, a cron
// line or a systemd timer: docs/operations.md#the-clock) is not running it.

/** notify runs every 5 minutes where it is scheduled; an hour without a run means the schedule is broken. */
const NOTIFY_SILENT_MS = 60 * 60 * 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const stats = agentStats(context.db);
  const run = stats.lastRun;
  const silent = !run || Date.now() - run.at.getTime() > NOTIFY_SILENT_MS;
  return data({ ...stats, silent, lastRun: run && { ...run, at: formatDateTime(run.at) } }, { headers: NO_STORE });
}

export default function AgentStatsPage() {
  const { perFrequency, perDay, lastRun, silent } = useLoaderData<typeof loader>();
  const t = texts.ops.agents;
  return (
    <OpsPage title={t.title}>
      <OpsTable
        columns={[{ label: t.frequency }, { label: t.active, numeric: true }, { label: t.paused, numeric: true }]}
        testId="agents-per-frequency"
        className="mb-6"
        tableClassName="max-w-lg"
      >
        {perFrequency.map((f) => (
          <tr key={f.frequency} className="border-b border-slate-100">
            <td className="p-2">{texts.agents.frequencies[f.frequency]}</td>
            <td className="p-2 text-right">{formatCount(f.active)}</td>
            <td className="p-2 text-right">{formatCount(f.paused)}</td>
          </tr>
        ))}
      </OpsTable>
      <h3 className="mb-2 font-semibold">{t.lastRun}</h3>
      <p className="mb-6 text-sm" data-testid="last-notify-run">
        {!lastRun
          ? t.noRun
          : `${lastRun.at}: ${
              lastRun.error
                ? t.runError(lastRun.error)
                : lastRun.locked
                  ? t.runLocked
                  : t.runOutcome(lastRun.agents, lastRun.trips, lastRun.drops, lastRun.messages, lastRun.failed)
            }`}
      </p>
      {silent && (
        <p role="alert" className="mb-6 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="notify-silent">
          {t.notifySilent}
        </p>
      )}
      <h3 className="mb-2 font-semibold">{t.perDay}</h3>
      <OpsTable
        columns={[{ label: t.day }, { label: t.sent, numeric: true }, { label: t.failed, numeric: true }]}
        testId="agent-mails-per-day"
        tableClassName="max-w-lg"
      >
        {perDay.map((d) => (
          <tr key={d.day} className="border-b border-slate-100">
            <td className="p-2">{formatShortDate(d.day)}</td>
            <td className="p-2 text-right">{formatCount(d.sent)}</td>
            <td className="p-2 text-right">{formatCount(d.failed)}</td>
          </tr>
        ))}
      </OpsTable>
    </OpsPage>
  );
}
