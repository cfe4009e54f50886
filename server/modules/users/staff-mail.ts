import { HOUR } from '../../../common/constants';
import type { StaffRole } from '../../../common/staff';
import type { MailMessage } from '../../providers';
import { INVITE_TTL_MS } from './staff.service';

const ROLE_WORDS: Record<StaffRole, string> = {
  owner: 'an owner',
  manager: 'a manager',
  support: 'a support colleague',
};

/** The invitation mail: who invited whom to do what, and the one-time link to accept. */
export function staffInviteMail(input: {
  to: string;
  name: string;
  role: StaffRole;
  invitedBy: string;
  shopName: string;
  link: string;
}): MailMessage {
  const { to, name, role, invitedBy, shopName, link } = input;
  return {
    to,
    subject: `You are invited to the ${shopName} back office`,
    text: [
      `Hello ${name},`,
      '',
      `${invitedBy} invited you to help run ${shopName} as ${ROLE_WORDS[role]}.`,
      '',
      `Open this link within ${INVITE_TTL_MS / HOUR} hours to choose your password and sign in:`,
      link,
      '',
      'The link works once. If you already shop with us under this email, your account and its orders',
      'stay yours, and the password you choose becomes its password.',
      '',
      'If you did not expect this mail, ignore it: nothing changes without the link.',
    ].join('\n'),
  };
}
