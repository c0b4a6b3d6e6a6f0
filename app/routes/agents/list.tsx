import { AGENTS_PATH, AGENT_FREQUENCIES, AGENT_NAME_MAX_LENGTH, MAX_AGENTS_PER_USER } from "~/domain/constants";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { agentQuery, agentsOf, createAgent, deleteAgent, ownAgent, updateAgent } from "~/services/agents/agents.server";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { readForm, requireSameOrigin } from "~/utils/request.server";
import { withSearch } from "~/search/unavailable.server";
import { requireUser } from "~/services/accounts/session.server";
import { formatCount } from "~/domain/format";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { hasControl, hasVisible } from "~/domain/plain-text";
import { Page } from "~/components/ui/page";
import { FormError } from "~/components/account/account-forms";
import { unlistedMeta } from "~/domain/share-meta";

// /soegeagenter: the user's search agents (owner only): their search in words, how many trips
// match now, rename, pause/resume, frequency, delete, open the search. POST intents: create
// (from the results page's createSearchAgent dialog), rename, pause, resume, frequency, priceDrops, delete.
// The price-drop checkbox is a plain form field: unchecked, the browser sends nothing, which means off.
// Every intent on an agent id is scoped to its owner: anyone else's agent is a 404.

export const meta: MetaFunction = () => unlistedMeta(texts.agents.title, texts.agents.metaDescription);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const agents = await withSearch("page", () => agentsOf(context.db, context.engine, user.id));
  return data({ agents }, { headers: NO_STORE });
}

const agentId = z.coerce.number().int().positive();
// A name one can see, on one line: it goes into e-mails' subjects (docs/feed.md "Names").
const name = z
  .string()
  .trim()
  .normalize("NFC")
  .max(AGENT_NAME_MAX_LENGTH)
  .refine(hasVisible)
  .refine((s) => !hasControl(s));
const frequency = z.enum(AGENT_FREQUENCIES);
const priceDrops = z.literal("on").optional();
const input = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), search: z.string().max(4000), name, frequency, priceDrops }),
  z.object({ intent: z.literal("rename"), agentId, name }),
  z.object({ intent: z.literal("pause"), agentId }),
  z.object({ intent: z.literal("resume"), agentId }),
  z.object({ intent: z.literal("frequency"), agentId, frequency }),
  z.object({ intent: z.literal("priceDrops"), agentId, priceDrops }),
  z.object({ intent: z.literal("delete"), agentId }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const user = await requireUser(request, context);
  const { db } = context;
  const form = await readForm(request);
  const raw: Record<string, unknown> = {};
  for (const key of ["intent", "search", "name", "frequency", "agentId", "priceDrops"]) {
    const value = form.get(key);
    if (typeof value === "string") raw[key] = value;
  }
  const parsed = input.safeParse(raw);
  if (!parsed.success) {
    if (raw.name !== undefined && !name.safeParse(raw.name).success)
      return data({ error: texts.agents.nameInvalid }, { status: 400, headers: NO_STORE });
    return data({ error: texts.errors.badRequest }, { status: 400, headers: NO_STORE });
  }
  const req = parsed.data;
  if (req.intent === "create") {
    const created = createAgent(db, user.id, {
      name: req.name,
      query: agentQuery(new URLSearchParams(req.search)),
      frequency: req.frequency,
      priceDrops: req.priceDrops === "on",
    });
    if (created === "full") return data({ error: texts.agents.limitReached(MAX_AGENTS_PER_USER) }, { status: 409, headers: NO_STORE });
    return redirect(AGENTS_PATH, { headers: NO_STORE });
  }
  if (!ownAgent(db, user.id, req.agentId)) throw notFound();
  if (req.intent === "delete") deleteAgent(db, user.id, req.agentId);
  else if (req.intent === "rename") updateAgent(db, user.id, req.agentId, { name: req.name });
  else if (req.intent === "pause") updateAgent(db, user.id, req.agentId, { active: false });
  else if (req.intent === "resume") updateAgent(db, user.id, req.agentId, { active: true });
  else if (req.intent === "priceDrops") updateAgent(db, user.id, req.agentId, { priceDrops: req.priceDrops === "on" });
  else updateAgent(db, user.id, req.agentId, { frequency: req.frequency });
  return redirect(AGENTS_PATH, { headers: NO_STORE });
}

const small = "rounded border border-slate-300 px-3 py-1.5 text-sm font-semibold text-brand-900 hover:border-brand-600";
const danger = "rounded border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800";
const field = "mt-1 block rounded border border-slate-300 px-2 py-1 text-sm font-normal";

/** One of an agent's plain forms: its fields (if any) and a submit button, posted with the intent and the agent's id. */
function AgentAction(props: { intent: string; agentId: number; button: string; testId: string; danger?: boolean; children?: ReactNode }) {
  return (
    <Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="agentId" value={props.agentId} />
      {props.children}
      <button type="submit" className={props.danger ? danger : small} data-testid={props.testId}>
        {props.button}
      </button>
    </Form>
  );
}

export default function SearchAgentsPage() {
  const { agents } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const a = texts.agents;
  return (
    <Page title={a.title}>
      <div className="mb-4 empty:hidden">
        <FormError error={failed?.error} />
      </div>
      {agents.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm" data-testid="agents-empty">
          {a.empty}
        </p>
      ) : (
        <ul className="space-y-4" data-testid="agents">
          {agents.map((agent) => (
            <li
              key={agent.id}
              className="rounded-xl bg-white p-5 shadow-sm"
              data-testid="agent"
              data-agent-id={agent.id}
              data-active={agent.active ? "true" : "false"}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-bold text-brand-900" data-testid="agent-name">
                    {agent.name}
                  </h2>
                  <p className="text-sm text-slate-700" data-testid="agent-summary">
                    <span className="sr-only">{a.search}: </span>
                    {agent.summary}
                  </p>
                  <p className="text-sm text-slate-600" data-testid="agent-matches">
                    {a.matches(formatCount(agent.matches))}
                  </p>
                  <p className="mt-1 text-xs font-semibold uppercase tracking-wide" data-testid="agent-status">
                    {agent.active ? a.active : a.paused} · {a.frequencies[agent.frequency]}
                    {agent.priceDrops && ` · ${a.priceDropsOn}`}
                  </p>
                </div>
                <Link
                  to={agent.href}
                  className="rounded bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  data-testid="agent-open"
                >
                  {a.openSearch}
                </Link>
              </div>
              <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
                <AgentAction intent="rename" agentId={agent.id} button={a.rename} testId="agent-rename">
                  <label className="text-xs font-semibold">
                    {a.name}
                    <input name="name" defaultValue={agent.name} required maxLength={AGENT_NAME_MAX_LENGTH} className={field} />
                  </label>
                </AgentAction>
                <AgentAction intent="frequency" agentId={agent.id} button={a.saveFrequency} testId="agent-save-frequency">
                  <label className="text-xs font-semibold">
                    {a.frequency}
                    <select name="frequency" defaultValue={agent.frequency} className={field} data-testid="agent-frequency">
                      {AGENT_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {a.frequencies[f]}
                        </option>
                      ))}
                    </select>
                  </label>
                </AgentAction>
                <AgentAction intent="priceDrops" agentId={agent.id} button={a.savePriceDrops} testId="agent-save-price-drops">
                  <label className="inline-flex items-center gap-2 text-xs font-semibold">
                    <input type="checkbox" name="priceDrops" defaultChecked={agent.priceDrops} data-testid="agent-price-drops" />
                    {a.priceDrops}
                  </label>
                </AgentAction>
                <AgentAction
                  intent={agent.active ? "pause" : "resume"}
                  agentId={agent.id}
                  button={agent.active ? a.pause : a.resume}
                  testId="agent-pause"
                />
                <AgentAction intent="delete" agentId={agent.id} button={a.remove} testId="agent-delete" danger />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
