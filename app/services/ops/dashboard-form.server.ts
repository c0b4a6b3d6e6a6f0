import { data, redirect } from "@remix-run/node";
import { formFields, parseFields, recordId, type FieldErrors } from "~/domain/ops-forms";
import type { z } from "~/domain/zod";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import type { SessionContext } from "~/services/accounts/session.server";
import type { Actor } from "~/services/audit/audit.server";
import { operatorAction } from "./access.server";

// The action of a dashboard form that edits one thing (a banner, a landing box) at /ny or /:id:
// same origin and an operator first, then the fields checked with the thing's schema; refused
// fields come back with their Danish messages (400), "Forhåndsvis" comes back without saving,
// "Gem" saves and returns to the list, and any other intent is a 400 that saves nothing.

export type FormValues = Record<string, string>;

/** What the form's page gets back: the fields as sent, each refused field's message, or the checked input to preview. */
export type DashboardFormResult<T, Extra> = Extra & { values: FormValues; errors?: FieldErrors; preview?: T; problem?: string };

export interface DashboardForm<T, Extra> {
  schema: z.ZodType<T>;
  /** Saves a new one or changes the one with this id; false when there is no such one (a 404). */
  save: (id: number | "new", input: T, actor: Actor) => boolean;
  /** Where a saved form goes. */
  listPath: string;
  /** What else the page needs beside the fields (the landing box's preview link). */
  extra: (values: FormValues) => Extra;
}

/** The form's target from its URL segment: "new" for /ny, an id, or undefined (a 404). */
export function formTarget(raw: string | undefined): number | "new" | undefined {
  return raw === "ny" ? "new" : recordId(raw);
}

export async function dashboardFormAction<T, Extra extends object>(
  request: Request,
  context: SessionContext,
  rawId: string | undefined,
  form: DashboardForm<T, Extra>,
) {
  const { user, form: posted } = await operatorAction(request, context);
  const id = formTarget(rawId);
  if (id === undefined) throw notFound();
  const values = formFields(posted);
  const page = { ...form.extra(values), values };
  // Only the form's two buttons: anything else saves nothing (a scripted post, not a browser's).
  if (values.intent !== "save" && values.intent !== "preview")
    return data<DashboardFormResult<T, Extra>>({ ...page, problem: texts.errors.badRequest }, { status: 400, headers: NO_STORE });
  const parsed = parseFields(form.schema, values);
  if (!parsed.ok) return data<DashboardFormResult<T, Extra>>({ ...page, errors: parsed.errors }, { status: 400, headers: NO_STORE });
  if (values.intent === "preview") return data<DashboardFormResult<T, Extra>>({ ...page, preview: parsed.value }, { headers: NO_STORE });
  if (!form.save(id, parsed.value, user.email)) throw notFound();
  return redirect(form.listPath, { headers: NO_STORE });
}
