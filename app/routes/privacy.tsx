import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PrivacyPolicy } from "~/components/privacy/privacy-policy";
import { Page } from "~/components/ui/page";
import { texts } from "~/domain/texts";

// /privatliv: who runs the site (SITE_OWNER_*), what it stores, why and for how long (the retention
// period RETENTION_MONTHS), who receives it, the visitor's rights, and every cookie and storage key.

export const meta: MetaFunction = () => [
  { title: `${texts.privacy.title} – ${texts.siteName}` },
  { name: "description", content: texts.privacy.intro },
];

export function loader({ context }: LoaderFunctionArgs) {
  return { owner: context.config.siteOwner, retentionMonths: context.config.retentionMonths };
}

export default function PrivacyPage() {
  const { owner, retentionMonths } = useLoaderData<typeof loader>();
  return (
    <Page title={texts.privacy.title}>
      <PrivacyPolicy owner={owner} retentionMonths={retentionMonths} />
    </Page>
  );
}
