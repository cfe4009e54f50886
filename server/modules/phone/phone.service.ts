import { randomUUID } from 'node:crypto';
import { MINUTE } from '../../../common/constants';
import type { User } from '../../../common/schemas/auth';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  NotFoundError,
  TooManyRequestsError,
} from '../../errors';
import type { SmsProvider } from '../../providers';
import { OTP_TTL_MS } from '../otp/otp';
import type { AuthUser } from '../users/user-views';
import { toPublicUser } from '../users/user-views';
import type { UsersService } from '../users/users.service';
import type { PhoneRepository } from './phone.repository';

/** Text messages cost money and can be abused to spam a number: 3 codes per account in 15 minutes. */
export const PHONE_SEND_LIMIT = { max: 3, windowMs: 15 * MINUTE } as const;
const CODE_RETENTION_MS = 24 * 60 * MINUTE;

export const PHONE_MESSAGES = {
  sent: 'OTP sent to your mobile number.',
  verified: 'Mobile number verified.',
  noPhone: 'Add your mobile number to your profile first.',
  alreadyVerified: 'Your mobile number is already verified.',
  invalidOtp: 'Invalid or expired OTP.',
  tooMany: 'Too many codes sent.',
  smsFailed: 'We could not send the text message. Please try again in a few minutes.',
} as const;

export class SmsFailedError extends DomainError {
  constructor() {
    super(502, PHONE_MESSAGES.smsFailed, 'SMS_FAILED');
  }
}

export interface PhoneDeps {
  repository: PhoneRepository;
  users: Pick<UsersService, 'findActiveUserById' | 'markPhoneVerified'>;
  sms: SmsProvider;
  shopName: string;
  now: () => Date;
  onSmsError: (error: unknown) => void;
}

/** Verifies the mobile number on a profile with a code sent by SMS (DESIGN.md §5). */
export function createPhoneService({ repository, users, sms, shopName, now, onSmsError }: PhoneDeps) {
  /** The user's current profile: the session's copy may predate a phone change. */
  async function currentUser(userId: string): Promise<AuthUser> {
    const user = await users.findActiveUserById(userId);
    if (!user) throw new NotFoundError('Account not found.');
    return user;
  }

  return {
    /** Texts a fresh 6-digit code to the profile's number; older codes stop working. */
    async sendCode(userId: string): Promise<void> {
      const user = await currentUser(userId);
      if (!user.phone) throw new BadRequestError(PHONE_MESSAGES.noPhone, 'PHONE_MISSING');
      if (user.isMobVerified)
        throw new ConflictError(PHONE_MESSAGES.alreadyVerified, 'PHONE_ALREADY_VERIFIED');
      const phone = user.phone;
      const at = now();
      const id = randomUUID();

      const code = await repository.withUserLock(userId, async (locked) => {
        const wait = await locked.waitBeforeSending(userId, PHONE_SEND_LIMIT, at);
        if (wait !== null) throw new TooManyRequestsError(PHONE_MESSAGES.tooMany, wait);
        return locked.issue({ id, userId, phone, at });
      });

      try {
        await sms.send({
          to: phone,
          text: `${code} is your ${shopName} verification code. It is valid for ${OTP_TTL_MS / MINUTE} minutes. Do not share it with anyone.`,
        });
      } catch (error) {
        onSmsError(error);
        await repository.void(id);
        throw new SmsFailedError();
      }
      await repository.deleteOlderThan(new Date(at.getTime() - CODE_RETENTION_MS));
    },

    /**
     * Checks a code against the live code for the profile's current number. Every check uses one of
     * the code's 5 tries; a right one is used up and the number is marked verified.
     */
    async verifyCode(userId: string, otp: string): Promise<User> {
      const user = await currentUser(userId);
      if (!user.phone) throw new BadRequestError(PHONE_MESSAGES.noPhone, 'PHONE_MISSING');
      const matchId = await repository.check(userId, user.phone, otp, now());
      if (!matchId || !(await repository.markUsed(matchId)))
        throw new BadRequestError(PHONE_MESSAGES.invalidOtp, 'INVALID_OTP');
      await users.markPhoneVerified(userId);
      return toPublicUser(await currentUser(userId));
    },
  };
}
export type PhoneService = ReturnType<typeof createPhoneService>;
