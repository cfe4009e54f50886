import { AUTH_MESSAGES } from '../../../../common/schemas/auth';
import { HttpError } from '../../../lib/api-client';
import type { ServerAnswer } from '../api/forgot-password';
import { FORGOT_TEXTS } from '../texts';
import { serverFieldErrors } from './errors';

/** What one step of password recovery shows, and whether the flow moves on (SPEC.md §5, §8). */
export interface StepOutcome {
  ok: boolean;
  message: string;
}

function messageOf(answer: ServerAnswer | null | undefined): string | undefined {
  return typeof answer?.message === 'string' && answer.message ? answer.message : undefined;
}

/**
 * A rejected request counts as "failed" (SPEC.md's "an error occurred" texts) when nothing answered or
 * the server broke (5xx); a 4xx answer is the server telling the shopper something (a wrong code, too
 * many tries), so its message is shown like any other answer that is not a success.
 */
/** The message of an error answer; for a validation answer, its field messages say more. */
function serverText(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const fieldMessages = Object.values(serverFieldErrors(error));
  if (fieldMessages.length > 0) return fieldMessages.join(' ');
  return HttpError.messageOf(error.data);
}

function isFailedCall(error: unknown): boolean {
  return !(error instanceof HttpError) || error.status >= 500;
}

export function sendOtpSucceeded(answer: ServerAnswer | null): StepOutcome {
  if (!answer) return { ok: false, message: FORGOT_TEXTS.invalidResponse };
  if (answer.message === AUTH_MESSAGES.otpSent) return { ok: true, message: FORGOT_TEXTS.otpSent };
  return { ok: false, message: messageOf(answer) ?? FORGOT_TEXTS.sendFailed };
}

export function sendOtpFailed(error: unknown): StepOutcome {
  if (error instanceof HttpError && error.status === 404)
    return { ok: false, message: FORGOT_TEXTS.userNotFound };
  if (isFailedCall(error)) return { ok: false, message: FORGOT_TEXTS.sendError };
  return { ok: false, message: serverText(error) ?? FORGOT_TEXTS.sendFailed };
}

export function verifyOtpSucceeded(answer: ServerAnswer | null): StepOutcome {
  if (answer?.message === AUTH_MESSAGES.otpVerified) return { ok: true, message: FORGOT_TEXTS.otpVerified };
  return { ok: false, message: messageOf(answer) ?? FORGOT_TEXTS.invalidOtp };
}

export function verifyOtpFailed(error: unknown): StepOutcome {
  if (isFailedCall(error)) return { ok: false, message: FORGOT_TEXTS.verifyError };
  return { ok: false, message: serverText(error) ?? FORGOT_TEXTS.invalidOtp };
}

export function resetSucceeded(answer: ServerAnswer | null): StepOutcome {
  if (answer?.message === AUTH_MESSAGES.passwordReset)
    return { ok: true, message: FORGOT_TEXTS.passwordReset };
  return { ok: false, message: messageOf(answer) ?? FORGOT_TEXTS.resetFailed };
}

export function resetFailed(error: unknown): StepOutcome {
  return { ok: false, message: serverText(error) ?? FORGOT_TEXTS.resetError };
}
