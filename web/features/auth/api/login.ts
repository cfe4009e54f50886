import { useMutation } from '@tanstack/react-query';
import { API } from '../../../../common/api-paths';
import type { LoginBody, User } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

/** `POST /api/users/login`: 200 `{user}` with a new session; 401 `Invalid email or password.` */
export function login(body: LoginBody): Promise<{ user: User }> {
  return api.post<{ user: User }>(API.users.login, body);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
