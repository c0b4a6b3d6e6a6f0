import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BROWSER_STORAGE } from "~/domain/browser-storage-inventory";
import {
  ACCOUNT_PATH,
  EMAIL_LINK_HOURS,
  GUEST_SAVES_DAYS,
  PASSWORD_LINK_MINUTES,
  SESSION_DAYS,
  SIGN_UP_LINK_HOURS,
  UNUSED_LINK_DAYS,
} from "~/domain/constants";
import { texts } from "~/domain/texts";

// The privacy page's text (/privatliv), from app/domain/texts.ts with the periods the code uses.

export interface SiteOwnerView {
  name: string;
  address: string | undefined;
  email: string;
}

const t = texts.privacy;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      <div className="space-y-3 text-slate-800">{children}</div>
    </section>
  );
}

/** A table on a wide screen, a list of cards on a phone (one `dl` per row, its header cells as terms). */
function Rows({ columns, rows, testId }: { columns: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
      <thead className="sr-only sm:not-sr-only">
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className="border-b border-slate-300 py-2 pr-3 align-bottom font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          <tr key={i} className="block border-b border-slate-200 py-2 sm:table-row sm:py-0">
            {cells.map((cell, j) => (
              <td key={j} className="block py-1 align-top sm:table-cell sm:py-2 sm:pr-3">
                <span className="font-semibold sm:hidden">{columns[j]}: </span>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PrivacyPolicy({ owner, retentionMonths }: { owner: SiteOwnerView; retentionMonths: number }) {
  const stored = t.stored({
    months: retentionMonths,
    sessionDays: SESSION_DAYS,
    guestDays: GUEST_SAVES_DAYS,
    unusedDays: UNUSED_LINK_DAYS,
    signUpHours: SIGN_UP_LINK_HOURS,
    passwordMinutes: PASSWORD_LINK_MINUTES,
    emailHours: EMAIL_LINK_HOURS,
  });
  const storage = t.storage(SESSION_DAYS, GUEST_SAVES_DAYS);
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t.intro}</p>

      <Section id="privacy-owner" title={t.ownerHeading}>
        <p>{t.owner(owner.name)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="site-owner">
          {owner.address && (
            <>
              <dt className="font-semibold">{t.address}</dt>
              <dd>{owner.address}</dd>
            </>
          )}
          <dt className="font-semibold">{t.contact}</dt>
          <dd>
            <a className="font-semibold text-brand-700 underline" href={`mailto:${owner.email}`}>
              {owner.email}
            </a>
          </dd>
        </dl>
        <p className="text-sm text-slate-600">{t.contactText}</p>
      </Section>

      <Section id="privacy-stored" title={t.storedHeading}>
        <Rows
          testId="privacy-stored"
          columns={[t.columns.what, t.columns.why, t.columns.howLong]}
          rows={stored.map((row) => [row.what, row.why, row.howLong])}
        />
        <p className="text-sm" data-testid="privacy-retention">
          {t.retention(retentionMonths)}
        </p>
      </Section>

      <Section id="privacy-recipients" title={t.recipientsHeading}>
        <ul className="list-disc space-y-1 pl-5">
          {t.recipients.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Section>

      <Section id="privacy-rights" title={t.rightsHeading}>
        <dl className="space-y-2">
          {t.rights.map((r) => (
            <div key={r.right}>
              <dt className="font-semibold">{r.right}</dt>
              <dd>{r.how}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={ACCOUNT_PATH} className="font-semibold text-brand-700 underline">
            {t.toAccount}
          </Link>
        </p>
        <p>{t.complaint}</p>
      </Section>

      <Section id="privacy-storage" title={t.storageHeading}>
        <p>{t.storageIntro}</p>
        <Rows
          testId="privacy-storage"
          columns={[t.storageColumns.name, t.storageColumns.kind, t.storageColumns.purpose, t.storageColumns.lifetime]}
          rows={BROWSER_STORAGE.map((item) => [
            <code key="name" className="break-all lg:break-normal lg:whitespace-nowrap" data-testid="storage-name" data-kind={item.kind}>
              {item.name}
            </code>,
            t.storageKinds[item.kind],
            storage[item.text].purpose,
            storage[item.text].lifetime,
          ])}
        />
      </Section>

      <p className="text-sm text-slate-600">{t.updated}</p>
    </div>
  );
}
