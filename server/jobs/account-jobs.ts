import { HOUR } from '../../common/constants';
import type { ErasureCounts } from '../flows/erase-closed-accounts';
import type { UsersService } from '../modules/users/users.service';
import type { Job } from './scheduler';

/**
 * Account housekeeping: erase accounts closed 90 days ago, with their names and photos on reviews
 * (SPEC.md §9, server/flows/erase-closed-accounts.ts), and drop expired sessions and ended rate-limit
 * windows. Hourly is plenty: the deadlines are days long.
 */
export function accountJobs({
  users,
  eraseClosedAccounts,
}: {
  users: Pick<UsersService, 'cleanUpSessions'>;
  eraseClosedAccounts: () => Promise<ErasureCounts>;
}): Job[] {
  return [
    { name: 'erase-closed-accounts', everyMs: HOUR, run: eraseClosedAccounts },
    { name: 'clean-up-sessions', everyMs: HOUR, run: () => users.cleanUpSessions() },
  ];
}
