/**
 * `npm run create-admin -- --email staff@shop.in --password '…' [--name 'Asha Verma']`: creates an owner
 * (staff) account in the database named by the environment (PGlite in DATA_DIR, or DATABASE_URL), or promotes
 * the existing account with that email and sets its password. The password follows the same rules as a
 * shopper's (SPEC.md §5, and neither leaked nor easy to guess: docs/decisions/023).
 */
import { parseArgs } from 'node:util';
import { emailSchema } from '../common/schemas/auth';
import { loadConfigOrExit } from '../server/config/config';
import { openDatabase } from '../server/db/client';
import { ValidationError } from '../server/errors';
import { createUsersService } from '../server/modules/users/users.service';

const USAGE = "Usage: npm run create-admin -- --email <email> --password '<password>' [--name '<name>']";

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success || !values.password) {
    console.error(!email.success && values.email ? `Invalid email: ${values.email}\n${USAGE}` : USAGE);
    process.exit(2);
  }

  const config = loadConfigOrExit();

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const { user, action } = await createUsersService(database.db).ensureAdmin({
      email: email.data,
      password: values.password,
      name: values.name,
    });
    const said = { created: 'Created', updated: 'Updated', unchanged: 'Already up to date:' }[action];
    console.log(`${said} owner ${user.email} (${user.name}).`);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.error(`The password was refused: ${error.errors?.map((e) => e.msg).join(' ')}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
