import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicConfig } from '../../../../common/schemas/config';
import { LEGAL_TEXTS } from '../texts';
import { PageHero } from './page-hero';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export type GrievanceContacts = Pick<PublicConfig, 'shopName' | 'grievanceOfficer'>;

/** A policy page: title, introduction, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article>
      <PageHero title={title}>
        <div className="mt-4 max-w-3xl text-lg text-stone-700">{intro}</div>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[14rem_1fr] lg:px-6">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-6 lg:self-start">
          <h2 id="toc-title" className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
            {LEGAL_TEXTS.onThisPage}
          </h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-stone-700 hover:text-brand-700 hover:underline">
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-prose min-w-0">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/**
 * The Grievance Officer (Consumer Protection (E-Commerce) Rules, 2020) as the owner configured them,
 * with a pointer to the Contact page's grievance form; only that pointer while the settings load.
 */
export function GrievanceOfficer({ contacts }: { contacts?: GrievanceContacts }) {
  const form = (
    <>
      File a grievance with the form on our <Link to="/contact#grievance">Contact page</Link>.
    </>
  );
  if (!contacts) return <p>{form}</p>;
  const officer = contacts.grievanceOfficer;
  return (
    <>
      <address className="not-italic">
        {officer.name}, {officer.designation}, {contacts.shopName}
        <br />
        Email: <a href={`mailto:${officer.email}`}>{officer.email}</a>
        <br />
        Phone: {officer.phone}
      </address>
      <p>{form}</p>
    </>
  );
}
