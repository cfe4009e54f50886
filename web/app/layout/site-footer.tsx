import { Link } from 'react-router';
import type { PublicConfig } from '../../../common/schemas/config';
import { InstagramIcon } from '../../components/ui/icons';
import { copyrightLine, FOOTER_TEXTS, SHOP_NAME, SOCIAL_LINK } from './texts';

const footerLinks = [
  { to: '/about', label: FOOTER_TEXTS.aboutLink },
  { to: '/privacy-policy', label: FOOTER_TEXTS.privacyLink },
  { to: '/terms', label: FOOTER_TEXTS.termsLink },
  { to: '/contact', label: FOOTER_TEXTS.supportLink },
];

/**
 * The footer (SPEC.md §2): about text, links, social media, the Grievance Officer (once the shop's
 * settings have loaded), copyright and the AI-image notice.
 */
export function SiteFooter({ grievanceOfficer }: { grievanceOfficer?: PublicConfig['grievanceOfficer'] }) {
  return (
    <footer className="site-footer mt-16 text-brand-50">
      <div className="textile-band" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[2fr_1fr_1fr] lg:px-6">
        <section aria-labelledby="footer-about">
          <div className="flex items-center gap-2.5">
            <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
            <p className="font-display text-xl font-semibold text-white">{SHOP_NAME}</p>
          </div>
          <h2
            id="footer-about"
            className="mt-5 text-sm font-semibold tracking-wider text-marigold-300 uppercase"
          >
            {FOOTER_TEXTS.aboutHeading}
          </h2>
          <p className="mt-2 max-w-prose text-sm leading-relaxed text-brand-100">{FOOTER_TEXTS.about}</p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-sm font-semibold tracking-wider text-marigold-300 uppercase">
            {FOOTER_TEXTS.linksHeading}
          </h2>
          <ul className="mt-3 space-y-1">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="text-sm font-semibold tracking-wider text-marigold-300 uppercase">
            {FOOTER_TEXTS.followHeading}
          </h2>
          <a
            href={SOCIAL_LINK.href}
            target="_blank"
            rel="noopener noreferrer"
            className="footer-link mt-3 inline-flex items-center gap-2"
          >
            <InstagramIcon />
            {SOCIAL_LINK.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {grievanceOfficer && (
            <>
              <h2
                id="footer-grievance"
                className="mt-6 text-sm font-semibold tracking-wider text-marigold-300 uppercase"
              >
                {FOOTER_TEXTS.grievanceHeading}
              </h2>
              <address className="mt-2 text-sm leading-relaxed text-brand-100 not-italic">
                {grievanceOfficer.name}, {grievanceOfficer.designation}
                <br />
                <a href={`mailto:${grievanceOfficer.email}`} className="footer-link break-all">
                  {grievanceOfficer.email}
                </a>
                <br />
                {grievanceOfficer.phone}
              </address>
            </>
          )}
        </section>
      </div>
      {/* On small screens the bottom dock covers the last 4rem of the page: keep the footer's text above it. */}
      <div className="border-t border-white/10 pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-brand-200 md:flex-row md:items-center md:justify-between lg:px-6">
          <p>{copyrightLine(new Date().getFullYear())}</p>
          <p>
            {FOOTER_TEXTS.aiNotice} {FOOTER_TEXTS.pricesNotice}
          </p>
        </div>
      </div>
    </footer>
  );
}
