import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';

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

export const passwordSchema = z
  .string()
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
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Use at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

/** A 10-digit Indian mobile number (first digit 6–9), without +91. */
export const indianMobileSchema = z
  .string()
  .trim()
  .regex(/^[6-9][0-9]{9}$/, 'Enter a 10-digit Indian mobile number.');

const nameSchema = z
  .string()
  .trim()
  .min(2, 'Enter at least 2 characters.')
  .max(60, 'Use at most 60 characters.');

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    isAdult: z.literal(true, 'You must be 18 or older to register.'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });
export type RegisterBody = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
});
export type LoginBody = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** A user as the API shows it: never any password material. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isMobVerified: z.boolean(),
  role: roleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/users/check-auth` (SPEC.md §3): `user` is null for a guest. */
export const checkAuthSchema = z.object({
  user: userSchema.nullable(),
  isMobVerified: z.boolean(),
  lastPhoneReminder: z.string().nullable(),
});
export type CheckAuth = z.infer<typeof checkAuthSchema>;

export const updateProfileSchema = z.object({
  name: nameSchema.optional(),
  phone: indianMobileSchema.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(200),
  newPassword: passwordSchema,
});

export const deleteAccountSchema = z.object({ password: z.string().max(200) });

export const forgotPasswordSchema = z.object({
  email: emailSchema,
  token: z.string().max(4000).optional(),
});

export const otpSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code.');

export const verifyOtpSchema = z.object({ email: emailSchema, otp: otpSchema });

export const resetPasswordSchema = z.object({ email: emailSchema, newPassword: passwordSchema });

export const phoneVerifySchema = z.object({ otp: otpSchema });

/** Answers whose exact words SPEC.md §7 and DESIGN.md §5 fix. */
export const AUTH_MESSAGES = {
  invalidLogin: 'Invalid email or password.',
  otpSent: 'OTP sent to registered email',
  otpVerified: 'OTP verified successfully.',
  passwordReset: 'Password reset successfully.',
} as const;
