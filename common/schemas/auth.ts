import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { ROLES } from '../staff';
import { messageSchema } from './message';
import { singleLine } from './text';

/** The special characters SPEC.md §5 accepts in a password. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** The live checklist of SPEC.md §5, shared by the server's rules and the web form. */
export function passwordChecks(password: string) {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    special: SPECIAL.test(password),
    number: /[0-9]/.test(password),
    uppercase: /[A-Z]/.test(password),
  };
}

export const PASSWORD_RULE_TEXTS = {
  minLength: `At least ${PASSWORD_MIN_LENGTH} characters`,
  special: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
  number: 'One number',
  uppercase: 'One uppercase letter',
} as const;

/** A new password (sign-up, change, reset). */
export const passwordSchema = singleLine()
  .max(200, 'Use at most 200 characters.')
  .superRefine((password, ctx) => {
    const checks = passwordChecks(password);
    for (const [rule, ok] of Object.entries(checks)) {
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `Password needs: ${PASSWORD_RULE_TEXTS[rule as keyof typeof checks].toLowerCase()}.`,
        });
      }
    }
  });

/** Emails are compared trimmed and lower-cased, so one person has one account. */
export const emailSchema = singleLine()
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

/** A 10-digit Indian mobile number (first digit 6–9), without +91. */
export const indianMobileSchema = singleLine()
  .trim()
  .regex(/^[6-9][0-9]{9}$/, 'Enter a 10-digit Indian mobile number.');

const nameSchema = singleLine()
  .trim()
  .min(2, 'Enter at least 2 characters.')
  .max(60, 'Use at most 60 characters.');

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: singleLine(),
    isAdult: z.literal(true, 'You must be 18 or older to register.'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });
export type RegisterBody = z.infer<typeof registerSchema>;

/**
 * A password that is only compared with the stored hash (sign-in, the current password, closing the
 * account) is taken as typed: it never reaches the database or a page, and a password set before the
 * text rules (common/schemas/text.ts) must still sign in.
 */
const passwordToCheck = z.string().max(200);

export const loginSchema = z.object({
  email: singleLine().trim().toLowerCase().max(254),
  password: passwordToCheck,
});
export type LoginBody = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(ROLES);
export type { Role } from '../staff';

/** A user as the API shows it: never any password material. */
export const userSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    isMobVerified: z.boolean(),
    role: roleSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** `POST /api/users/register` 201, `POST /api/users/login` and `GET`/`PATCH /api/users/profile` 200. */
export const userAnswerSchema = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** `GET /api/users/dancingcable`: the token that every POST, PUT, PATCH and DELETE sends as X-CSRF-Token. */
export const csrfTokenSchema = z.object({ csrfToken: z.string() });

/** `GET /api/users/check-auth` (SPEC.md §3): `user` is null for a guest. */
export const checkAuthSchema = z.object({
  user: userSchema.nullable(),
  isMobVerified: z.boolean(),
  lastPhoneReminder: z.string().nullable(),
});
export type CheckAuth = z.infer<typeof checkAuthSchema>;

/** `PATCH /api/users/update-last-reminder`: when the shopper was last reminded to verify their phone. */
export const lastPhoneReminderSchema = z.object({ lastPhoneReminder: z.string() });

export const updateProfileSchema = z.object({
  name: nameSchema.optional(),
  phone: indianMobileSchema.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: passwordToCheck,
  newPassword: passwordSchema,
});

export const deleteAccountSchema = z.object({ password: passwordToCheck });

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  token: singleLine().max(4000).optional(),
});

export const otpSchema = singleLine()
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code.');

export const verifyOtpSchema = z.object({ email: emailSchema, otp: otpSchema });

export const resetPasswordSchema = z.object({ email: emailSchema, newPassword: passwordSchema });

export const phoneVerifySchema = z.object({ otp: otpSchema });

/** `POST /api/users/phone/verify` 200: the user, now with a verified phone. */
export const phoneVerifiedSchema = messageSchema.extend({ user: userSchema, isMobVerified: z.literal(true) });

/** Answers whose exact words SPEC.md §7 and DESIGN.md §5 fix. */
export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password.',
  otpSent: 'OTP sent to registered email',
  otpVerified: 'OTP verified successfully.',
  passwordReset: 'Password reset successfully.',
} as const;
