import { ACCOUNT_RETENTION_DAYS, DAY, HOUR } from '../../../common/constants';
import { type AdminCustomer, CUSTOMER_MESSAGES } from '../../../common/schemas/admin';
import { STAFF_MESSAGES } from '../../../common/schemas/admin-staff';
import {
  AUTH_MESSAGES,
  type CheckAuth,
  type LoginBody,
  type RegisterBody,
  type UpdateProfileBody,
  type User,
} from '../../../common/schemas/auth';
import type { Role } from '../../../common/staff';
import type { Db } from '../../db/client';
import { ConflictError, DomainError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import { checkNewPassword } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import type { UserRow } from './sessions.repository';
import { type ClockOptions, createSessionsService } from './sessions.service';
import {
  accountFailuresKey,
  createThrottles,
  LIMIT_MESSAGES,
  LIMITS,
  type Limit,
  throttleKey,
} from './sign-in-limits';
import { type AuthUser, toAuthUser, toPublicUser } from './user-views';
import { createUsersRepository } from './users.repository';

/** A customer account as the back office lists it. */
export function customerOf(row: UserRow): AdminCustomer {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    closed: row.closedAt !== null,
    blocked: row.blockedAt !== null,
  };
}

/** Who a customer is, as staff see it beside an order. */
export interface Contact {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
}

export interface UsersServiceOptions extends ClockOptions {
  /** Accounts one client address may create in an hour. */
  signupsPerHour?: number;
  /** Sign-in attempts one client address may make in 15 minutes. */
  signInsPerAddress?: number;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';

/** Where a request came from, for the per-address limits (request.ip honours TRUST_PROXY). */
export interface ClientInfo {
  ip: string;
}

/** Accounts: sign-up, sign-in, profile, password, closing; plus what password recovery and admin need. */
export function createUsersService(
  db: Db,
  { now = () => new Date(), signupsPerHour = 10, signInsPerAddress }: UsersServiceOptions = {},
) {
  const registerPerAddress: Limit = { max: signupsPerHour, windowMs: HOUR };
  const repository = createUsersRepository(db);
  const sessions = createSessionsService(db, { now });
  const throttles = createThrottles(repository, now, signInsPerAddress);

  async function activeUser(userId: string) {
    const row = await repository.findById(userId);
    if (!row || row.closedAt) throw new NotFoundError('Account not found.');
    return row;
  }

  /** A customer account for the back office (the route checked the id is a UUID); undefined for staff and unknown ids. */
  async function findCustomer(userId: string): Promise<UserRow | undefined> {
    const row = await repository.findById(userId);
    return row?.role === 'customer' ? row : undefined;
  }

  /** Checks the signed-in account's own password, counted against its password-check limit. */
  async function confirmPassword(userId: string, password: string, field: string): Promise<void> {
    const row = await activeUser(userId);
    const key = throttleKey('password-check:account', row.email);
    await throttles.count(key, LIMITS.passwordChecksPerAccount, LIMIT_MESSAGES.login);
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw new ValidationError(
        [{ path: field, msg: WRONG_CURRENT_PASSWORD_MESSAGE }],
        WRONG_CURRENT_PASSWORD_MESSAGE,
      );
    }
    await repository.clearThrottle(key);
  }

  const service = {
    /** Creates a customer account; 409 when the email is taken, 422 for a weak or leaked password. */
    async register(body: RegisterBody, client: ClientInfo): Promise<AuthUser> {
      await throttles.count(
        throttleKey('register:address', client.ip),
        registerPerAddress,
        LIMIT_MESSAGES.register,
      );
      await checkNewPassword(body.password, 'password', [body.name, body.email]);
      const created = await repository.insert({
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
      });
      if (!created) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'EMAIL_TAKEN');
      return toAuthUser(created);
    },

    /**
     * Checks email and password. Unknown email, closed account and wrong password give the same 401
     * text, and each runs one argon2 verification, so neither words nor timing reveal accounts. A
     * deactivated staff account answers 403 once its password was right.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<AuthUser> {
      // Keyed by the email as typed, known or not, so the limits answer alike for every email.
      const keys = await throttles.signInAttempt(body.email, client.ip);
      const row = await repository.findByEmail(body.email);
      const usable = row && !row.closedAt ? row : null;
      const ok = await verifyPassword(usable?.passwordHash, body.password);
      if (!usable || !ok) {
        await throttles.countFailure(keys.failures, LIMITS.loginFailuresPerAccount);
        throw new UnauthorizedError(AUTH_MESSAGES.invalidLogin);
      }
      // Only the right password learns that the account is blocked or deactivated: nobody else can tell.
      if (usable.blockedAt) throw new DomainError(403, CUSTOMER_MESSAGES.blocked, 'ACCOUNT_BLOCKED');
      if (usable.deactivatedAt) throw new DomainError(403, STAFF_MESSAGES.deactivated, 'ACCOUNT_DEACTIVATED');
      // With a second factor the sign-in is not over: the pair's count stays until the code is right,
      // so knowing the password does not reset the limit on guessing codes.
      if (!usable.totpEnabledAt) await throttles.clear(keys.pair);
      return toAuthUser(usable);
    },

    /** SPEC.md §3 auth status; a guest gets user null. */
    checkAuth(user: AuthUser | null): CheckAuth {
      return {
        user: user ? toPublicUser(user) : null,
        isMobVerified: user?.isMobVerified ?? false,
        lastPhoneReminder: user?.lastPhoneReminder?.toISOString() ?? null,
      };
    },

    async getProfile(userId: string): Promise<User> {
      return toPublicUser(await activeUser(userId));
    },

    /** Changes name and/or phone; a new phone number is not verified until its OTP is checked. */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      await activeUser(userId);
      const row = await repository.updateProfile(userId, body);
      if (!row) throw new NotFoundError('Account not found.');
      return toPublicUser(row);
    },

    /** Changes the password after checking the current one; every other session of the account ends. */
    async changePassword(
      userId: string,
      currentSessionId: string | null,
      body: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      await confirmPassword(userId, body.currentPassword, 'currentPassword');
      await service.setPassword(userId, body.newPassword, 'newPassword');
      await sessions.endAllForUser(userId, currentSessionId ?? undefined);
    },

    /**
     * Closes the account at once after checking the password: every session ends, sign-in is refused,
     * and the erasure job removes the personal data after the retention period (SPEC.md §9).
     */
    async closeAccount(userId: string, password: string): Promise<void> {
      await confirmPassword(userId, password, 'password');
      const at = now();
      await repository.close(userId, at, new Date(at.getTime() + ACCOUNT_RETENTION_DAYS * DAY));
      await sessions.endAllForUser(userId);
    },

    /** Records now as the last phone reminder (SPEC.md §4) and returns it. */
    async updateLastReminder(userId: string): Promise<Date> {
      const at = now();
      const row = await repository.update(userId, { lastPhoneReminder: at });
      if (!row) throw new NotFoundError('Account not found.');
      return at;
    },

    // For password recovery and phone verification (server/modules/password-reset, server/modules/phone).

    /** The open account with this email (normalise it with `emailSchema` first), or null. */
    async findActiveUserByEmail(email: string): Promise<AuthUser | null> {
      const row = await repository.findByEmail(email.trim().toLowerCase());
      return row && !row.closedAt ? toAuthUser(row) : null;
    },

    /** The open account with this id, or null. */
    async findActiveUserById(userId: string): Promise<AuthUser | null> {
      const row = await repository.findById(userId);
      return row && !row.closedAt ? toAuthUser(row) : null;
    },

    /**
     * Sets a new password after checking SPEC.md §5 rules and its strength (422 naming `field`). Does
     * not end sessions: callers decide (reset ends all, change ends the others and renews its own).
     */
    async setPassword(userId: string, newPassword: string, field = 'newPassword'): Promise<void> {
      const account = await activeUser(userId);
      await checkNewPassword(newPassword, field, [account.name, account.email]);
      const row = await repository.update(userId, { passwordHash: await hashPassword(newPassword) });
      if (!row) throw new NotFoundError('Account not found.');
      // Guesses at the old password are moot now; the owner need not wait out the sign-in ceiling.
      await throttles.clear(accountFailuresKey(row.email));
    },

    /** Ends every session of the account, except `exceptSessionId` when given; returns how many. */
    endAllSessions(userId: string, exceptSessionId?: string): Promise<number> {
      return sessions.endAllForUser(userId, exceptSessionId);
    },

    async markPhoneVerified(userId: string): Promise<void> {
      const row = await repository.update(userId, { isMobVerified: true });
      if (!row) throw new NotFoundError('Account not found.');
    },

    /**
     * Counts one action of `kind` by `subject` (a user id, say) in the shared fixed-window counters,
     * so other modules' per-shopper limits hold across app instances; 429 with `message` past the limit.
     */
    countAction(kind: string, subject: string, limit: Limit, message: string): Promise<void> {
      return throttles.count(throttleKey(kind, subject), limit, message);
    },

    // For staff tools.

    /** Who the accounts with these ids are (staff read who placed which order). */
    async contactsOf(ids: readonly string[]): Promise<Contact[]> {
      const rows = await repository.findByIds(ids);
      return rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, phone: row.phone }));
    },

    findCustomer,

    /**
     * Blocks (`at`) or unblocks (null) a customer; a block ends every session at once. Answers the
     * account before and after, or undefined when it is not a customer's.
     */
    async setBlocked(
      userId: string,
      at: Date | null,
    ): Promise<{ before: UserRow; after: UserRow } | undefined> {
      const before = await findCustomer(userId);
      if (!before) return undefined;
      const after = await repository.update(before.id, { blockedAt: at });
      if (!after) return undefined;
      if (at) await sessions.endAllForUser(before.id);
      return { before, after };
    },

    /** Up to `limit` accounts whose email starts with `text` or whose phone is `text`. */
    idsMatching(text: string, limit: number): Promise<string[]> {
      return repository.idsMatching(text, limit);
    },

    /** Customers, oldest first, for GET /api/admin/customers. */
    async listCustomers({ page, limit, q }: { page: number; limit: number; q?: string }) {
      const { rows, total } = await repository.listCustomers(page, limit, q);
      return {
        customers: rows.map(customerOf),
        page,
        pages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },

    /**
     * Makes sure an owner account with this email and password exists (ADMIN_EMAIL/ADMIN_PASSWORD at
     * start-up, scripts/create-admin.ts): creates it, or promotes, reopens, reactivates and re-keys an
     * existing one. A promotion or a password change ends the account's sessions, so privileges follow
     * a new sign-in. A new password also turns two-factor sign-in off: whoever runs the server sets one
     * to get the owner back in after a lost phone (docs/decisions/070).
     */
    async ensureAdmin(input: { email: string; password: string; name?: string }): Promise<{
      user: AuthUser;
      action: 'created' | 'updated' | 'unchanged';
    }> {
      const email = input.email.trim().toLowerCase();
      await checkNewPassword(input.password, 'password', [email, input.name ?? '']);
      const existing = await repository.findByEmail(email);
      if (!existing) {
        const created = await repository.insert({
          name: input.name?.trim() || 'Shop admin',
          email,
          passwordHash: await hashPassword(input.password),
          role: 'owner',
        });
        if (created) return { user: toAuthUser(created), action: 'created' };
        // Another instance created it a moment ago; fall through to the update below.
      }
      const row = existing ?? (await repository.findByEmail(email));
      if (!row) throw new NotFoundError('Account not found.');
      const samePassword = await verifyPassword(row.passwordHash, input.password);
      if (row.role === 'owner' && samePassword && !row.closedAt && !row.deactivatedAt)
        return { user: toAuthUser(row), action: 'unchanged' };
      const updated = await repository.update(row.id, {
        role: 'owner',
        closedAt: null,
        eraseAfter: null,
        deactivatedAt: null,
        ...(samePassword
          ? {}
          : {
              passwordHash: await hashPassword(input.password),
              totpSecret: null,
              totpEnabledAt: null,
              totpLastStep: null,
            }),
        ...(input.name?.trim() ? { name: input.name.trim() } : {}),
      });
      if (!updated) throw new NotFoundError('Account not found.');
      await sessions.endAllForUser(row.id);
      return { user: toAuthUser(updated), action: 'updated' };
    },

    /**
     * Gives the account a role; its sessions end, so the new privileges (or their loss) follow a new
     * sign-in. Answers the account as it is now.
     */
    async setRole(userId: string, role: Role): Promise<AuthUser> {
      const updated = await repository.update(userId, { role });
      if (!updated) throw new NotFoundError('Account not found.');
      await sessions.endAllForUser(userId);
      return toAuthUser(updated);
    },

    // For scheduled jobs.

    /** Up to `limit` accounts closed more than the retention period ago and not erased yet. */
    accountsDueForErasure(limit: number): Promise<string[]> {
      return repository.dueForErasure(now(), limit);
    },

    /**
     * Erases the account's personal data if it is due (server/flows/erase-closed-accounts.ts runs this
     * in its transaction, with the account's reviews); false when it is not due or already erased.
     */
    eraseAccount(userId: string): Promise<boolean> {
      return repository.erase(userId, now());
    },

    /** Removes expired sessions and ended throttle windows. */
    async cleanUpSessions(): Promise<{ sessions: number; throttles: number }> {
      return {
        sessions: await sessions.deleteExpired(),
        throttles: await repository.deleteEndedThrottles(now()),
      };
    },
  };
  return service;
}
export type UsersService = ReturnType<typeof createUsersService>;
