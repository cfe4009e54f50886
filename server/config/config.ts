import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PINCODE_PATTERN } from '../../common/schemas/address';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s ? s : undefined));
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from the environment (DESIGN.md §4). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SEED: z.enum(['demo', 'none']).default('demo'),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Pehnava <no-reply@pehnava.local>'),
    PAYMENT_PROVIDER: z.enum(['simulator', 'razorpay']).default('simulator'),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    SHIPPING_PROVIDER: z.enum(['local', 'shiprocket']).default('local'),
    SHIPROCKET_EMAIL: optionalString,
    SHIPROCKET_PASSWORD: optionalString,
    /** The pincode of the shop's pickup address in Shiprocket (serviceability is asked from there). */
    SHIPROCKET_PICKUP_PINCODE: optionalString.pipe(
      z.string().regex(PINCODE_PATTERN, 'must be a 6-digit pincode').optional(),
    ),
    /** The pickup location's nickname in Shiprocket's panel. */
    SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default('Primary'),
    /** The security token set for the tracking webhook in Shiprocket's panel (header x-api-key). */
    SHIPROCKET_WEBHOOK_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** How long the local courier simulator takes for each step Processing → … → Delivered. */
    SHIPPING_SIMULATOR_STEP_SECONDS: z.coerce
      .number()
      .int('must be whole seconds')
      .min(1)
      .max(7 * 24 * 3600)
      .default(120),
    CAPTCHA_PROVIDER: z.enum(['off', 'recaptcha']).default('off'),
    RECAPTCHA_SECRET: optionalString,
    RECAPTCHA_SITE_KEY: optionalString,
    /** Optional second site key for pages served on localhost (SPEC.md §7); RECAPTCHA_SITE_KEY otherwise. */
    RECAPTCHA_SITE_KEY_LOCALHOST: optionalString,
    SHOP_NAME: z.string().min(1).default('Pehnava'),
    SUPPORT_EMAIL: z.email().default('support@pehnava.in'),
    SUPPORT_PHONE: z
      .string()
      .regex(/^\+?[0-9 -]{10,15}$/, 'must be a phone number such as +91 98765 43210')
      .default('+91 98765 43210'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^[0-9]{10,15}$/, 'must be digits with the country code, such as 919876543210')
      .default('919876543210'),
    SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    TRUST_PROXY: flag,
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How long catalog answers (tree, home, search, suggestions) are reused in memory; 0 turns it off. */
    CATALOG_CACHE_SECONDS: z.coerce.number().int('must be whole seconds').min(0).max(3600).default(30),
    /** Delivery charge of an order below the free-shipping threshold (docs/decisions/005). */
    SHIPPING_FEE_RUPEES: z.coerce
      .number()
      .min(0)
      .max(100_000)
      .multipleOf(0.01, 'must be whole paise')
      .default(49),
    /** Orders whose items come to at least this much ship free; 0 makes every order ship free. */
    FREE_SHIPPING_FROM_RUPEES: z.coerce
      .number()
      .min(0)
      .max(10_000_000)
      .multipleOf(0.01, 'must be whole paise')
      .default(999),
    /** Tax added on top of item prices, in percent. 0: catalog prices include GST (docs/decisions/005). */
    TAX_PERCENT: z.coerce.number().min(0).max(100).default(0),
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, keys: (keyof typeof env)[], why: string) => {
      if (!when) return;
      for (const key of keys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
      }
    };
    need(env.NODE_ENV === 'production', ['SESSION_SECRET'], 'when NODE_ENV=production');
    need(
      env.PAYMENT_PROVIDER === 'razorpay',
      ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
      'when PAYMENT_PROVIDER=razorpay',
    );
    need(
      env.SHIPPING_PROVIDER === 'shiprocket',
      ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_PINCODE', 'SHIPROCKET_WEBHOOK_TOKEN'],
      'when SHIPPING_PROVIDER=shiprocket',
    );
    need(
      env.CAPTCHA_PROVIDER === 'recaptcha',
      ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'],
      'when CAPTCHA_PROVIDER=recaptcha',
    );
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;
export type Config = Env & { dataDir: string; sessionSecret: string };

/** Thrown when the environment is invalid; its message lists every bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; a bad value throws a ConfigError naming every problem. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * A secret kept in DATA_DIR under `name`: read when it exists, else generated once (32 random bytes as
 * hex) and written readable by the owner only, so the demo needs no configuring and keeps its secrets.
 */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the session secret from the environment, or generates one once into DATA_DIR. */
function resolveSessionSecret(env: Env, dataDir: string): string {
  return env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret');
}

/** The validated configuration, with DATA_DIR created and the session secret resolved. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...parsed, dataDir, sessionSecret: resolveSessionSecret(parsed, dataDir) };
}

/** For commands (the server, scripts): the configuration, or the list of problems printed and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
