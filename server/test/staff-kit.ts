import { API } from '../../common/api-paths';
import type { StaffRole } from '../../common/staff';
import { createClient, type SignedUp, signUp, type TestApp, type TestClient } from './test-app';

export interface StaffMember extends SignedUp {
  client: TestClient;
  role: StaffRole;
}

let staffCount = 0;

/** A signed-in staff member of the role: an account signed up, given the role, and signed in again. */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<StaffMember> {
  staffCount += 1;
  const client = createClient(t.app, {
    remoteAddress: `10.9.${Math.floor(staffCount / 250)}.${staffCount % 250}`,
  });
  const account = await signUp(client, { name: `${role} ${staffCount}` });
  await t.container.services.users.setRole(account.user._id, role);
  // The role change ended the session, and with it the token bound to it.
  await client.fetchCsrf();
  const res = await client.request({
    method: 'POST',
    url: API.users.login,
    payload: { email: account.email, password: account.password },
  });
  if (res.statusCode !== 200)
    throw new Error(`signedInStaff: sign-in answered ${res.statusCode} ${res.body}`);
  await client.fetchCsrf();
  return { ...account, client, role };
}
