import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { RESULTS_PATH } from "~/domain/constants";
import { texts } from "~/domain/texts";

export const meta: MetaFunction = () => [{ title: `${texts.siteName} – ${texts.tagline}` }];

export default function Landing() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold text-brand-900">{texts.siteName}</h1>
      <p className="mt-2 text-lg">{texts.tagline}</p>
      <p className="mt-6">
        <Link className="rounded bg-brand-600 px-4 py-2 font-semibold text-white" to={RESULTS_PATH}>
          Se alle skirejser
        </Link>
      </p>
    </main>
  );
}
