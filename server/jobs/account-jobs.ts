import { HOUR } from '../../common/constants';
import type { Db } from '../db/client';
import { createUsersService } from '../modules/users/users.service';
import type { Job } from './scheduler';

/**
 * Account housekeeping: erase the personal data of accounts closed 90 days ago (SPEC.md §9), and drop
 * expired sessions and ended rate-limit windows. Hourly is plenty: the deadlines are days long.
 */
export function accountJobs({ db, now }: { db: Db; now?: () => Date }): Job[] {
  const users = createUsersService(db, { now });
  return [
    {
      name: 'erase-closed-accounts',
      everyMs: HOUR,
      run: async () => ({ erased: await users.eraseClosedAccounts() }),
    },
    { name: 'clean-up-sessions', everyMs: HOUR, run: () => users.cleanUpSessions() },
  ];
}
