import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, User } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

/** `POST /api/users/register`: 201 `{user}` and a session; 409 email taken; 422 `{errors}`. */
export function register(body: RegisterBody): Promise<{ user: User }> {
  return api.post<{ user: User }>(USERS_API.register, body);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
