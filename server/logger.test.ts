import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeError, REDACT_PATHS, serializeError } from './logger';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const QUERY = 'insert into "users" ("name", "password_hash") values ($1, $2)';

/** What node-postgres and PGlite throw: the server's fields, and (PGlite) the query with its parameters. */
function driverError(code: string, message: string) {
  return Object.assign(new Error(message), {
    severity: 'ERROR',
    code,
    detail: `Key (password_hash)=(${HASH}) already exists.`,
    table: 'users',
    constraint: 'users_password_hash_unique',
    routine: '_bt_check_unique',
    query: QUERY,
    params: ['Meera', HASH],
  });
}

describe('serializeError', () => {
  it('logs a failed query as its code and names, without the query, parameters, detail or message', () => {
    const error = new DrizzleQueryError(QUERY, ['Meera', HASH], driverError('23505', `duplicate ${HASH}`));
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      message: 'database error 23505',
      code: '23505',
      table: 'users',
      constraint: 'users_password_hash_unique',
      routine: '_bt_check_unique',
    });
    expect(logged.stack).toMatch(/^DatabaseError: database error 23505\n {4}at /);
    const text = JSON.stringify(logged);
    for (const leak of [HASH, 'Meera', 'insert into', 'params', 'detail']) expect(text).not.toContain(leak);
  });

  it("logs the driver's own error the same way", () => {
    const logged = serializeError(driverError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'));
    expect(logged).toMatchObject({ type: 'DatabaseError', code: '22021', table: 'users' });
    expect(JSON.stringify(logged)).not.toContain(HASH);
  });

  it('keeps only the cause of a failed query that is not a database error (a dropped connection)', () => {
    const error = new DrizzleQueryError(
      QUERY,
      ['Meera', HASH],
      new Error('Connection terminated unexpectedly'),
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query',
      cause: { type: 'Error', message: 'Connection terminated unexpectedly' },
    });
    expect(JSON.stringify(logged)).not.toContain(HASH);
    expect(JSON.stringify(logged)).not.toContain('insert into');
  });

  it('keeps the message, stack, code and status of other errors, and their causes', () => {
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', config: { auth: HASH } });
    const error = Object.assign(new Error('courier unavailable', { cause }), { statusCode: 503, body: HASH });
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'courier unavailable',
      statusCode: 503,
      cause: { message: 'socket hang up', code: 'ECONNRESET' },
    });
    expect(logged.stack).toContain('courier unavailable');
    expect(JSON.stringify(logged)).not.toContain(HASH);
  });
});

describe('REDACT_PATHS', () => {
  it('names each key at the top and three levels down, quoting keys that need it', () => {
    expect(REDACT_PATHS).toEqual(
      expect.arrayContaining([
        'password',
        '*.password',
        '*.*.*.password',
        '["set-cookie"]',
        '*.*["x-csrf-token"]',
      ]),
    );
  });
});

describe('describeError', () => {
  it('is one safe line: a database error by its code and names, a failed query by its cause', () => {
    const duplicate = new DrizzleQueryError(
      QUERY,
      ['Meera', HASH],
      driverError('23505', `duplicate ${HASH}`),
    );
    expect(describeError(duplicate)).toBe('database error 23505 (users, users_password_hash_unique)');
    const dropped = new DrizzleQueryError(QUERY, [HASH], new Error('Connection terminated'));
    expect(describeError(dropped)).toBe('Failed query: Connection terminated');
    expect(describeError(new Error('Shiprocket could not be reached', { cause: new Error('x') }))).toBe(
      'Shiprocket could not be reached',
    );
  });
});
