import { PHONE_REMINDER_INTERVAL_MS } from '../../../../common/constants';

export interface ReminderState {
  isAuthenticated: boolean;
  isMobVerified: boolean;
  lastPhoneReminder: Date | null;
}

/**
 * SPEC.md §4: remind a signed-in shopper whose mobile number is not verified, when they were never
 * reminded or the last reminder is older than 24 hours.
 */
export function shouldShowPhoneReminder(state: ReminderState, now: number): boolean {
  if (!state.isAuthenticated || state.isMobVerified) return false;
  if (!state.lastPhoneReminder) return true;
  return now - state.lastPhoneReminder.getTime() > PHONE_REMINDER_INTERVAL_MS;
}

/** Milliseconds until the reminder is due again, or null when nothing is waiting. */
export function msUntilReminderDue(state: ReminderState, now: number): number | null {
  if (!state.isAuthenticated || state.isMobVerified || !state.lastPhoneReminder) return null;
  const wait = state.lastPhoneReminder.getTime() + PHONE_REMINDER_INTERVAL_MS - now;
  return wait >= 0 ? wait + 1 : null;
}
