import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { OPS_PATHS } from "~/domain/constants";
import { texts } from "~/domain/texts";
import { z } from "~/domain/zod";
import { notFound, NO_STORE } from "~/utils/responses.server";
import { operatorAction, requireOperator } from "~/services/ops/access.server";
import { landingBoxList } from "~/services/landing/landing-boxes.server";
import { moveLandingBox, removeLandingBox } from "~/services/landing/manage.server";
import { OpsPage } from "~/components/ops/ops-nav";
import { Button, FormProblem } from "~/components/ops/fields";
import { LandingBoxTile, TILE_AS_ON_LANDING } from "~/components/landing/landing-box";

// /drift/forsidebokse: the landing boxes in their order, as the landing page shows them; move up
// or down, remove, or open one to edit.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOperator(request, context);
  return data({ boxes: landingBoxList(context.db) }, { headers: NO_STORE });
}

const input = z.object({ intent: z.enum(["up", "down", "remove"]), id: z.coerce.number().int().positive() });

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, form } = await operatorAction(request, context);
  const parsed = input.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data({ error: texts.errors.badRequest }, { status: 400, headers: NO_STORE });
  const { intent, id } = parsed.data;
  const found = intent === "remove" ? removeLandingBox(context.db, id, user.email) : moveLandingBox(context.db, id, intent, user.email);
  if (!found) throw notFound();
  return redirect(OPS_PATHS.landingBoxes, { headers: NO_STORE });
}

export default function LandingBoxesPage() {
  const { boxes } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const t = texts.ops.landing;
  return (
    <OpsPage title={t.title}>
      <FormProblem message={failed?.error} />
      <p className="mb-4">
        <Link to={`${OPS_PATHS.landingBoxes}/ny`} className="font-semibold text-brand-700 underline" data-testid="new-landing-box">
          {t.newTitle}
        </Link>
      </p>
      {boxes.length === 0 ? (
        <p>{texts.ops.none}</p>
      ) : (
        <ol className="space-y-4" data-testid="ops-landing-boxes">
          {boxes.map((box, i) => (
            <li
              key={box.id}
              className="grid gap-3 rounded-lg bg-white p-3 shadow-sm md:grid-cols-[1fr_auto]"
              data-testid="ops-landing-box"
              data-box-id={box.id}
            >
              <div className={TILE_AS_ON_LANDING}>
                <LandingBoxTile box={box} testId="ops-landing-tile" />
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <Link
                  to={`${OPS_PATHS.landingBoxes}/${box.id}`}
                  className="rounded-md px-3 py-2 text-sm font-semibold text-brand-700 underline"
                >
                  {texts.ops.edit}
                </Link>
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={box.id} />
                  {i > 0 && (
                    <Button name="intent" value="up" variant="secondary">
                      {t.moveUp}
                    </Button>
                  )}
                  {i < boxes.length - 1 && (
                    <Button name="intent" value="down" variant="secondary">
                      {t.moveDown}
                    </Button>
                  )}
                  <Button name="intent" value="remove" variant="secondary">
                    {t.removeConfirm}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}
    </OpsPage>
  );
}
