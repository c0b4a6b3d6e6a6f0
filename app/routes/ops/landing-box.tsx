import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LANDING_ICONS, OPS_PATHS, RESULTS_PATH } from "~/domain/constants";
import { landingBoxFields, landingBoxInput, landingQuery, type LandingBoxInput } from "~/domain/ops-forms";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { dashboardFormAction, formTarget, type DashboardFormResult } from "~/services/ops/dashboard-form.server";
import { createLandingBox, getLandingBox, updateLandingBox } from "~/services/landing/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { FormProblem, SaveAndPreview } from "~/components/ops/fields";
import { LandingBoxEditor } from "~/components/ops/landing-box-editor";

// /drift/forsidebokse/ny and /drift/forsidebokse/:id: a landing box's form with its preview (live
// with JavaScript, after "Forhåndsvis" without) and the contrast warning; "Gem" saves it.

const NEW_BOX: Record<string, string> = {
  icon: LANDING_ICONS[0],
  borderColor: "#93c5fd",
  backgroundColor: "#eff6ff",
  textColor: "#1e3a8a",
  iconColor: "#2563eb",
  query: "",
};

/**
 * The preview's link: the box's search as the landing page links it. Made on the server (the page's
 * script parses no URL), so it follows the search field after "Forhåndsvis", not every keystroke.
 */
function previewHref(values: Record<string, string>): string {
  const query = landingQuery(values.query ?? "");
  return query ? `${RESULTS_PATH}?${query}` : RESULTS_PATH;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const id = formTarget(params.id);
  if (id === undefined) throw notFound();
  if (id === "new")
    return data({ id, title: texts.ops.landing.newTitle, values: NEW_BOX, href: previewHref(NEW_BOX) }, { headers: NO_STORE });
  const box = getLandingBox(context.db, id);
  if (!box) throw notFound();
  const values = landingBoxFields(box);
  return data({ id, title: texts.ops.landing.editTitle(box.title), values, href: previewHref(values) }, { headers: NO_STORE });
}

type ActionResult = DashboardFormResult<LandingBoxInput, { href: string }>;

export function action({ request, params, context }: ActionFunctionArgs) {
  return dashboardFormAction(request, context, params.id, {
    schema: landingBoxInput,
    save: (id, input, actor) =>
      id === "new" ? !!createLandingBox(context.db, input, actor) : !!updateLandingBox(context.db, id, input, actor),
    listPath: OPS_PATHS.landingBoxes,
    extra: (values) => ({ href: previewHref(values) }),
  });
}

export default function LandingBoxFormPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const values = result?.values ?? loaded.values;
  const href = result?.href ?? loaded.href;
  return (
    <OpsPage title={loaded.title}>
      <Form method="post" data-testid="landing-form" noValidate>
        <FormProblem message={result?.problem ?? (result?.errors ? texts.ops.formInvalid : undefined)} />
        {/* A new key after each submit: the editor starts again from the values the server saw. */}
        <LandingBoxEditor key={JSON.stringify(values)} values={values} href={href} errors={result?.errors ?? {}} />
        <SaveAndPreview className="mt-4 flex gap-3" />
      </Form>
    </OpsPage>
  );
}
