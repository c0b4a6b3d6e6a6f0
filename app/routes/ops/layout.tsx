import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { texts } from "~/domain/texts";
import { NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { OpsNav } from "~/components/ops/ops-nav";
import { unlistedMeta } from "~/domain/share-meta";

// /drift: the operators' dashboard. Every page's loader checks the role itself (loaders run in
// parallel), and every action goes through operatorAction (same origin, operator, form).

export const meta: MetaFunction = () => unlistedMeta(texts.ops.title, texts.ops.metaDescription);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireOperator(request, context);
  return data({ email: user.email }, { headers: NO_STORE });
}

export default function OpsLayout() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8" data-testid="ops">
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{texts.ops.title}</h1>
      <OpsNav />
      <Outlet />
    </main>
  );
}
