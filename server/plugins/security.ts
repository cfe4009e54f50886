import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set to false on routes a browser cannot send the CSRF header to (signed webhooks, beacons). */
    csrf?: boolean;
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers, cookies, CSRF enforcement on every mutating route, and the rate limiter. */
export const security = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;

  await app.register(helmet, {
    // A strict policy: no inline script, nothing from other origins (DESIGN.md §7).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
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
  await app.register(csrf, {
    cookieKey: '_csrf',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await app.register(rateLimit, { global: false });

  app.addHook('onRequest', (request, reply, done) => {
    if (!MUTATING_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return done();
    app.csrfProtection(request, reply, done);
  });

  // The CSRF token endpoint (SPEC.md §7). Its odd name is part of the contract.
  app.get('/api/users/dancingcable', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { csrfToken: reply.generateCsrf() };
  });
});
