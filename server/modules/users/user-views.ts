import type { User } from '../../../common/schemas/auth';
import type { Role } from '../../../common/staff';
import type { UserRow } from './sessions.repository';

/** The signed-in user as the server sees it (`request.user`); never any password material. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  isMobVerified: boolean;
  lastPhoneReminder: Date | null;
  createdAt: Date;
  /** Staff who confirmed an authenticator app sign in with a code after the password. */
  twoFactorEnabled: boolean;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    isMobVerified: row.isMobVerified,
    lastPhoneReminder: row.lastPhoneReminder,
    createdAt: row.createdAt,
    twoFactorEnabled: row.totpEnabledAt !== null,
  };
}

/** A user as the API shows it (common/schemas/auth.ts `userSchema`). */
export function toPublicUser(user: AuthUser | UserRow): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    isMobVerified: user.isMobVerified,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}
