import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Page } from "~/components/ui/page";
import { texts } from "~/domain/texts";
import { unlistedMeta } from "~/domain/share-meta";

// /konto/slettet: where deleting an account ends (the session is gone, so the account page cannot say it).

export const meta: MetaFunction = () => unlistedMeta(texts.accountPage.deletedTitle, texts.accountPage.deletedMetaDescription);

export default function AccountDeletedPage() {
  return (
    <Page title={texts.accountPage.deletedTitle} width="narrow">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm" role="status" data-testid="account-deleted">
        <p>{texts.accountPage.deletedText}</p>
        <p>
          <Link to="/" className="font-semibold text-brand-700 underline">
            {texts.mail.toFrontPage}
          </Link>
        </p>
      </div>
    </Page>
  );
}
