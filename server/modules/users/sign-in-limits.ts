import { createHash } from 'node:crypto';
import { HOUR, MINUTE } from '../../../common/constants';
import { TooManyRequestsError } from '../../errors';
import type { UsersRepository } from './users.repository';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Sign-in (docs/decisions/022-sign-in-limits-without-lock-out.md): 5 tries at one account from one client
 * address in 15 minutes (a success clears them), so a stranger who knows an email slows only their own
 * guesses and never locks the owner out; 30 tries per address across accounts (SIGNINS_PER_ADDRESS), which leaves room
 * for a family or office behind one address; and a ceiling of 100 failed sign-ins per account in an hour from
 * all addresses together, against guessing spread over many addresses. A two-factor code counts as a
 * sign-in attempt under the same three limits (docs/decisions/070). Checking the current password
 * (change password, close account), or a signed-in member's own authenticator code: 5 tries per account
 * in 15 minutes, a success clears them; only the signed-in owner can reach it. Sign-up:
 * SIGNUPS_PER_HOUR accounts an hour per address (10 by default).
 */
export const LIMITS = {
  loginPerAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 30, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 100, windowMs: HOUR },
  passwordChecksPerAccount: { max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export const LIMIT_MESSAGES = {
  login: 'Too many sign-in attempts.',
  register: 'Too many accounts created from this network.',
} as const;

/** Throttle keys are hashed, so the table never holds an email or an address. */
export const throttleKey = (kind: string, subject: string) =>
  createHash('sha256').update(`${kind}\0${subject}`).digest('hex');

/** The ceiling's key: failed sign-ins at an email from every address. */
export const accountFailuresKey = (email: string) => throttleKey('login:account-failures', email);

/** The sign-in keys of an email (as typed, known or not) from a client address. */
function signInKeys(email: string, ip: string) {
  return {
    address: throttleKey('login:address', ip),
    pair: throttleKey('login:account+address', `${email}\0${ip}`),
    failures: accountFailuresKey(email),
  };
}

/** Fixed-window counters in the database (auth_throttles), so every app instance sees the same counts. */
export function createThrottles(
  repository: Pick<UsersRepository, 'hitThrottle' | 'readThrottle' | 'clearThrottle'>,
  now: () => Date,
  /** Sign-in attempts one client address may make in the window (SIGNINS_PER_ADDRESS). */
  signInsPerAddress: number = LIMITS.loginPerAddress.max,
) {
  const perAddress: Limit = { ...LIMITS.loginPerAddress, max: signInsPerAddress };
  const throttles = {
    /** Counts one attempt; throws 429 once the window holds more than `limit.max`. */
    async count(key: string, limit: Limit, message: string): Promise<void> {
      const at = now();
      const { hits, windowEndsAt } = await repository.hitThrottle(key, at, limit.windowMs);
      if (hits > limit.max) throw new TooManyRequestsError(message, windowEndsAt.getTime() - at.getTime());
    },

    /** Throws 429 while the window of `key` already holds `limit.max` hits; counts nothing itself. */
    async refuseWhenFull(key: string, limit: Limit, message: string): Promise<void> {
      const at = now();
      const { hits, windowEndsAt } = await repository.readThrottle(key, at);
      if (hits >= limit.max && windowEndsAt) {
        throw new TooManyRequestsError(message, windowEndsAt.getTime() - at.getTime());
      }
    },

    /** Counts a failure without refusing this attempt (the next one is refused once it is full). */
    async countFailure(key: string, limit: Limit): Promise<void> {
      await repository.hitThrottle(key, now(), limit.windowMs);
    },

    clear(key: string): Promise<void> {
      return repository.clearThrottle(key);
    },

    /**
     * Counts a sign-in attempt (password or code) of `email` from `ip` under the three sign-in
     * limits; answers the keys, to count a failure or clear the pair after a success.
     */
    async signInAttempt(email: string, ip: string): Promise<ReturnType<typeof signInKeys>> {
      const keys = signInKeys(email, ip);
      await throttles.count(keys.address, perAddress, LIMIT_MESSAGES.login);
      await throttles.count(keys.pair, LIMITS.loginPerAccountAndAddress, LIMIT_MESSAGES.login);
      await throttles.refuseWhenFull(keys.failures, LIMITS.loginFailuresPerAccount, LIMIT_MESSAGES.login);
      return keys;
    },
  };
  return throttles;
}
