import type { Role } from '../../../common/staff';
import { createUsersService } from '../../modules/users/users.service';
import type { Db } from '../client';

/** An account as the seed and the tests describe it, before it is stored. */
export interface UserInput {
  name: string;
  email: string;
  password: string;
  /** `customer` unless told. */
  role?: Role;
  /** Ten digits, stored on the profile. */
  phone?: string;
  phoneVerified?: boolean;
}

let sequence = 0;

/** A valid account with a unique email and a strong password; pass only what a test cares about. */
export function buildUser(overrides: Partial<UserInput> = {}): UserInput {
  sequence += 1;
  return {
    name: `Shopper ${sequence}`,
    email: `shopper.${sequence}@factory.test`,
    password: `Gulmohar#${sequence}Lane`,
    ...overrides,
  };
}

/**
 * Stores an account through the users service, the way signing up does (the password judged and
 * hashed), then gives it its role and phone. Returns the account's id.
 */
export async function createUser(
  db: Db,
  overrides: Partial<UserInput> = {},
  { now = new Date() }: { now?: Date } = {},
): Promise<string> {
  const input = buildUser(overrides);
  const users = createUsersService(db, { now: () => now });
  const user = await users.register(
    {
      name: input.name,
      email: input.email,
      password: input.password,
      confirmPassword: input.password,
      isAdult: true,
    },
    // Sign-ups are limited per client address: each account comes from its own.
    { ip: `factory-${input.email}` },
  );
  if (input.phone) await users.updateProfile(user.id, { phone: input.phone });
  if (input.phoneVerified) await users.markPhoneVerified(user.id);
  if (input.role && input.role !== 'customer') await users.setRole(user.id, input.role);
  return user.id;
}
