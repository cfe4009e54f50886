import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { RegisterBody, User } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

/** `POST /api/users/register`: 201 `{user}` and a session; 409 email taken; 422 `{errors}`. */
export function register(body: RegisterBody): Promise<{ user: User }> {
  return api.post<{ user: User }>(API.users.register, body);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
