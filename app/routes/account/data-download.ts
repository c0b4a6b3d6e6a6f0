import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/accounts/session.server";
import { personalData } from "~/services/accounts/personal-data.server";
import { todayInDenmark } from "~/domain/dates";

// GET /konto/mine-data: "Download mine data", the logged-in user's data as a JSON file
// (app/services/accounts/personal-data.server.ts). A GET changes nothing, and another site cannot
// read the answer (no CORS); anonymous visitors are sent to log in.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const body = personalData(context.db, user.id, context.publicUrl);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="pistepris-mine-data-${todayInDenmark()}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
