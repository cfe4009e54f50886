import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';

/** `PATCH /api/users/update-last-reminder`: records that the phone reminder was just shown (SPEC.md §7). */
export async function updateLastReminder(): Promise<{ lastPhoneReminder: string | null }> {
  const data = await api.patch<{ lastPhoneReminder?: unknown } | null>(API.users.updateLastReminder);
  const stamp = data?.lastPhoneReminder;
  return { lastPhoneReminder: typeof stamp === 'string' ? stamp : null };
}

export function useUpdateLastReminderMutation() {
  return useMutation({ mutationFn: updateLastReminder });
}
