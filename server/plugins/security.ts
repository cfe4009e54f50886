import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '../../common/api-paths';
import { csrfTokenSchema } from '../../common/schemas/auth';
import type { Config } from '../config/config';
import { DomainError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes a browser cannot send the CSRF header to (signed webhooks, beacons). */
    csrf?: boolean;
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Holds a guest's random CSRF id; a signed-in browser's tokens are bound to its session instead. */
export const CSRF_COOKIE = '_csrf';
const GUEST_ID_PATTERN = /^[a-f0-9]{32}$/;

export class CsrfTokenError extends DomainError {
  constructor() {
    super(403, 'Invalid or missing CSRF token. Reload the page and try again.', 'CSRF_INVALID');
  }
}

/** Security headers, cookies and the rate limiter. Register `auth`, then `csrf`, after this. */
export const security = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
    // The only outside origins allowed are those of a provider the shop has switched on.
    const recaptcha = config.CAPTCHA_PROVIDER === 'recaptcha';
    const recaptchaScripts = recaptcha
      ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
      : [];
    const recaptchaFrames = recaptcha
      ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
      : [];
    // Razorpay Checkout: its script, the payment iframe and API, its logging and its bank logos.
    const razorpay = config.PAYMENT_PROVIDER === 'razorpay';
    const razorpayScripts = razorpay ? ['https://checkout.razorpay.com'] : [];
    const razorpayFrames = razorpay ? ['https://api.razorpay.com'] : [];
    const razorpayConnect = razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [];
    const razorpayImages = razorpay ? ['https://cdn.razorpay.com'] : [];

    await app.register(helmet, {
      // A strict policy: no inline script, nothing from other origins (DESIGN.md §7).
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...recaptchaScripts, ...razorpayScripts],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...razorpayImages],
          fontSrc: ["'self'"],
          connectSrc: [
            "'self'",
            ...(recaptcha ? ['https://www.google.com/recaptcha/'] : []),
            ...razorpayConnect,
          ],
          frameSrc: ["'self'", ...recaptchaFrames, ...razorpayFrames],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(secureCookies ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: secureCookies,
      crossOriginEmbedderPolicy: false,
    });

    await app.register(cookie, { secret: config.sessionSecret });
    await app.register(rateLimit, { global: false });
  },
  { name: 'security' },
);

/**
 * CSRF protection bound to the session (DESIGN.md §7, docs/decisions/003-sessions-and-csrf.md).
 * A token is `salt.HMAC(key, salt.binding)`, where the binding is the stored session id for a
 * signed-in browser and a random guest id (cookie `_csrf`) otherwise. A new session at sign-in or
 * sign-out therefore voids every token handed out before it, with nothing to store.
 */
export const csrf = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
    // Its own key, derived from the session secret, so a CSRF token can never double as another MAC.
    const key = createHmac('sha256', config.sessionSecret).update('pehnava csrf v1').digest();

    const binding = (request: FastifyRequest): string | null => {
      if (request.user && request.sessionId) return `session:${request.sessionId}`;
      const guestId = request.cookies[CSRF_COOKIE];
      return guestId && GUEST_ID_PATTERN.test(guestId) ? `guest:${guestId}` : null;
    };
    const mac = (salt: string, bound: string) =>
      createHmac('sha256', key).update(`${salt}.${bound}`).digest('base64url');

    const isValid = (request: FastifyRequest): boolean => {
      const header = request.headers['x-csrf-token'];
      const bound = binding(request);
      if (typeof header !== 'string' || !bound) return false;
      const [salt, given, ...rest] = header.split('.');
      if (!salt || !given || rest.length > 0) return false;
      const expected = Buffer.from(mac(salt, bound));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    };

    app.addHook('onRequest', async (request) => {
      if (!MUTATING_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
      if (!isValid(request)) throw new CsrfTokenError();
    });

    // The CSRF token endpoint (SPEC.md §7). Its odd name is part of the contract.
    const schema = {
      summary: 'Get a CSRF token',
      description:
        'The token for the X-CSRF-Token header of every POST, PUT, PATCH and DELETE. It is bound to the session (for a guest, to the `_csrf` cookie this call sets), so fetch a new one after signing in or out.',
      tags: ['users'],
      response: { 200: csrfTokenSchema },
    };
    app.get(API.users.csrf, { schema }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let bound = binding(request);
      if (!bound) {
        const guestId = randomBytes(16).toString('hex');
        reply.setCookie(CSRF_COOKIE, guestId, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
        });
        bound = `guest:${guestId}`;
      }
      // A fresh salt per answer, so the token text differs each time (no fixed secret in a response).
      const salt = randomBytes(12).toString('base64url');
      return { csrfToken: `${salt}.${mac(salt, bound)}` };
    });
  },
  { name: 'csrf', dependencies: ['security', 'auth'] },
);
