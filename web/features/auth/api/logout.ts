import { API } from '../../../../common/api-paths';
import { api } from '../../../lib/api-client';

/** `POST /api/users/logout`: ends the session on the server. Called through `useSession().logout()`. */
export function logout(): Promise<unknown> {
  return api.post<unknown>(API.users.logout);
}
