import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { OPS_PATH } from "~/domain/constants";
import { bannerInput, formFields, parseFields, type BannerInput, type FieldErrors } from "~/domain/ops-forms";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { operatorAction, requireOperator } from "~/services/operators/access.server";
import { createBanner, getBanner, updateBanner } from "~/services/banners/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { Button, FormProblem, TextField } from "~/components/ops/fields";
import { BannerPreview } from "~/components/ops/banner-preview";

// /drift/bannere/ny and /drift/bannere/:id: a banner's form. "Forhåndsvis" shows it at its slot in
// a results list without saving; "Gem" saves it (a new one active) and returns to the list.

/** The banner's id, "new" for /ny, or undefined for anything else. */
function bannerId(raw: string | undefined): number | "new" | undefined {
  if (raw === "ny") return "new";
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const id = bannerId(params.id);
  if (id === undefined) throw notFound();
  if (id === "new") return data({ id, values: { position: "1" } as Record<string, string> }, { headers: NO_STORE });
  const banner = getBanner(context.db, id);
  if (!banner) throw notFound();
  const values = {
    provider: banner.provider,
    url: banner.url,
    image: banner.image,
    position: String(banner.position),
    startsOn: banner.startsOn ?? "",
    endsOn: banner.endsOn ?? "",
  };
  return data({ id, values: values as Record<string, string> }, { headers: NO_STORE });
}

type ActionResult = { values: Record<string, string>; errors?: FieldErrors; preview?: BannerInput };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, form } = await operatorAction(request, context);
  const id = bannerId(params.id);
  if (id === undefined) throw notFound();
  const values = formFields(form);
  const parsed = parseFields(bannerInput, values);
  if (!parsed.ok) return data<ActionResult>({ values, errors: parsed.errors }, { status: 400, headers: NO_STORE });
  if (values.intent === "preview") return data<ActionResult>({ values, preview: parsed.value }, { headers: NO_STORE });
  if (id === "new") createBanner(context.db, parsed.value, true, user.email);
  else if (!updateBanner(context.db, id, parsed.value, user.email)) throw notFound();
  return redirect(`${OPS_PATH}/bannere`, { headers: NO_STORE });
}

export default function BannerFormPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const values = result?.values ?? loaded.values;
  const errors = result?.errors ?? {};
  const t = texts.ops.banners;
  return (
    <OpsPage title={loaded.id === "new" ? t.newTitle : t.editTitle(loaded.id)}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Form method="post" className="rounded-lg bg-white p-4 shadow-sm" data-testid="banner-form" noValidate>
          <FormProblem message={result?.errors ? texts.ops.formInvalid : undefined} />
          <TextField name="provider" label={t.provider} value={values.provider} error={errors.provider} required maxLength={100} />
          <TextField name="url" label={t.url} value={values.url} error={errors.url} type="url" required />
          <TextField name="image" label={t.image} value={values.image} error={errors.image} required />
          <TextField
            name="position"
            label={t.position}
            value={values.position}
            error={errors.position}
            type="number"
            min={1}
            max={1000}
            required
          />
          <TextField name="startsOn" label={t.startsOn} value={values.startsOn} error={errors.startsOn} type="date" />
          <TextField name="endsOn" label={t.endsOn} value={values.endsOn} error={errors.endsOn} type="date" />
          <div className="flex gap-3">
            <Button name="intent" value="save">
              {texts.ops.save}
            </Button>
            <Button name="intent" value="preview" variant="secondary">
              {texts.ops.preview}
            </Button>
          </div>
        </Form>
        {result?.preview && (
          <BannerPreview provider={result.preview.provider} image={result.preview.image} position={result.preview.position} />
        )}
      </div>
    </OpsPage>
  );
}
