import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

/** `PATCH /api/users/update-last-reminder`: records that the phone reminder was just shown (SPEC.md §7). */
export async function updateLastReminder(): Promise<{ lastPhoneReminder: string | null }> {
  const data = await api.patch<{ lastPhoneReminder?: unknown } | null>(USERS_API.updateLastReminder);
  const stamp = data?.lastPhoneReminder;
  return { lastPhoneReminder: typeof stamp === 'string' ? stamp : null };
}

export function useUpdateLastReminderMutation() {
  return useMutation({ mutationFn: updateLastReminder });
}
