import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LANDING_ICONS, OPS_PATH, RESULTS_PATH } from "~/domain/constants";
import { formFields, landingBoxInput, landingQuery, parseFields, type FieldErrors } from "~/domain/ops-forms";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { operatorAction, requireOperator } from "~/services/operators/access.server";
import { createLandingBox, getLandingBox, updateLandingBox } from "~/services/landing/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { Button, FormProblem } from "~/components/ops/fields";
import { LandingBoxEditor } from "~/components/ops/landing-box-editor";

// /drift/forsidebokse/ny and /drift/forsidebokse/:id: a landing box's form with its preview (live
// with JavaScript, after "Forhåndsvis" without) and the contrast warning; "Gem" saves it.

function boxId(raw: string | undefined): number | "new" | undefined {
  if (raw === "ny") return "new";
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

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
  const id = boxId(params.id);
  if (id === undefined) throw notFound();
  if (id === "new")
    return data({ id, title: texts.ops.landing.newTitle, values: NEW_BOX, href: previewHref(NEW_BOX) }, { headers: NO_STORE });
  const box = getLandingBox(context.db, id);
  if (!box) throw notFound();
  const { title, description, icon, borderColor, backgroundColor, textColor, iconColor, query } = box;
  const values: Record<string, string> = { title, description, icon, borderColor, backgroundColor, textColor, iconColor, query };
  return data({ id, title: texts.ops.landing.editTitle(box.title), values, href: previewHref(values) }, { headers: NO_STORE });
}

type ActionResult = { values: Record<string, string>; href: string; errors?: FieldErrors; previewed?: true };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, form } = await operatorAction(request, context);
  const id = boxId(params.id);
  if (id === undefined) throw notFound();
  const values = formFields(form);
  const parsed = parseFields(landingBoxInput, values);
  if (!parsed.ok)
    return data<ActionResult>({ values, href: previewHref(values), errors: parsed.errors }, { status: 400, headers: NO_STORE });
  if (values.intent === "preview") return data<ActionResult>({ values, href: previewHref(values), previewed: true }, { headers: NO_STORE });
  if (id === "new") createLandingBox(context.db, parsed.value, user.email);
  else if (!updateLandingBox(context.db, id, parsed.value, user.email)) throw notFound();
  return redirect(`${OPS_PATH}/forsidebokse`, { headers: NO_STORE });
}

export default function LandingBoxFormPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const values = result?.values ?? loaded.values;
  const href = result?.href ?? loaded.href;
  return (
    <OpsPage title={loaded.title}>
      <Form method="post" data-testid="landing-form" noValidate>
        <FormProblem message={result?.errors ? texts.ops.formInvalid : undefined} />
        {/* A new key after each submit: the editor starts again from the values the server saw. */}
        <LandingBoxEditor key={JSON.stringify(values)} values={values} href={href} errors={result?.errors ?? {}} />
        <div className="mt-4 flex gap-3">
          <Button name="intent" value="save">
            {texts.ops.save}
          </Button>
          <Button name="intent" value="preview" variant="secondary">
            {texts.ops.preview}
          </Button>
        </div>
      </Form>
    </OpsPage>
  );
}
