import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { texts } from "~/domain/texts";

// The partner page: what the embedded widget does, the snippet to paste (public/embed.js
// on this site's origin) and its options: a preset search and the partner's affiliate id.

export function loader({ context }: LoaderFunctionArgs) {
  // PUBLIC_URL, never the request's Host: the snippet is pasted on other sites.
  return { origin: context.publicUrl };
}

export const meta: MetaFunction = () => [
  { title: `${texts.partner.title} – ${texts.siteName}` },
  { name: "description", content: texts.partner.metaDescription },
];

function partnerSnippet(origin: string): string {
  return (
    '<div data-pistepris data-search="destinationSlugs=val-thorens&weeks=7" data-aff="partner-123"></div>\n' +
    `<script src="${origin}/embed.js" async></script>`
  );
}

const t = texts.partner;

export default function Partner() {
  const { origin } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{t.intro}</p>

      <h2 className="mt-8 text-xl font-bold text-brand-900">{t.howHeading}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
        {t.how.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h2 className="mt-8 text-xl font-bold text-brand-900">{t.snippetHeading}</h2>
      <p className="mt-3 text-slate-700">{t.snippetIntro}</p>
      {/* A region the keyboard can reach: on a phone the code scrolls sideways. */}
      <pre
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the keyboard's focus (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label={t.snippetLabel}
        className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-white"
        data-testid="partner-snippet"
      >
        <code>{partnerSnippet(origin)}</code>
      </pre>

      <h2 className="mt-8 text-xl font-bold text-brand-900">{t.optionsHeading}</h2>
      <dl className="mt-3 space-y-4 text-slate-700">
        <div>
          <dt className="font-mono font-semibold text-slate-900">data-search</dt>
          <dd className="mt-1">{t.optionSearch}</dd>
        </div>
        <div>
          <dt className="font-mono font-semibold text-slate-900">data-aff</dt>
          <dd className="mt-1">{t.optionAff}</dd>
        </div>
      </dl>
      <p className="mt-6 rounded-xl bg-brand-50 p-4 text-brand-900">
        <strong>{t.tipHeading}:</strong> {t.tip}
      </p>
    </main>
  );
}
