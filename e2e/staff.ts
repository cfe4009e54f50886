import { type APIRequestContext, type Page, request } from '@playwright/test';
import { API } from '../common/api-paths';
import type { StaffRole } from '../common/staff';
import { DEMO_STAFF } from '../server/db/demo/staff';
import { expect } from './fixtures';

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

/** Signs the page in to the back office as the demo shop's account of that role, through its sign-in screen. */
export async function signInToBackOffice(page: Page, role: StaffRole, path = '/admin') {
  const member = DEMO_STAFF.find((candidate) => candidate.role === role);
  if (!member) throw new Error(`the demo shop has no ${role}`);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
  return member;
}

/** True when nothing on the page is wider than the screen (no sideways scrolling on a phone). */
export function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
