import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors';
import { loggerOptions } from '../logger';
import { DATABASE_MESSAGES, errorHandler } from './error-handler';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  app.get('/', async () => {
    throw error;
  });
  return app;
}

describe('error handler', () => {
  it('answers every 429 with Retry-After in whole seconds, rounded up', async () => {
    for (const [waitMs, seconds] of [
      [1_500, '2'],
      [15 * 60_000, '900'],
      [0, '1'],
    ] as const) {
      const app = await appThrowing(new TooManyRequestsError('Too many sign-in attempts.', waitMs));
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe(seconds);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      await app.close();
    }
  });
});

const SECRET = 'Asha Verma, 12 Rangoli Lane';

/** A failed statement as Drizzle throws it: the driver's error (code, severity) inside its wrapper. */
function failedQuery(code: string) {
  const driverError = Object.assign(new Error(`invalid input syntax: "${SECRET}"`), {
    code,
    severity: 'ERROR',
    detail: `Failing row contains (${SECRET}).`,
  });
  return new DrizzleQueryError('insert into "addresses" values ($1)', [SECRET], driverError);
}

let log = '';
const app = Fastify({
  logger: {
    ...loggerOptions('info'),
    stream: new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    }),
  },
});
beforeAll(async () => {
  await app.register(errorHandler);
  app.get<{ Params: { code: string } }>('/fail/:code', async (request) => {
    throw failedQuery(request.params.code);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('database errors in the error handler', () => {
  it.each([
    ['22021', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['22P05', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['22001', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['22P02', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['23514', 400, { message: DATABASE_MESSAGES.unstorable, code: 'INVALID_INPUT' }],
    ['23505', 409, { message: DATABASE_MESSAGES.duplicate, code: 'CONFLICT' }],
    ['23503', 409, { message: DATABASE_MESSAGES.conflict, code: 'CONFLICT' }],
  ])('answers input the database refuses (%s) with %i', async (code, status, body) => {
    const res = await app.inject({ method: 'GET', url: `/fail/${code}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  });

  it.each(['42P01', '08006', '40001', 'P0001'])(
    'answers any other (%s) with a 500 without detail',
    async (code) => {
      const res = await app.inject({ method: 'GET', url: `/fail/${code}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    },
  );

  it('logs each one by its code, never with the values', () => {
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('request refused by the database');
    expect(log).toContain('request failed');
    expect(log).not.toContain(SECRET);
  });
});
