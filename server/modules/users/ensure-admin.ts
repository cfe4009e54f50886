import type { Config } from '../../config/config';
import { ConfigError } from '../../config/config';
import type { Db } from '../../db/client';
import { ValidationError } from '../../errors';
import { createUsersService } from './users.service';

/**
 * At start-up: when ADMIN_EMAIL and ADMIN_PASSWORD are both set, that admin exists afterwards (created,
 * or promoted and given that password). A password the shop's rules refuse stops start-up with a
 * ConfigError, since staff accounts get the same rules as shoppers. Returns what happened, or null.
 */
export async function ensureConfiguredAdmin(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<'created' | 'updated' | 'unchanged' | null> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return null;
  try {
    const { action } = await createUsersService(db).ensureAdmin({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
    });
    return action;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ConfigError([`ADMIN_PASSWORD: ${error.errors?.map((e) => e.msg).join(' ')}`]);
  }
}
