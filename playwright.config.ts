import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/staff';

const port = Number(process.env.E2E_PORT ?? 3199);
// E2E_BASE_URL runs the journeys against a shop that is already running (handy while developing).
const externalBaseUrl = process.env.E2E_BASE_URL;
// A fresh data folder per run: the journeys always start from the demo shop on an empty database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'pehnava-e2e-'));
// The password-recovery journey (e2e/accounts.spec.ts) listens here with a real SMTP server and reads the OTP.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 } },
      grep: /@mobile/,
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node --import tsx server/main.ts',
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED: 'demo',
          // The journeys sign up many shoppers from one address; the default allows 10 an hour.
          SIGNUPS_PER_HOUR: '1000',
          // And sign in staff and shoppers from it far more often than 30 times in 15 minutes.
          SIGNINS_PER_ADDRESS: '1000',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          // Staff steps of the journeys (approving a review) sign in as this admin through the API.
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
        },
      },
});
