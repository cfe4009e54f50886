import { createHash, randomBytes } from 'node:crypto';
import { HOUR } from '../../../common/constants';
import {
  type InviteStaffBody,
  STAFF_MESSAGES,
  type StaffList,
  type StaffMember,
  type UpdateStaffBody,
} from '../../../common/schemas/admin-staff';
import { isStaffRole, type Role } from '../../../common/staff';
import type { Db } from '../../db/client';
import { ConflictError, GoneError, NotFoundError } from '../../errors';
import { checkNewPassword } from './password-strength';
import { hashPassword } from './passwords';
import type { UserRow } from './sessions.repository';
import { createSessionsService } from './sessions.service';
import { createStaffRepository, type StaffInviteRow } from './staff.repository';
import { type AuthUser, toAuthUser } from './user-views';
import { createUsersRepository } from './users.repository';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 72 * HOUR;

/** The stored key of an invitation token: its SHA-256 (the token is 32 random bytes, so no salt is needed). */
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function accountMember(row: UserRow): StaffMember {
  if (!isStaffRole(row.role)) throw new Error(`account ${row.id} is not staff`);
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.deactivatedAt ? 'deactivated' : 'active',
    twoFactorEnabled: row.totpEnabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    inviteExpiresAt: null,
  };
}

function inviteMember(row: StaffInviteRow): StaffMember {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: 'invited',
    twoFactorEnabled: false,
    createdAt: row.createdAt.toISOString(),
    inviteExpiresAt: row.expiresAt.toISOString(),
  };
}

/** What the audit log keeps of a staff account: its role and whether it may sign in. */
const accessOf = (member: StaffMember) => ({ role: member.role, active: member.status === 'active' });

/**
 * The shop's staff (docs/decisions/070): invitations by mailed link, acceptance, role changes and
 * deactivation. Writes run on the services of the flow's transaction, beside their audit entry.
 */
export function createStaffService(db: Db, { now }: { now: () => Date }) {
  const repository = createStaffRepository(db);
  const accounts = createUsersRepository(db);
  const sessions = createSessionsService(db, { now });

  return {
    /** Staff accounts (oldest first), then open invitations. */
    async list(): Promise<StaffList> {
      const [members, invites] = await Promise.all([
        repository.staffAccounts(),
        repository.openInvites(now()),
      ]);
      return { staff: [...members.map(accountMember), ...invites.map(inviteMember)] };
    },

    /**
     * Opens an invitation (voiding any earlier one to the email) and answers it with the token for
     * the link, which is never stored. 409 when the email is an active staff member's or a closed
     * account's; a shopper's email is fine: accepting makes that account staff.
     */
    async invite(body: InviteStaffBody, invitedBy: string): Promise<{ invite: StaffMember; token: string }> {
      const existing = await accounts.findByEmail(body.email);
      if (existing?.closedAt) throw new ConflictError(STAFF_MESSAGES.closedAccount, 'ACCOUNT_CLOSED');
      if (existing && isStaffRole(existing.role) && !existing.deactivatedAt) {
        throw new ConflictError(STAFF_MESSAGES.alreadyStaff, 'ALREADY_STAFF');
      }
      const at = now();
      await repository.voidOpenInvites(body.email, at);
      const token = randomBytes(32).toString('base64url');
      const row = await repository.insertInvite({
        email: body.email,
        name: body.name,
        role: body.role,
        tokenHash: tokenHashOf(token),
        invitedBy,
        createdAt: at,
        expiresAt: new Date(at.getTime() + INVITE_TTL_MS),
      });
      return { invite: inviteMember(row), token };
    },

    /**
     * Uses an invitation: the email's account becomes staff with the invited role, or a new account is
     * made. The password given becomes the account's either way (the link proves the mailbox, which
     * could reset the password anyway), two-factor sign-in starts off, and every earlier session of the
     * account ends: its privileges change. 410 for a used, expired, voided or unknown link; 422 for a weak password, which leaves
     * the link usable (the transaction rolls back).
     */
    async accept(
      token: string,
      password: string,
    ): Promise<{ user: AuthUser; invite: StaffMember; previousRole: Role | null }> {
      const at = now();
      const invite = await repository.takeInvite(tokenHashOf(token), at);
      if (!invite) throw new GoneError(STAFF_MESSAGES.inviteGone, 'INVITE_GONE');
      const existing = await accounts.findByEmail(invite.email);
      if (existing?.closedAt) throw new ConflictError(STAFF_MESSAGES.closedAccount, 'ACCOUNT_CLOSED');
      await checkNewPassword(password, 'password', [existing?.name ?? invite.name, invite.email]);
      const passwordHash = await hashPassword(password);
      const row = existing
        ? await accounts.update(existing.id, {
            role: invite.role,
            passwordHash,
            deactivatedAt: null,
            // A fresh start: a member who lost their phone is deactivated and invited again.
            totpSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
          })
        : await accounts.insert({ name: invite.name, email: invite.email, passwordHash, role: invite.role });
      // The email was registered since the invitation was read: the unique index refused the insert.
      if (!row) throw new ConflictError(STAFF_MESSAGES.inviteGone, 'INVITE_GONE');
      await repository.setAcceptedBy(invite.id, row.id);
      if (existing) await sessions.endAllForUser(row.id);
      return { user: toAuthUser(row), invite: inviteMember(invite), previousRole: existing?.role ?? null };
    },

    /**
     * Changes a staff member's role and/or whether they may sign in. The last active owner can be
     * neither demoted nor deactivated (409): a lock makes two such changes at once count each
     * other's. A new role or a deactivation ends the person's sessions at once. Answers the member
     * before and after, for the audit log.
     */
    async update(
      id: string,
      changes: UpdateStaffBody,
    ): Promise<{
      before: ReturnType<typeof accessOf>;
      after: ReturnType<typeof accessOf>;
      member: StaffMember;
    }> {
      await repository.lockOwners();
      const row = await accounts.findById(id);
      if (!row || !isStaffRole(row.role) || row.closedAt) throw new NotFoundError(STAFF_MESSAGES.notStaff);
      const newRole = changes.role !== undefined && changes.role !== row.role ? changes.role : undefined;
      const deactivate = changes.active === false && !row.deactivatedAt;
      const reactivate = changes.active === true && row.deactivatedAt !== null;
      const activeOwner = row.role === 'owner' && !row.deactivatedAt;
      if (activeOwner && (newRole || deactivate) && (await repository.countActiveOwners()) <= 1) {
        throw new ConflictError(STAFF_MESSAGES.lastOwner, 'LAST_OWNER');
      }
      const updated =
        newRole || deactivate || reactivate
          ? await accounts.update(id, {
              ...(newRole ? { role: newRole } : {}),
              ...(deactivate ? { deactivatedAt: now() } : {}),
              ...(reactivate ? { deactivatedAt: null } : {}),
            })
          : row;
      if (!updated) throw new NotFoundError(STAFF_MESSAGES.notStaff);
      if (newRole || deactivate) await sessions.endAllForUser(id);
      const member = accountMember(updated);
      return { before: accessOf(accountMember(row)), after: accessOf(member), member };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
