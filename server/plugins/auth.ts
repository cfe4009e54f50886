import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, isStaffRole, type Permission } from '../../common/staff';
import type { Config } from '../config/config';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { SessionsService } from '../modules/users/sessions.service';
import type { AuthUser } from '../modules/users/user-views';
import { CSRF_COOKIE } from './security';

export type { AuthUser } from '../modules/users/user-views';

/** The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure behind https (DESIGN.md §7). */
export const SESSION_COOKIE = 'pehnava_sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a staff route needs (common/staff.ts); checked by `requireStaff`. */
    permission?: Permission;
    /**
     * A staff route open to a member who has not yet set up the two-factor sign-in the owner
     * requires: `/me` and the set-up calls. Every other staff route answers 403 TWO_FACTOR_REQUIRED.
     */
    twoFactorSetup?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest (also for a forged, expired or unknown cookie). */
    user: AuthUser | null;
    /** Primary key of this browser's stored session (signed-in or guest), or null when it has none. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    sessions: SessionsService;
    /** Attributes of the session cookie, fixed from the configuration. */
    sessionCookie: SessionCookieOptions;
  }
}

/** preHandler: 401 for a guest. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new UnauthorizedError();
}

/** Whether the user works for the shop (any staff role). */
export function isStaff(user: AuthUser): boolean {
  return isStaffRole(user.role);
}

export const STAFF_ONLY = 'This area is for shop staff only.';
export const NOT_PERMITTED = 'Your role does not allow this. Ask the shop owner.';

/**
 * onRequest hook of the staff API: 401 for a guest, 403 for a signed-in customer, and 403 for staff
 * whose role lacks the permission the route declares in `config.permission` (every staff route
 * declares one; the admin plugin refuses to register a route without it).
 */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new UnauthorizedError();
  if (!isStaff(request.user)) throw new ForbiddenError(STAFF_ONLY);
  const needed = request.routeOptions.config.permission;
  if (needed && !can(request.user.role, needed)) throw new ForbiddenError(NOT_PERMITTED);
}

/**
 * The signed-in user of a handler behind `requireUser` or `requireStaff` (which have answered 401 to a
 * guest): the shopper whose data it is, or the staff member the audit log records.
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/**
 * The signed-in user of a request outside /api, where the session hook does not look (files need no
 * session, and skipping it spares the database): read from the session cookie when a file asks for it.
 */
export async function sessionUserOf(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await request.server.sessions.resolve(token))?.user ?? null;
}

export interface SessionCookieOptions {
  path: '/';
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
}

/** Ends this browser's session, if any, and sets the cookie of a brand-new one for `user` (or a guest). */
async function replaceSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser | null,
): Promise<string> {
  const { sessions, sessionCookie } = request.server;
  if (request.sessionId) await sessions.end(request.sessionId);
  const session = await sessions.create(user?.id ?? null);
  reply.setCookie(SESSION_COOKIE, session.token, { ...sessionCookie, expires: session.expiresAt });
  request.sessionId = session.id;
  request.user = user;
  return session.id;
}

/**
 * Replaces this browser's session with a brand-new one (new random token, new id) for `user`, or a
 * guest session when null. Used at sign-in and at every privilege change, so a token planted before
 * (session fixation) never gains anything. Also drops the guest CSRF id, so CSRF tokens from before
 * stop working: the web app fetches a new one. Returns the new session id.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser | null,
): Promise<string> {
  const id = await replaceSession(request, reply, user);
  reply.clearCookie(CSRF_COOKIE, request.server.sessionCookie);
  return id;
}

/**
 * A brand-new guest session for a sign-in that waits for its second factor: nobody is signed in until
 * the code is right. A guest keeps its CSRF id (as with `renewSession`), so the page sends the code
 * with the token it holds; a browser that was signed in as someone loses that session and its tokens
 * (as with `startSession`). Returns the new session id.
 */
export function startGuestSession(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  return request.user ? startSession(request, reply, null) : renewSession(request, reply);
}

/**
 * A new session id for the same user (or guest): when a guest is granted a password reset, and after a
 * password change. Who is signed in does not change, so a guest keeps its CSRF id and the token its
 * page holds stays valid (docs/decisions/003). A signed-in browser's tokens are bound to the session
 * id itself, so they end with it and the page fetches a new one.
 */
export function renewSession(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  return replaceSession(request, reply, request.user);
}

/** Deletes this browser's session and clears its cookies (sign-out). */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { sessions, sessionCookie } = request.server;
  if (request.sessionId) await sessions.end(request.sessionId);
  reply.clearCookie(SESSION_COOKIE, sessionCookie);
  reply.clearCookie(CSRF_COOKIE, sessionCookie);
  request.sessionId = null;
  request.user = null;
}

/**
 * Reads the session cookie on every API request and decorates `request.user` and `request.sessionId`.
 * Register after `security` (cookies) and before the CSRF check, which binds tokens to the session.
 */
export const auth = fp(
  async (app: FastifyInstance, { sessions, config }: { sessions: SessionsService; config: Config }) => {
    const sessionCookie: SessionCookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.PUBLIC_URL?.startsWith('https://') ?? false,
    };
    app.decorate('sessions', sessions);
    app.decorate('sessionCookie', sessionCookie);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request, reply) => {
      request.user = null;
      request.sessionId = null;
      // Static files and the web app's HTML need no session; skip the database for them.
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const session = await sessions.resolve(token);
      if (!session) {
        // A dead or forged cookie makes a guest; clearing it stops the browser sending it again.
        reply.clearCookie(SESSION_COOKIE, sessionCookie);
        return;
      }
      request.sessionId = session.id;
      request.user = session.user;
    });
  },
  { name: 'auth', dependencies: ['security'] },
);
