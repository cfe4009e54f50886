import { createHash, randomBytes } from 'node:crypto';
import { DAY, MINUTE } from '../../../common/constants';
import type { Db } from '../../db/client';
import { createSessionsRepository } from './sessions.repository';
import { type AuthUser, toAuthUser } from './user-views';

/** A session ends after a week without use, and a month after sign-in whatever happens. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** last_seen_at is written at most this often, so browsing does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * MINUTE;

/** 32 random bytes, base64url: what the cookie carries. Anything else is not ours and is ignored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The stored id of a session: the SHA-256 of its cookie token. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  /** Stable primary key; other tables may reference it. */
  id: string;
  /** Goes into the cookie and is never stored. */
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  id: string;
  user: AuthUser | null;
  expiresAt: Date;
}

export interface ClockOptions {
  now?: () => Date;
}

/** Database sessions: create, resolve a cookie token, end. Knows nothing about HTTP. */
export function createSessionsService(db: Db, { now = () => new Date() }: ClockOptions = {}) {
  const repository = createSessionsRepository(db);

  return {
    /** Starts a new session (a guest one when `userId` is null) with a fresh random token. */
    async create(userId: string | null): Promise<NewSession> {
      const token = randomBytes(32).toString('base64url');
      const id = sessionIdOf(token);
      const start = now();
      const expiresAt = new Date(start.getTime() + SESSION_ABSOLUTE_MS);
      await repository.insert({ id, userId, now: start, expiresAt });
      return { id, token, expiresAt };
    },

    /**
     * The live session a cookie token names, or null for anything else: missing, malformed, unknown,
     * expired, or belonging to a closed or deactivated account. Expired rows are deleted on sight.
     */
    async resolve(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const found = await repository.findWithUser(sessionIdOf(token));
      if (!found) return null;
      const { session, user } = found;
      const at = now().getTime();
      const idle = at - session.lastSeenAt.getTime() >= SESSION_IDLE_MS;
      if (idle || session.expiresAt.getTime() <= at) {
        await repository.delete(session.id);
        return null;
      }
      // A closed account, or a deactivated staff account, has no session left that works.
      if (session.userId && (!user || user.closedAt || user.deactivatedAt)) return null;
      if (at - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        await repository.touch(session.id, new Date(at));
      }
      return { id: session.id, user: user ? toAuthUser(user) : null, expiresAt: session.expiresAt };
    },

    async end(id: string): Promise<void> {
      await repository.delete(id);
    },

    /** Ends every session of a user except `exceptId` (the caller's own, when it should stay). */
    endAllForUser(userId: string, exceptId?: string): Promise<number> {
      return repository.deleteForUser(userId, exceptId);
    },

    /** Deletes expired sessions; the scheduler runs this. */
    deleteExpired(): Promise<number> {
      const at = now();
      return repository.deleteExpired(at, new Date(at.getTime() - SESSION_IDLE_MS));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
