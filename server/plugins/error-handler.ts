import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../common/schemas/errors';
import { DomainError } from '../errors';

/** Messages for the framework's own client errors, so every 4xx reads like the rest of the API. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but should be JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
};

/**
 * The one error handler: domain errors and client mistakes answer 4xx with a useful message;
 * anything else is logged and answers 500 without internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
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
