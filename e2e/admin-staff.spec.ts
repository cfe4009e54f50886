import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createInbox } from './mail-inbox';
import { fitsTheScreen, signInToBackOffice } from './staff';

/**
 * The owner invites a support colleague from the Staff screen; the colleague opens the link from the
 * invitation mail, chooses a password and lands in the back office as support. The mail is read from a
 * real SMTP server, as the password-recovery journey reads its code (playwright.config.ts points the
 * shop's SMTP_URL at $E2E_SMTP_PORT): the link is what a colleague really gets.
 */

test.slow();

const PASSWORD = 'Dupatta#Blue2026';
const inbox = createInbox();

test.beforeAll(() => inbox.start());
test.afterAll(() => inbox.stop());

/** The invitation link's path in the newest mail to `email`; the body may be quoted-printable (`=3D`). */
async function invitationPathFor(email: string): Promise<string> {
  const found = await inbox.find(email, /(\/admin\/accept-invite\?token=(?:3D)?[A-Za-z0-9_-]{43})/i);
  return found.replace(/=3D/i, '=');
}

async function inviteAndJoin(page: Page, testInfo: TestInfo, width: number) {
  const email = `colleague.${width}.${Date.now().toString(36)}@pehnava.test`;
  const name = `Meera Iyer ${width}`;

  await signInToBackOffice(page, 'owner', '/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('support');
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const invited = page.locator('tr').filter({ hasText: email });
  await expect(invited).toContainText(/Invited, link valid until/);
  await page.screenshot({ path: testInfo.outputPath(`staff-${width}.png`), fullPage: true });
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();

  await page.goto(await invitationPathFor(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.screenshot({ path: testInfo.outputPath(`accept-invite-${width}.png`), fullPage: true });
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Save and sign in' }).click();

  // In, as support: the back office's start, the dashboard, and no Staff screen to open.
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`joined-${width}.png`) });
  return { name, email };
}

test('the owner invites a support colleague, who accepts the mailed link and lands in the back office', async ({
  page,
}, testInfo) => {
  const { name } = await inviteAndJoin(page, testInfo, 1280);
  await expect(page.getByRole('banner')).toContainText(`${name} · support`);
});

test('@mobile an invitation sent and accepted on a 360 px screen', async ({ page }, testInfo) => {
  await inviteAndJoin(page, testInfo, 360);
  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
});
