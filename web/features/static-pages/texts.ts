import {
  ACCOUNT_RETENTION_DAYS,
  CANCEL_WINDOW_MS,
  DAY,
  GRIEVANCE_BUSINESS_DAYS,
  HOUR,
  MIN_AGE,
  MINUTE,
  PASSWORD_MIN_LENGTH,
  REFUND_BUSINESS_DAYS,
  RETURN_WINDOW_MS,
  SUPPORT_HOURS,
  UNPAID_ORDER_TTL_MS,
} from '../../../common/constants';

/** SPEC.md texts of the static pages, shared by the screens and their tests. */

export const ABOUT_TEXTS = {
  title: 'About Us',
  tagline: 'Where Fashion Meets Purity',
  metaDescription:
    'Pehnava is an Indian fashion and lifestyle shop: exclusive collections in premium pure fabrics, ethically sourced and shipped fast.',
  paragraphs: [
    'Pehnava began with a simple idea: the clothes and things we live with every day should feel as good as they look. We are a young Indian startup working with weavers, printers and makers across the country to bring you sarees, kurtas, festive and everyday wear, along with gifts, home decor, accessories, toys and kitchenware.',
    'Every collection starts with the fabric. We choose breathable cottons, soft linens and honest silks, and we work with traditional techniques such as hand block printing, bandhani and handloom weaving, made for the way India dresses today.',
    'Alongside our own studio pieces, we list carefully chosen products from independent vendors we trust, so that one cart can hold a wedding outfit, a housewarming gift and a new set of kitchen bowls.',
  ],
  whyHeading: 'Why Choose Us',
  why: [
    {
      title: 'Exclusive collections',
      body: 'Designs you will not find everywhere, released in small batches with our partner makers.',
    },
    {
      title: 'Premium pure fabrics',
      body: 'Cotton, linen and silk chosen for comfort in the Indian climate and for years of wear.',
    },
    {
      title: 'Ethical sourcing',
      body: 'Fair prices for artisans and vendors, and materials we can trace back to where they were made.',
    },
    {
      title: 'Fast, secure shipping',
      body: 'Careful packing, tracked delivery across India and payments handled by a certified provider.',
    },
    {
      title: 'Customer satisfaction',
      body: 'A real support team, easy cancellations and returns, and answers on WhatsApp within minutes.',
    },
  ],
} as const;

export const CONTACT_TEXTS = {
  title: 'Contact Us',
  metaDescription:
    'Get help with an order, a size or a return. Chat with Pehnava support on WhatsApp or call us.',
  heading: "Need help? We're here.",
  subtitle: 'Message us on WhatsApp and our team will reply within a few minutes.',
  whatsapp: 'Chat on WhatsApp',
  call: 'Call Support',
  cardTitle: 'Contact details',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  copyEmail: 'Copy email address',
  copyPhone: 'Copy phone number',
  supportHours: `Support hours: ${SUPPORT_HOURS}`,
  tipsTitle: 'For quicker resolution',
  tipsIntro: 'Please include:',
  tips: [
    'Your order ID, if you placed an order',
    'The product name, size and colour',
    'A brief description of the issue, or a photo or video',
  ],
  loading: 'Loading contact details…',
  loadError: 'We could not load our contact details just now.',
  grievanceOfficerTitle: 'Grievance Officer',
  grievanceOfficerIntro: `Not satisfied with our answer? Our Grievance Officer answers every grievance within ${GRIEVANCE_BUSINESS_DAYS} business days.`,
  retry: 'Try again',
} as const;

/** The numbers of the shop's policies (SPEC.md §1, §9), written out from the shared constants. */
export const POLICY = {
  minAge: MIN_AGE,
  passwordMinLength: PASSWORD_MIN_LENGTH,
  unpaidOrderMinutes: UNPAID_ORDER_TTL_MS / MINUTE,
  cancelHours: CANCEL_WINDOW_MS / HOUR,
  returnDays: RETURN_WINDOW_MS / DAY,
  refundBusinessDays: REFUND_BUSINESS_DAYS,
  accountRetentionDays: ACCOUNT_RETENTION_DAYS,
  grievanceBusinessDays: GRIEVANCE_BUSINESS_DAYS,
} as const;

export const LEGAL_TEXTS = {
  privacyTitle: 'Privacy Policy',
  privacyDescription:
    'How Pehnava collects, uses and protects your personal data under the Digital Personal Data Protection Act, 2023.',
  termsTitle: 'Terms & Conditions',
  termsDescription:
    'The terms for shopping at Pehnava: eligibility, prices, orders, cancellations, returns, refunds and grievances.',
  onThisPage: 'On this page',
} as const;

export const ANALYTICS_CHOICE_TEXTS = {
  label: 'Share anonymous analytics from this browser',
  on: 'On: anonymous page views and events from this browser are counted.',
  off: 'Off: no analytics are sent from this browser.',
  doNotTrack: 'Your browser sends a Do Not Track signal, so no analytics are sent from it.',
} as const;
