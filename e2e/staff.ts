import { type APIRequestContext, request } from '@playwright/test';
import { API } from '../common/api-paths';

/**
 * The shop admin the journeys' server creates at start-up (ADMIN_EMAIL / ADMIN_PASSWORD in
 * playwright.config.ts), for staff steps taken through the API (the admin screens come later).
 */
export const E2E_ADMIN = { email: 'staff@pehnava.test', password: 'Moderate#Reviews2026' } as const;

/** An API client signed in as that admin, sending the CSRF token the way the web app does. */
export async function signInAsStaff(baseURL: string): Promise<{ api: APIRequestContext; csrfToken: string }> {
  const api = await request.newContext({ baseURL });
  const token = async () => (await (await api.get(API.users.csrf)).json()).csrfToken as string;
  const login = await api.post(API.users.login, {
    data: E2E_ADMIN,
    headers: { 'X-CSRF-Token': await token() },
  });
  if (login.status() !== 200)
    throw new Error(`staff sign-in failed: ${login.status()} ${await login.text()}`);
  // A new session after sign-in, so a new CSRF token.
  return { api, csrfToken: await token() };
}
