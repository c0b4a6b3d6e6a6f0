import { isOperator } from "./operators.server";
import { requireUser, type SessionContext, type SessionUser } from "~/services/accounts/session.server";
import { notFound } from "~/utils/responses.server";
import { readForm, requireSameOrigin } from "~/utils/request.server";

// Who may see /drift: anonymous visitors are sent to log in (and back), a logged-in user who is
// not an operator gets the same 404 as a missing page (the dashboard does not announce itself).

export async function requireOperator(request: Request, context: SessionContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!isOperator(context.db, user.id)) throw notFound();
  return user;
}

/** The first lines of every dashboard action: same origin, an operator, the posted form. */
export async function operatorAction(request: Request, context: SessionContext): Promise<{ user: SessionUser; form: FormData }> {
  requireSameOrigin(request);
  const user = await requireOperator(request, context);
  return { user, form: await readForm(request) };
}
