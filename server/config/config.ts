import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PINCODE_PATTERN } from '../../common/schemas/address';
import { SUPPORT_PHONE_PATTERN, WHATSAPP_NUMBER_PATTERN } from '../../common/schemas/admin-staff';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * Which proxies in front of the app may tell it the client's address (X-Forwarded-For), in the forms
 * Fastify's `trustProxy` takes: a number of hops, or the proxies' addresses and ranges. Never `true`:
 * that would believe every hop, including the leftmost one, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify ignores a plain number (it trusts no hop, which
 * would make every shopper look like the load balancer and share its limits), so a hop count becomes a
 * function that trusts that many hops from the socket inwards.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return trust === 0 ? false : (_address, hop) => hop < trust;
}

/** The names proxy-addr (under Fastify's trustProxy) knows for the private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length, or one of the named ranges. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === 'false' || value === '0') return false;
    // `true` used to trust every hop; it now means the usual single load balancer.
    if (value === 'true') return 1;
    if (/^[0-9]+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_PROXY_HOPS) return hops;
      ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_PROXY_HOPS} hops` });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops (1) or a comma-separated list of addresses and CIDR ranges (10.0.0.0/8); not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  });

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
    // SHOP_NAME, SUPPORT_EMAIL, SUPPORT_PHONE, WHATSAPP_NUMBER, SHIPPING_FEE_RUPEES and
    // FREE_SHIPPING_FROM_RUPEES are the first values of the shop's settings: once the owner changes
    // one in the back office, the stored value wins (docs/decisions/071).
    SHOP_NAME: z.string().min(1).default('Pehnava'),
    SUPPORT_EMAIL: z.email().default('support@pehnava.in'),
    SUPPORT_PHONE: z
      .string()
      .regex(SUPPORT_PHONE_PATTERN, 'must be a phone number such as +91 98765 43210')
      .default('+91 98765 43210'),
    WHATSAPP_NUMBER: z
      .string()
      .regex(WHATSAPP_NUMBER_PATTERN, 'must be digits with the country code, such as 919876543210')
      .default('919876543210'),
    // The Grievance Officer the Consumer Protection (E-Commerce) Rules, 2020 ask a shop to name
    // (docs/decisions/076): demo values outside production; in production an unset one falls back to
    // "Grievance Officer" and the support contacts, never to made-up people.
    GRIEVANCE_OFFICER_NAME: optionalString.pipe(z.string().max(60).optional()),
    GRIEVANCE_OFFICER_DESIGNATION: optionalString.pipe(z.string().max(60).optional()),
    GRIEVANCE_OFFICER_EMAIL: optionalString.pipe(z.email().optional()),
    GRIEVANCE_OFFICER_PHONE: optionalString.pipe(
      z.string().regex(SUPPORT_PHONE_PATTERN, 'must be a phone number such as +91 98765 43210').optional(),
    ),
    /** India dates that are no business days, comma-separated (2026-12-25,2027-01-26): grievance replies. */
    HOLIDAYS: z
      .string()
      .trim()
      .default('')
      .transform((value, ctx) => {
        const days = value
          .split(',')
          .map((day) => day.trim())
          .filter(Boolean);
        const bad = days.filter((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)));
        if (bad.length === 0) return days;
        ctx.addIssue({ code: 'custom', message: `must be dates such as 2026-12-25; not ${bad.join(', ')}` });
        return z.NEVER;
      }),
    SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Sign-in attempts one client address may make in 15 minutes (docs/decisions/022). */
    SIGNINS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    /** The proxies whose X-Forwarded-For is believed (docs/decisions/020-trusted-proxies.md). */
    TRUST_PROXY: trustProxy,
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

/** The shop's address for links in mails: PUBLIC_URL, or the address it listens on, without a trailing slash. */
export function siteUrlOf(config: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return (config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).replace(/\/+$/, '');
}

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

/**
 * The configured Grievance Officer. What is not set takes demo values outside production, and in
 * production "Grievance Officer" and the shop's support contacts (docs/decisions/076).
 */
export function grievanceOfficerOf(
  config: Pick<
    Env,
    | 'NODE_ENV'
    | 'SUPPORT_EMAIL'
    | 'SUPPORT_PHONE'
    | 'GRIEVANCE_OFFICER_NAME'
    | 'GRIEVANCE_OFFICER_DESIGNATION'
    | 'GRIEVANCE_OFFICER_EMAIL'
    | 'GRIEVANCE_OFFICER_PHONE'
  >,
): GrievanceOfficer {
  const demo = config.NODE_ENV !== 'production';
  return {
    name: config.GRIEVANCE_OFFICER_NAME ?? (demo ? 'Asha Menon' : 'Grievance Officer'),
    designation: config.GRIEVANCE_OFFICER_DESIGNATION ?? 'Grievance Officer',
    email: config.GRIEVANCE_OFFICER_EMAIL ?? (demo ? 'grievances@pehnava.in' : config.SUPPORT_EMAIL),
    phone: config.GRIEVANCE_OFFICER_PHONE ?? (demo ? '+91 98765 43211' : config.SUPPORT_PHONE),
  };
}

/** Thrown when the environment is invalid; its message lists every bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The environment without its blank variables. A process manager or an `.env` file often exports a
 * variable with no value (`NODE_ENV=`); that means "not set", so the default applies, rather than a
 * value that fails validation and stops the server.
 */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') set[name] = value;
  }
  return set;
}

/** Validates the environment once; a bad value throws a ConfigError naming every problem. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(withoutBlanks(env));
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
