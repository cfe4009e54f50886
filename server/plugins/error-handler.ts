import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../common/schemas/errors';
import { databaseErrorOf } from '../db/database-error';
import { BadRequestError, ConflictError, DomainError, TooManyRequestsError } from '../errors';

/** Messages for the framework's own client errors, so every 4xx reads like the rest of the API. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but should be JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
};

/** The answers to input the database refused, named for the tests. */
export const DATABASE_MESSAGES = {
  duplicate: 'This already exists.',
  conflict: 'This change conflicts with other data. Please reload and try again.',
  unstorable: 'The request holds a value that cannot be stored.',
} as const;

/**
 * The database errors that input causes, as the answers they deserve; undefined for the rest (a
 * broken query or a database that is down stays a 500). The schemas should refuse such input first:
 * these are the net under them, logged so the gap can be closed.
 */
function refusalOf(error: unknown): DomainError | undefined {
  const code = databaseErrorOf(error)?.code;
  if (!code) return undefined;
  // 23505 unique_violation: the same thing twice, where the service did not already say so.
  if (code === '23505') return new ConflictError(DATABASE_MESSAGES.duplicate);
  // 23503 foreign_key_violation: what the request names is gone, or something still needs this.
  if (code === '23503') return new ConflictError(DATABASE_MESSAGES.conflict);
  // Class 22 data exceptions (22021 a NUL, 22P05 an unpaired surrogate in JSON, 22001 too long, 22P02
  // not a number or uuid…), 23514 check_violation, 54000 a value too large to index.
  if (code.startsWith('22') || code === '23514' || code === '54000') {
    return new BadRequestError(DATABASE_MESSAGES.unstorable, 'INVALID_INPUT');
  }
  return undefined;
}

/**
 * The one error handler: domain errors and client mistakes answer 4xx with a useful message;
 * anything else is logged and answers 500 without internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const refusal = refusalOf(thrown);
    if (refusal) request.log.warn({ err: thrown }, 'request refused by the database');
    const error = refusal ?? thrown;
    if (error instanceof DomainError) {
      // Every limit says when to come back, so clients and well-behaved bots need not guess.
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      const body: ApiError & Record<string, unknown> = { ...error.details, message: error.message };
      if (error.code) body.code = error.code;
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        msg: issue.message,
      }));
      return reply
        .status(422)
        .send({ message: 'Please correct the highlighted fields.', code: 'VALIDATION_FAILED', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && frameworkMessages[error.code]) || error.message;
      return reply.status(status).send({ message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
});
