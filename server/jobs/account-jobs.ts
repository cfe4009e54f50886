import { HOUR } from '../../common/constants';
import type { Db } from '../db/client';
import { createEraseClosedAccountsFlow } from '../flows/erase-closed-accounts';
import { createUsersService } from '../modules/users/users.service';
import type { StorageProvider } from '../providers';
import type { Job } from './scheduler';

/**
 * Account housekeeping: erase accounts closed 90 days ago, with their names and photos on reviews
 * (SPEC.md §9, server/flows/erase-closed-accounts.ts), and drop expired sessions and ended rate-limit
 * windows. Hourly is plenty: the deadlines are days long.
 */
export function accountJobs({
  db,
  storage,
  now = () => new Date(),
}: {
  db: Db;
  /** Where review photos are stored; an erased account's photos are removed from it. */
  storage: StorageProvider;
  now?: () => Date;
}): Job[] {
  const users = createUsersService(db, { now });
  return [
    {
      name: 'erase-closed-accounts',
      everyMs: HOUR,
      run: createEraseClosedAccountsFlow({ db, storage, now }),
    },
    { name: 'clean-up-sessions', everyMs: HOUR, run: () => users.cleanUpSessions() },
  ];
}
