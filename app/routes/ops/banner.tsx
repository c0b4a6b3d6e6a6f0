import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { OPS_PATHS } from "~/domain/constants";
import { bannerFields, bannerInput, type BannerInput } from "~/domain/ops-forms";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { requireOperator } from "~/services/ops/access.server";
import { dashboardFormAction, formTarget, type DashboardFormResult } from "~/services/ops/dashboard-form.server";
import { createBanner, getBanner, updateBanner } from "~/services/banners/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { FormProblem, SaveAndPreview, TextField } from "~/components/ops/fields";
import { BannerPreview } from "~/components/ops/banner-preview";

// /drift/bannere/ny and /drift/bannere/:id: a banner's form. "Forhåndsvis" shows it at its slot in
// a results list without saving; "Gem" saves it (a new one active) and returns to the list.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const id = formTarget(params.id);
  if (id === undefined) throw notFound();
  if (id === "new") return data({ id, values: { position: "1" } as Record<string, string> }, { headers: NO_STORE });
  const banner = getBanner(context.db, id);
  if (!banner) throw notFound();
  return data({ id, values: bannerFields(banner) }, { headers: NO_STORE });
}

type ActionResult = DashboardFormResult<BannerInput, object>;

export function action({ request, params, context }: ActionFunctionArgs) {
  return dashboardFormAction(request, context, params.id, {
    schema: bannerInput,
    // A new banner is active from the start.
    save: (id, input, actor) =>
      id === "new" ? !!createBanner(context.db, input, true, actor) : !!updateBanner(context.db, id, input, actor),
    listPath: OPS_PATHS.banners,
    extra: () => ({}),
  });
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
          <FormProblem message={result?.problem ?? (result?.errors ? texts.ops.formInvalid : undefined)} />
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
          <SaveAndPreview />
        </Form>
        {result?.preview && (
          <BannerPreview provider={result.preview.provider} image={result.preview.image} position={result.preview.position} />
        )}
      </div>
    </OpsPage>
  );
}
