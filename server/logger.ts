import type { FastifyServerOptions } from 'fastify';
import { databaseErrorOf } from './db/database-error';

/**
 * What the logs may hold, in one place (docs/decisions/031-logs-without-secrets.md): the Fastify
 * logger options that app.ts builds the server with and the log test checks.
 */

/**
 * Keys whose values never reach a log line, at any of the first few levels of a logged object:
 * secrets, session and CSRF material, and a shopper's address and phone.
 */
export const REDACTED_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'otp',
  'otpHash',
  'token',
  'csrfToken',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'address',
  'addresses',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'phone',
] as const;

/** How deep below the top of a logged object a key is still found (`*.*.*.password`). */
const REDACT_DEPTH = 3;

/** `password` at `depth` levels down: `*.*.password`, or `*.*["set-cookie"]` for a key that needs quotes. */
function pathOf(key: string, depth: number): string {
  const wildcards = Array.from({ length: depth }, () => '*').join('.');
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${wildcards}["${key}"]`;
  return wildcards ? `${wildcards}.${key}` : key;
}

/** pino's redact paths for every key at every depth. */
export const REDACT_PATHS = REDACTED_KEYS.flatMap((key) =>
  Array.from({ length: REDACT_DEPTH + 1 }, (_, depth) => pathOf(key, depth)),
);

/** An error as a log line holds it. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggedError;
  [fact: string]: unknown;
}

/** The stack's frames under a safe first line; the original first line repeats the message. */
function framesOf(error: unknown, headline: string): string {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frames = stack.indexOf('\n    at ');
  return frames === -1 ? headline : `${headline}${stack.slice(frames)}`;
}

/**
 * Logs an error by an allow-list, never by copying it: a database error (Drizzle's wrapper, or the
 * driver's error from node-postgres or PGlite) carries the query, its parameters and a detail that
 * quote what was written (a password hash, an address), so it is logged as its code and the names
 * of what failed. Other errors keep their message, stack, code and status, and their cause.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  const database = databaseErrorOf(error);
  if (database) {
    const message = `database error ${database.code}`;
    return {
      type: 'DatabaseError',
      message,
      ...database,
      stack: framesOf(error, `DatabaseError: ${message}`),
    };
  }
  if (!(error instanceof Error)) {
    const message = 'a thrown value that is not an Error';
    return { type: typeof error, message, stack: message };
  }
  // A failed query whose driver error is not a database's (a dropped connection): its message holds
  // the query and its parameters, so only its cause speaks.
  const isQuery = 'params' in error || 'query' in error;
  const message = isQuery ? 'Failed query' : error.message;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: isQuery ? framesOf(error, `${error.name}: ${message}`) : (error.stack ?? message),
  };
  if (typeof code === 'string' || typeof code === 'number') logged.code = code;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/**
 * One line about an error, safe to log or keep (a shipment's last error): the message of
 * `serializeError`, so a database error is its code and the names of what failed, never its values.
 */
export function describeError(error: unknown): string {
  const logged = serializeError(error);
  const names = [logged.table, logged.constraint ?? logged.column].filter((name) => typeof name === 'string');
  const message = names.length > 0 ? `${logged.message} (${names.join(', ')})` : logged.message;
  // A failed query's own message is withheld, so its cause (a dropped connection) says what happened.
  const withheld =
    error instanceof Error && logged.type !== 'DatabaseError' && logged.message !== error.message;
  return withheld && logged.cause ? `${message}: ${logged.cause.message}` : message;
}

/**
 * A request as its log lines show it. The path only: a query string can carry a pincode, a token or
 * a payment's signature. Fastify hands its own request (with `ip` and `host`) though its types name
 * the raw one, hence the loose parameter.
 */
function serializeRequest(request: { method?: string; url?: string; host?: string; ip?: string }) {
  return {
    method: request.method,
    url: request.url?.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Fastify's logger options (pino's, with Fastify's serializer types). */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The Fastify logger options of the app. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
