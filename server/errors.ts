/**
 * Typed domain errors. Services throw these; the one error handler (server/plugins/error-handler.ts)
 * turns them into HTTP answers, so no service ever touches the reply.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: { path: string; msg: string }[],
    /** Extra fields of the answer body that the contract names (e.g. today's `prices`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, code?: string) {
    super(400, message, code);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message, 'UNAUTHORIZED');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message, 'FORBIDDEN');
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(404, message, 'NOT_FOUND');
  }
}

export const CAPTCHA_FAILED_MESSAGE =
  'We could not confirm you are not a robot. Reload the page and try again.';

/** 400 from every form behind the captcha: the bot check failed. */
export class CaptchaFailedError extends DomainError {
  constructor() {
    super(400, CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, message, code);
  }
}

/** 410: what the request names existed but can no longer be used (a used or expired link). */
export class GoneError extends DomainError {
  constructor(message: string, code = 'GONE') {
    super(410, message, code);
  }
}

export class ValidationError extends DomainError {
  constructor(errors: { path: string; msg: string }[], message = 'Please correct the highlighted fields.') {
    super(422, message, 'VALIDATION_FAILED', errors);
  }
}

/**
 * 429: a rate limit was hit. The message says how long to wait, rounded up to whole seconds or minutes;
 * the error handler sends the same wait as Retry-After. `message` replaces the sentence when a route's
 * contract words it differently.
 */
export class TooManyRequestsError extends DomainError {
  constructor(
    what: string,
    readonly retryAfterMs: number,
    message = `${what} Try again in ${describeWait(retryAfterMs)}.`,
  ) {
    super(429, message, 'RATE_LIMITED');
  }

  /** The wait in whole seconds, at least 1, as the Retry-After header gives it. */
  get retryAfterSeconds(): number {
    return waitSeconds(this.retryAfterMs);
  }
}

function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function describeWait(ms: number): string {
  const seconds = waitSeconds(ms);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
