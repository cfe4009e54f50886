import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './journeys';
import { createInbox } from './mail-inbox';
import { fitsTheScreen, signInToBackOffice } from './staff';

/**
 * Grievances (Consumer Protection (E-Commerce) Rules, 2020): a guest files one from the contact page,
 * reads the ticket number in the acknowledgement mail, support staff answer it and resolve it in the
 * back office, and the person sees the answer on the status page.
 */

test.slow();

const inbox = createInbox();
test.beforeAll(() => inbox.start());
test.afterAll(() => inbox.stop());

async function fileAndAnswer(page: Page, testInfo: TestInfo, width: number) {
  const email = uniqueEmail(`grievance-${width}`);
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Grievance Officer' })).toBeVisible();
  await page.getByLabel('Your name').fill('Meera Iyer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Order number (optional)').fill('PNV-2611-7K3Q9');
  await page.getByLabel('Subject').fill(`Wrong size delivered (${width})`);
  await page.getByLabel('What happened').fill('I ordered a medium kurta and received a small one.');
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('button', { name: 'Submit grievance' }).click();

  const shown = page.getByTestId('ticket-number');
  await expect(shown).toHaveText(/^GRV-\d{4}-[2-9A-Z]{6}$/);
  const ticketNumber = (await shown.textContent()) as string;
  await page.screenshot({ path: testInfo.outputPath(`grievance-filed-${width}.png`) });
  // The acknowledgement mail carries the same ticket number.
  expect(await inbox.find(email, /Your ticket number is (GRV-\d{4}-[2-9A-Z]{6})\./)).toBe(ticketNumber);

  await signInToBackOffice(page, 'support', '/admin/grievances');
  await expect(page.getByRole('heading', { level: 1, name: 'Grievances' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'To answer' })).toHaveAttribute('aria-selected', 'true');
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('link', { name: ticketNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(ticketNumber) })).toBeVisible();
  await expect(page.getByText('I ordered a medium kurta and received a small one.')).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Reply' })
    .fill('We are sending the medium today. Sorry for the trouble.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
  expect(await inbox.find(email, /(We are sending the medium today\.)/)).toBeTruthy();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath(`grievance-answered-${width}.png`), fullPage: true });

  await page.getByLabel('Resolution note (optional)').fill('The medium is on its way.');
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByText('Grievance resolved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);

  // The person, a guest, looks the ticket up with the link of the acknowledgement mail.
  await page.context().clearCookies();
  await page.goto(`/grievance-status?ticket=${ticketNumber}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Show status' }).click();
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByText('We are sending the medium today. Sorry for the trouble.')).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
}

test('a guest files a grievance from the contact page, gets its number by email, and support answers it', async ({
  page,
}, testInfo) => {
  await fileAndAnswer(page, testInfo, 1280);
});

test('@mobile a grievance filed and answered on a 360 px screen', async ({ page }, testInfo) => {
  await fileAndAnswer(page, testInfo, 360);
});
