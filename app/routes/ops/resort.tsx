import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DESTINATIONS_PATH, OPS_PATHS } from "~/domain/constants";
import { formFields } from "~/domain/ops-forms";
import { RESORT_FACT_FIELDS, type ResortFactField } from "~/domain/resort-facts";
import { parseFactText, type FactChange } from "~/domain/resort-facts-input";
import { texts } from "~/domain/texts";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { operatorAction, requireOperator } from "~/services/ops/access.server";
import { readResortFacts, resortName, setResortFacts } from "~/services/destinations/resort-facts.server";
import { currentCatalogue } from "~/services/destinations/destination-page.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { Button, FormProblem, TextField } from "~/components/ops/fields";

// /drift/destinationer/<slug>: a resort's facts as a plain form (docs/feed.md "Resort facts"). An
// empty field removes its fact; each field is checked as the CLI checks it, and a refused form
// comes back with the fields as typed and each one's Danish reason (400). Saving is audited.

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** A fact as the form shows it: Danish decimals, empty when missing. */
const shown = (n: number | undefined) => (n === undefined ? "" : String(n).replace(".", ","));

function resortOf(raw: string | undefined, db: Parameters<typeof resortName>[0]): { slug: string; name: string } {
  const slug = raw && SLUG.test(raw) ? raw : undefined;
  const name = slug && resortName(db, slug);
  if (!slug || !name) throw notFound();
  return { slug, name };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  const resort = resortOf(params.slug, context.db);
  const facts = readResortFacts(context.db, resort.slug);
  const values = Object.fromEntries(RESORT_FACT_FIELDS.map((f) => [f, shown(facts[f])]));
  const pageHref = currentCatalogue(context.db, context.engine).byLevel.resort.get(resort.slug)?.href ?? DESTINATIONS_PATH;
  return data({ ...resort, values, pageHref }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, form } = await operatorAction(request, context);
  const resort = resortOf(params.slug, context.db);
  const values = formFields(form);
  const answer = (status: number, extra: { errors?: Record<string, string>; problem?: string }) =>
    data({ values, ...extra }, { status, headers: NO_STORE });
  if (values.intent !== "save") return answer(400, { problem: texts.errors.badRequest });
  const change: FactChange = {};
  const errors: Record<string, string> = {};
  for (const field of RESORT_FACT_FIELDS) {
    const parsed = parseFactText(field, values[field] ?? "");
    if ("reason" in parsed) errors[field] = texts.ops.resorts.invalid(parsed.reason);
    else change[field] = parsed.value;
  }
  if (Object.keys(errors).length) return answer(400, { errors, problem: texts.ops.formInvalid });
  const outcome = setResortFacts(context.db, resort.slug, change, user.email);
  if (!outcome.ok) return answer(400, { problem: outcome.reason });
  return redirect(`${OPS_PATHS.resorts}?gemt=${resort.slug}`, { headers: NO_STORE });
}

export default function ResortFactsFormPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values: Record<string, string> = result?.values ?? loaded.values;
  const errors: Record<string, string> = (result && "errors" in result && result.errors) || {};
  const t = texts.ops.resorts;
  return (
    <OpsPage title={t.editTitle(loaded.name)}>
      <p className="mb-2 text-sm text-slate-700">{t.formIntro}</p>
      <p className="mb-4 text-sm">
        <Link to={loaded.pageHref} className="font-semibold text-brand-700 underline" data-testid="resort-page-link">
          {t.page}
        </Link>
      </p>
      <Form method="post" data-testid="resort-facts-form" noValidate>
        <FormProblem message={result?.problem} />
        <div className="grid gap-x-6 sm:grid-cols-2">
          {RESORT_FACT_FIELDS.map((field: ResortFactField) => (
            <TextField
              key={`${field}-${values[field] ?? ""}`}
              name={field}
              label={t.fields[field]}
              value={values[field]}
              error={errors[field]}
            />
          ))}
        </div>
        <Button name="intent" value="save">
          {texts.ops.save}
        </Button>
      </Form>
    </OpsPage>
  );
}
