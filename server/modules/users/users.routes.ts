import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API } from '../../../common/api-paths';
import { ACCOUNT_RETENTION_DAYS, MINUTE } from '../../../common/constants';
import {
  acceptInviteSchema,
  loginAnswerSchema,
  totpCodeBodySchema,
} from '../../../common/schemas/admin-staff';
import {
  changePasswordSchema,
  checkAuthSchema,
  deleteAccountSchema,
  lastPhoneReminderSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
  userAnswerSchema,
} from '../../../common/schemas/auth';
import { errorResponses } from '../../../common/schemas/errors';
import { messageSchema } from '../../../common/schemas/message';
import {
  endSession,
  renewSession,
  requireUser,
  signedInUser,
  startGuestSession,
  startSession,
} from '../../plugins/auth';
import { SECOND_FACTOR_WAIT_MS, type TwoFactorService } from './two-factor.service';
import { type AuthUser, toPublicUser } from './user-views';
import type { UsersService } from './users.service';

/** Uses a staff invitation with its audit entry and answers the account (a flow: users and audit). */
export type AcceptInvite = (token: string, password: string) => Promise<AuthUser>;

/** Answers about the signed-in user must never be kept by the browser or a shared cache. */
const NO_STORE = 'no-store';

/** Accounts under /api/users (DESIGN.md §5); password recovery and phone have their own modules. */
export async function usersRoutes(
  app: FastifyInstance,
  {
    users,
    twoFactor,
    acceptInvite,
  }: {
    users: UsersService;
    twoFactor: Pick<TwoFactorService, 'awaitCode' | 'completeSignIn'>;
    acceptInvite: AcceptInvite;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
  });

  routes.post(
    API.users.register,
    {
      schema: {
        summary: 'Create an account',
        description: 'Signs the new shopper in: the answer sets a new session cookie.',
        tags: ['users'],
        body: registerSchema,
        response: { 201: userAnswerSchema, ...errorResponses(403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await users.register(request.body, { ip: request.ip });
      await startSession(request, reply, user);
      return reply.status(201).send({ user: toPublicUser(user) });
    },
  );

  routes.post(
    API.users.login,
    {
      schema: {
        summary: 'Sign in',
        description:
          'Answers with a brand-new session cookie. A wrong email or password answers the same 401 either way; a deactivated staff account answers 403 `ACCOUNT_DEACTIVATED`. For staff with two-factor sign-in on, the right password answers `{user: null, twoFactorRequired: true}` and `POST /api/users/login/2fa` completes the sign-in.',
        tags: ['users'],
        body: loginSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await users.login(request.body, { ip: request.ip });
      if (user.twoFactorEnabled) {
        // Nobody is signed in before the code: the guest session only remembers whose password it was.
        await twoFactor.awaitCode(await startGuestSession(request, reply), user.id);
        return { user: null, twoFactorRequired: true as const };
      }
      // Always a brand-new session: a cookie from before sign-in never becomes the signed-in one.
      await startSession(request, reply, user);
      return { user: toPublicUser(user) };
    },
  );

  routes.post(
    API.users.loginTwoFactor,
    {
      schema: {
        summary: 'Sign in: the code of the second factor',
        description: `After \`POST /api/users/login\` answered \`twoFactorRequired\`, within ${SECOND_FACTOR_WAIT_MS / MINUTE} minutes and from the same browser: a code from the authenticator app completes the sign-in with a brand-new session. Counted under the sign-in limits; a code is refused once used.`,
        tags: ['users'],
        body: totpCodeBodySchema,
        response: { 200: userAnswerSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = await twoFactor.completeSignIn(request.sessionId, request.body.code, { ip: request.ip });
      await startSession(request, reply, user);
      return { user: toPublicUser(user) };
    },
  );

  routes.post(
    API.users.acceptInvite,
    {
      schema: {
        summary: 'Accept a staff invitation',
        description:
          "The page of the invitation link sends its token and the password chosen, which becomes the account's (a new account, or the shopper account that had the email). Answers with a brand-new signed-in session. 410 for a used, expired or unknown link.",
        tags: ['users'],
        body: acceptInviteSchema,
        response: { 200: userAnswerSchema, ...errorResponses(403, 409, 410, 422) },
      },
    },
    async (request, reply) => {
      const user = await acceptInvite(request.body.token, request.body.password);
      await startSession(request, reply, user);
      return { user: toPublicUser(user) };
    },
  );

  routes.post(
    API.users.logout,
    {
      schema: {
        summary: 'Sign out',
        tags: ['users'],
        response: { 200: messageSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { message: 'Signed out.' };
    },
  );

  routes.get(
    API.users.checkAuth,
    {
      schema: {
        summary: 'Who is signed in',
        description: '`user` is null for a guest.',
        tags: ['users'],
        response: { 200: checkAuthSchema },
      },
    },
    async (request) => users.checkAuth(request.user),
  );

  routes.get(
    API.users.profile,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Get my profile',
        tags: ['users'],
        response: { 200: userAnswerSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      user: await users.getProfile(signedInUser(request).id),
    }),
  );

  routes.patch(
    API.users.profile,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change my name or phone',
        description: 'Changing the phone number clears its verification.',
        tags: ['users'],
        body: updateProfileSchema,
        response: { 200: userAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ user: await users.updateProfile(signedInUser(request).id, request.body) }),
  );

  routes.post(
    API.users.changePassword,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Change my password',
        description: "Ends the account's other sessions; this browser carries on under a new session id.",
        tags: ['users'],
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await users.changePassword(signedInUser(request).id, request.sessionId, request.body);
      // A credential change is a privilege change: this browser carries on under a new session id.
      await renewSession(request, reply);
      return { message: 'Password changed. You were signed out everywhere else.' };
    },
  );

  routes.delete(
    API.users.me,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Close my account',
        description: `Signs out and closes the account at once; its data is erased after ${ACCOUNT_RETENTION_DAYS} days.`,
        tags: ['users'],
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await users.closeAccount(signedInUser(request).id, request.body.password);
      await endSession(request, reply);
      return {
        message: `Your account is closed. Its data will be erased after ${ACCOUNT_RETENTION_DAYS} days.`,
      };
    },
  );

  routes.patch(
    API.users.updateLastReminder,
    {
      preHandler: requireUser,
      schema: {
        summary: 'Note that I was reminded to verify my phone',
        tags: ['users'],
        response: { 200: lastPhoneReminderSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const at = await users.updateLastReminder(signedInUser(request).id);
      return { lastPhoneReminder: at.toISOString() };
    },
  );
}
