import { api } from '../../../lib/api-client';
import { USERS_API } from './paths';

/** `POST /api/users/logout`: ends the session on the server. Called through `useSession().logout()`. */
export function logout(): Promise<unknown> {
  return api.post<unknown>(USERS_API.logout);
}
