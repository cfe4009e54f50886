import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_RETENTION_DAYS } from '../../../common/constants';
import {
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
} from '../../../common/schemas/auth';
import type { Db } from '../../db/client';
import { endSession, requireUser, startSession } from '../../plugins/auth';
import { createUsersService, type UsersServiceOptions } from './users.service';

/** Answers about the signed-in user must never be kept by the browser or a shared cache. */
const NO_STORE = 'no-store';

/** Accounts under /api/users (DESIGN.md §5); password recovery and phone have their own modules. */
export async function usersRoutes(
  app: FastifyInstance,
  { db, now, signupsPerHour }: { db: Db } & UsersServiceOptions,
) {
  const users = createUsersService(db, { now, signupsPerHour });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', NO_STORE);
  });

  routes.post('/api/users/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const user = await users.register(request.body, { ip: request.ip });
    await startSession(request, reply, user);
    return reply.status(201).send({ user: users.checkAuth(user).user });
  });

  routes.post('/api/users/login', { schema: { body: loginSchema } }, async (request, reply) => {
    const user = await users.login(request.body, { ip: request.ip });
    // Always a brand-new session: a cookie from before sign-in never becomes the signed-in one.
    await startSession(request, reply, user);
    return { user: users.checkAuth(user).user };
  });

  routes.post('/api/users/logout', async (request, reply) => {
    await endSession(request, reply);
    return { message: 'Signed out.' };
  });

  routes.get('/api/users/check-auth', async (request) => users.checkAuth(request.user));

  routes.get('/api/users/profile', { preHandler: requireUser }, async (request) => ({
    user: await users.getProfile(userIdOf(request.user)),
  }));

  routes.patch(
    '/api/users/profile',
    { preHandler: requireUser, schema: { body: updateProfileSchema } },
    async (request) => ({ user: await users.updateProfile(userIdOf(request.user), request.body) }),
  );

  routes.post(
    '/api/users/change-password',
    { preHandler: requireUser, schema: { body: changePasswordSchema } },
    async (request) => {
      await users.changePassword(userIdOf(request.user), request.sessionId, request.body);
      return { message: 'Password changed. You were signed out everywhere else.' };
    },
  );

  routes.delete(
    '/api/users/me',
    { preHandler: requireUser, schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      await users.closeAccount(userIdOf(request.user), request.body.password);
      await endSession(request, reply);
      return {
        message: `Your account is closed. Its data will be erased after ${ACCOUNT_RETENTION_DAYS} days.`,
      };
    },
  );

  routes.patch('/api/users/update-last-reminder', { preHandler: requireUser }, async (request) => {
    const at = await users.updateLastReminder(userIdOf(request.user));
    return { lastPhoneReminder: at.toISOString() };
  });
}

/** `requireUser` ran before the handler, so the user is there; this narrows the type without `!`. */
function userIdOf(user: { id: string } | null): string {
  if (!user) throw new Error('requireUser must run before this handler');
  return user.id;
}
