import { z } from 'zod';
import { staffRoleSchema } from './admin';
import { emailSchema, passwordSchema, userSchema } from './auth';
import { singleLine } from './text';

// Staff, two-factor sign-in, shop settings and the dashboard of the back office (docs/decisions/070,
// 071). Money is in rupees, as everywhere at the API edge.

/** The page the invitation mail links to, with `?token=`. */
export const ACCEPT_INVITE_PAGE = '/admin/accept-invite';

/** A phone number as the contact page shows it, such as +91 98765 43210 (also SUPPORT_PHONE). */
export const SUPPORT_PHONE_PATTERN = /^\+?[0-9 -]{10,15}$/;
/** A WhatsApp number as wa.me links take it: digits with the country code (also WHATSAPP_NUMBER). */
export const WHATSAPP_NUMBER_PATTERN = /^[0-9]{10,15}$/;

/** The texts of the staff and two-factor answers, named once for the server, the screens and the tests. */
export const STAFF_MESSAGES = {
  inviteGone: 'This invitation has expired or was already used. Ask the shop owner for a new one.',
  alreadyStaff: 'This email already belongs to a member of the staff.',
  closedAccount: 'This email belongs to a closed account, which cannot join the staff.',
  notStaff: 'No staff member has this id.',
  lastOwner: 'The shop needs at least one active owner. Make someone else owner first.',
  deactivated: 'This staff account has been deactivated. Ask the shop owner to reactivate it.',
  twoFactorRequired: 'The shop owner requires two-factor sign-in. Set it up under My account first.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up a new app.',
  twoFactorNotStarted: 'Start the set-up first: scan the QR code, then enter a code from the app.',
  twoFactorOff: 'Two-factor sign-in is not on.',
  twoFactorKept: 'The shop owner requires two-factor sign-in for all staff, so it cannot be turned off.',
  wrongCode: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  noPendingSignIn: 'Sign in with your email and password first.',
} as const;

/** `:id` of the staff calls. */
export const staffIdParamsSchema = z.object({ id: z.uuid('Not a staff id.') });

/**
 * A member of the staff, or someone invited who has not accepted yet (`status: "invited"`, `_id` the
 * invitation's). `inviteExpiresAt` is set for an invitation only.
 */
export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(['active', 'deactivated', 'invited']),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  inviteExpiresAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `GET /api/admin/staff`: accounts first (oldest first), then open invitations. */
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** `POST /api/admin/staff` 201 and `PATCH /api/admin/staff/{id}` 200. */
export const staffAnswerSchema = z.object({ staff: staffMemberSchema });

export const inviteStaffSchema = z.object({
  email: emailSchema,
  name: singleLine().trim().min(2, 'Enter at least 2 characters.').max(60, 'Use at most 60 characters.'),
  role: staffRoleSchema,
});
export type InviteStaffBody = z.infer<typeof inviteStaffSchema>;

export const updateStaffSchema = z
  .object({ role: staffRoleSchema.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    message: 'Give a role, active, or both.',
  });
export type UpdateStaffBody = z.infer<typeof updateStaffSchema>;

/** The invitation token of the mailed link: 32 random bytes, base64url. */
const inviteTokenSchema = singleLine().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not complete.');

/** `POST /api/users/accept-invite`: the password becomes the account's (a new one, or a shopper's). */
export const acceptInviteSchema = z.object({ token: inviteTokenSchema, password: passwordSchema });

/** A code from an authenticator app: six digits (spaces, as some apps show them, are ignored). */
export const totpCodeSchema = singleLine()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your authenticator app.'));

export const totpCodeBodySchema = z.object({ code: totpCodeSchema });

/** `POST /api/admin/me/totp`: what the authenticator app needs, as text and as a QR code image. */
export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG QR code, a `data:image/png;base64,…` URL. */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** `POST /api/admin/me/totp/verify` and `DELETE /api/admin/me/totp`. */
export const twoFactorStateSchema = z.object({ twoFactorEnabled: z.boolean() });

/**
 * `POST /api/users/login` 200: the user, or, for staff with two-factor sign-in on, `user: null` and
 * `twoFactorRequired: true` (then `POST /api/users/login/2fa` with a code completes the sign-in).
 */
export const loginAnswerSchema = z.union([
  z.object({ user: userSchema }),
  z.object({ user: z.null(), twoFactorRequired: z.literal(true) }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const rupees = (max: number) => z.number().min(0).max(max).multipleOf(0.01, 'Use whole paise.');

/** The settings the owner changes without a restart (`GET`/`PATCH /api/admin/settings`). */
export const shopSettingsSchema = z.object({
  shopName: singleLine().trim().min(1, 'Enter the shop name.').max(60, 'Use at most 60 characters.'),
  supportEmail: emailSchema,
  supportPhone: singleLine()
    .trim()
    .regex(SUPPORT_PHONE_PATTERN, 'Enter a phone number such as +91 98765 43210.'),
  whatsappNumber: singleLine()
    .trim()
    .regex(WHATSAPP_NUMBER_PATTERN, 'Enter digits with the country code, such as 919876543210.'),
  /** Delivery charge of an order whose items come to less than `freeShippingFrom`. */
  shippingFee: rupees(100_000),
  /** Orders whose items come to at least this much ship free; 0 makes every order ship free. */
  freeShippingFrom: rupees(10_000_000),
  /** Every staff member must sign in with a second factor. */
  require2fa: z.boolean(),
  /** The Grievance Officer the Consumer Protection (E-Commerce) Rules, 2020 ask for (docs/decisions/076). */
  grievanceOfficerName: singleLine()
    .trim()
    .min(2, 'Enter at least 2 characters.')
    .max(60, 'Use at most 60 characters.'),
  grievanceOfficerDesignation: singleLine()
    .trim()
    .min(2, 'Enter at least 2 characters.')
    .max(60, 'Use at most 60 characters.'),
  grievanceOfficerEmail: emailSchema,
  grievanceOfficerPhone: singleLine()
    .trim()
    .regex(SUPPORT_PHONE_PATTERN, 'Enter a phone number such as +91 98765 43210.'),
});
export type ShopSettingsView = z.infer<typeof shopSettingsSchema>;

export const updateSettingsSchema = shopSettingsSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one setting to change.',
  });
export type UpdateSettingsBody = z.infer<typeof updateSettingsSchema>;

export const settingsAnswerSchema = z.object({ settings: shopSettingsSchema });

export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardQuerySchema = z.object({ range: z.enum(DASHBOARD_RANGES).default('7d') });

/** `GET /api/admin/dashboard?range=`: how the shop is doing, in rupees, by day in India time. */
export const dashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** First and last day of the range (India time), `YYYY-MM-DD`. */
  from: z.string(),
  to: z.string(),
  revenue: z.number(),
  orders: z.number(),
  averageOrderValue: z.number(),
  unitsSold: z.number(),
  series: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number() })),
  topProducts: z.array(
    z.object({ productId: z.string(), name: z.string(), unitsSold: z.number(), revenue: z.number() }),
  ),
  /** Variants of products still in the shop (drafts included) with few units left, fewest first. */
  lowStock: z.array(
    z.object({
      sku: z.string(),
      productId: z.string(),
      name: z.string(),
      color: z.string(),
      size: z.string(),
      countInStock: z.number(),
    }),
  ),
  toShip: z.number(),
  returnsWaiting: z.number(),
  reviewsWaiting: z.number(),
  visitors: z.number(),
  topSearches: z.array(z.object({ term: z.string(), searches: z.number() })),
  /** Searched terms of the range that the catalog finds nothing for now (docs/decisions/072). */
  searchesWithNoResults: z.array(z.object({ term: z.string(), searches: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
