import {
  ACCEPT_INVITE_PAGE,
  type InviteStaffBody,
  type StaffMember,
  type UpdateStaffBody,
} from '../../common/schemas/admin-staff';
import type { Actor } from '../modules/audit/audit.service';
import { staffInviteMail } from '../modules/users/staff-mail';
import type { AuthUser } from '../modules/users/user-views';
import type { MailMessage } from '../providers';
import type { FlowContext } from '../services';

export interface StaffFlowDeps extends FlowContext {
  /** Sends without making the request wait (the password-recovery mailer); a failure is logged. */
  mailer: { send(message: MailMessage): void };
  /** Where the invitation links point (PUBLIC_URL or the listening address). */
  siteUrl: string;
}

/**
 * Inviting, accepting and changing staff (docs/decisions/070). Each change and its audit entry commit
 * in one transaction; the invitation mail goes out after the commit, never from inside it.
 */
export function createStaffFlows({ services, transaction, mailer, siteUrl }: StaffFlowDeps) {
  return {
    /** The owner invites someone: audited as `staff.invite`, then the one-time link is mailed. */
    async invite(actor: Actor & { name: string }, body: InviteStaffBody): Promise<StaffMember> {
      const { invite, token } = await transaction(async (tx) => {
        const opened = await tx.staff.invite(body, actor.id);
        await tx.audit.record(actor, {
          action: 'staff.invite',
          entity: 'staff-invite',
          entityId: opened.invite._id,
          after: { email: opened.invite.email, name: opened.invite.name, role: opened.invite.role },
        });
        return opened;
      });
      const { shopName } = await services.settings.current();
      mailer.send(
        staffInviteMail({
          to: invite.email,
          name: invite.name,
          role: invite.role,
          invitedBy: actor.name,
          shopName,
          link: `${siteUrl}${ACCEPT_INVITE_PAGE}?token=${token}`,
        }),
      );
      return invite;
    },

    /**
     * The invited person accepts with a password: the account is staff from now on, audited as
     * `staff.accept` with the person as the actor. Answers the account, for a new session.
     */
    async accept(token: string, password: string): Promise<AuthUser> {
      return transaction(async (tx) => {
        const { user, invite, previousRole } = await tx.staff.accept(token, password);
        await tx.audit.record(user, {
          action: 'staff.accept',
          entity: 'user',
          entityId: user.id,
          before: previousRole ? { role: previousRole } : null,
          after: { role: user.role, inviteId: invite._id },
        });
        return user;
      });
    },

    /**
     * A member turns two-factor sign-in on with a code from the app just set up, or off with a
     * current code (not while the owner requires it): audited as `staff.two-factor`. The code is
     * checked before the transaction, so a wrong one counts against the limit although nothing changes.
     */
    async setTwoFactor(actor: Actor, code: string, enabled: boolean): Promise<void> {
      const { requireTwoFactor } = await services.settings.current();
      await services.twoFactor.confirmCode(actor.id, code, enabled ? 'enable' : 'disable', {
        required: requireTwoFactor,
      });
      await transaction(async (tx) => {
        await tx.twoFactor.setEnabled(actor.id, enabled);
        await tx.audit.record(actor, {
          action: 'staff.two-factor',
          entity: 'user',
          entityId: actor.id,
          before: { twoFactorEnabled: !enabled },
          after: { twoFactorEnabled: enabled },
        });
      });
    },

    /** The owner changes a member's role or access: audited as `staff.update`. */
    async update(actor: Actor, id: string, changes: UpdateStaffBody): Promise<StaffMember> {
      return transaction(async (tx) => {
        const { before, after, member } = await tx.staff.update(id, changes);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await tx.audit.record(actor, {
            action: 'staff.update',
            entity: 'user',
            entityId: id,
            before,
            after,
          });
        }
        return member;
      });
    },
  };
}
export type StaffFlows = ReturnType<typeof createStaffFlows>;
