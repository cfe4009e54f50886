/** SPEC.md texts of the page frame, shared by the layout and its tests. */
export const LAYOUT_TEXTS = {
  loading: 'Loading...',
  csrfError: 'Error fetching CSRF token',
  skipToContent: 'Skip to content',
} as const;

export const SHOP_NAME = 'Pehnava';

export const FOOTER_TEXTS = {
  aboutHeading: 'About Us',
  about:
    'Pehnava brings handpicked Indian fashion and lifestyle to your door: sarees, kurtas and everyday wear in pure fabrics, with gifts, home decor, accessories, toys and kitchenware from our studio and trusted makers across India.',
  linksHeading: 'Explore',
  aboutLink: 'About Us',
  privacyLink: 'Privacy policy',
  termsLink: 'Terms & Conditions',
  supportLink: 'Support',
  followHeading: 'Follow us',
  grievanceHeading: 'Grievance Officer',
  aiNotice: 'Some images on this site are AI-generated and are for illustrative purposes only.',
  pricesNotice: 'All prices are in Indian rupees and include GST.',
} as const;

/**
 * The shop's social media profile. Shops running Pehnava change it here until it becomes a setting in
 * GET /api/config.
 */
export const SOCIAL_LINK = { label: 'Instagram', href: 'https://www.instagram.com/pehnava' } as const;

export function copyrightLine(year: number): string {
  return `© ${year} ${SHOP_NAME}. All rights reserved.`;
}

export const ERROR_TEXTS = {
  notFoundTitle: 'Page not found',
  notFoundBody:
    "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
  errorTitle: 'Something went wrong',
  errorBody: 'This page ran into a problem. Please try again, or head back to the home page.',
  home: 'Back to home',
  contact: 'Contact support',
} as const;
