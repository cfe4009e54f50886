import type { ReactNode } from 'react';
import type { PublicConfig } from '../../../../common/schemas/config';
import { CopyButton } from '../../../components/ui/copy-button';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from '../../../components/ui/icons';
import { CONTACT_TEXTS } from '../texts';
import { GrievanceOfficer } from './legal-document';
import { PageHero } from './page-hero';

export type SupportContacts = Pick<
  PublicConfig,
  'shopName' | 'supportEmail' | 'supportPhone' | 'whatsappNumber' | 'grievanceOfficer'
>;

interface ContactContentProps {
  /** The shop's contacts from GET /api/config; undefined while they load or after a failure. */
  contacts?: SupportContacts;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** The grievance form, from the grievances feature (the route puts them together). */
  grievanceForm?: ReactNode;
}

/** A tel: address: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** The Contact page (SPEC.md §2). */
export function ContactContent({
  contacts,
  loading = false,
  failed = false,
  onRetry,
  grievanceForm,
}: ContactContentProps) {
  return (
    <article>
      <PageHero eyebrow={CONTACT_TEXTS.title} title={CONTACT_TEXTS.heading}>
        <p className="mt-3 max-w-2xl text-lg text-stone-700">{CONTACT_TEXTS.subtitle}</p>
        {contacts && (
          <div className="mt-7 flex flex-col gap-3 sm:flex-row">
            <a
              href={whatsappHref(contacts.whatsappNumber)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-whatsapp"
            >
              <ChatIcon />
              {CONTACT_TEXTS.whatsapp}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={telHref(contacts.supportPhone)} className="btn-secondary">
              <PhoneIcon />
              {CONTACT_TEXTS.call}
            </a>
          </div>
        )}
      </PageHero>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-2 lg:px-6">
        <section aria-labelledby="contact-card" className="surface-card p-6">
          <h2 id="contact-card" className="font-display text-xl font-semibold text-stone-900">
            {CONTACT_TEXTS.cardTitle}
          </h2>
          {loading && (
            <p role="status" className="mt-4 text-stone-600">
              {CONTACT_TEXTS.loading}
            </p>
          )}
          {failed && (
            <div role="alert" className="mt-4 text-stone-700">
              <p>{CONTACT_TEXTS.loadError}</p>
              {onRetry && (
                <button type="button" onClick={onRetry} className="btn-secondary mt-3">
                  {CONTACT_TEXTS.retry}
                </button>
              )}
            </div>
          )}
          {contacts && (
            <dl className="mt-4 divide-y divide-brand-100">
              <div className="flex items-center gap-3 py-3">
                <dt className="contact-icon">
                  <MailIcon />
                  <span className="sr-only">{CONTACT_TEXTS.emailLabel}</span>
                </dt>
                <dd className="min-w-0 flex-1">
                  <a href={`mailto:${contacts.supportEmail}`} className="text-link break-all">
                    {contacts.supportEmail}
                  </a>
                </dd>
                <dd>
                  <CopyButton value={contacts.supportEmail} label={CONTACT_TEXTS.copyEmail} />
                </dd>
              </div>
              <div className="flex items-center gap-3 py-3">
                <dt className="contact-icon">
                  <PhoneIcon />
                  <span className="sr-only">{CONTACT_TEXTS.phoneLabel}</span>
                </dt>
                <dd className="min-w-0 flex-1">
                  <a href={telHref(contacts.supportPhone)} className="text-link">
                    {contacts.supportPhone}
                  </a>
                </dd>
                <dd>
                  <CopyButton value={contacts.supportPhone} label={CONTACT_TEXTS.copyPhone} />
                </dd>
              </div>
            </dl>
          )}
          <p className="mt-4 flex items-center gap-2 rounded-xl bg-marigold-50 px-3 py-2.5 text-sm text-stone-800">
            <ClockIcon className="size-4 shrink-0 text-brand-700" />
            {CONTACT_TEXTS.supportHours}
          </p>
        </section>

        <section aria-labelledby="contact-tips" className="surface-card p-6">
          <h2 id="contact-tips" className="font-display text-xl font-semibold text-stone-900">
            {CONTACT_TEXTS.tipsTitle}
          </h2>
          <p className="mt-3 text-stone-700">{CONTACT_TEXTS.tipsIntro}</p>
          <ul className="mt-2 space-y-2.5">
            {CONTACT_TEXTS.tips.map((tip) => (
              <li key={tip} className="flex gap-3 text-stone-800">
                <span className="mt-2 size-1.5 shrink-0 rotate-45 bg-brand-500" aria-hidden="true" />
                {tip}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="grievance-officer" className="surface-card legal-prose p-6 md:col-span-2">
          <h2 id="grievance-officer" className="font-display text-xl font-semibold text-stone-900">
            {CONTACT_TEXTS.grievanceOfficerTitle}
          </h2>
          <p>{CONTACT_TEXTS.grievanceOfficerIntro}</p>
          {contacts && <GrievanceOfficer contacts={contacts} />}
        </section>
        {grievanceForm && <div className="md:col-span-2">{grievanceForm}</div>}
      </div>
    </article>
  );
}
