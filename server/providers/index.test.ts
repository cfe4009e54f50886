import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createProviders } from './index';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-providers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const collect = () => {
  const lines: string[] = [];
  return { lines, log: { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(`WARN ${l}`) } };
};

describe('createProviders', () => {
  it('chooses the simulators by default', () => {
    const { log, lines } = collect();
    const providers = createProviders(loadConfig({ DATA_DIR: dataDir }), { log });
    expect([providers.mail.name, providers.captcha.name, providers.sms.name]).toEqual([
      'outbox',
      'off',
      'outbox',
    ]);
    expect(lines).toEqual([]);
  });

  it('chooses SMTP and reCAPTCHA when configured', () => {
    const { log } = collect();
    const providers = createProviders(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SECRET: 'secret',
        RECAPTCHA_SITE_KEY: 'site',
      }),
      { log },
    );
    expect([providers.mail.name, providers.captcha.name]).toEqual(['smtp', 'recaptcha']);
  });

  it('warns in production when mail and SMS only reach the outbox and payments are simulated', () => {
    const { log, lines } = collect();
    createProviders(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }),
      { log },
    );
    expect(lines).toEqual([
      expect.stringMatching(/^WARN SMTP_URL is not set/),
      expect.stringMatching(/^WARN no SMS provider/),
      expect.stringMatching(/^WARN PAYMENT_PROVIDER is the simulator/),
    ]);
  });

  it('chooses the payment simulator by default and Razorpay with its keys', () => {
    const { log } = collect();
    expect(createProviders(loadConfig({ DATA_DIR: dataDir }), { log }).payment).toMatchObject({
      name: 'simulator',
      keyId: 'rzp_simulator',
    });
    const razorpay = createProviders(
      loadConfig({
        DATA_DIR: dataDir,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_key',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      }),
      { log },
    ).payment;
    expect(razorpay).toMatchObject({ name: 'razorpay', keyId: 'rzp_test_key' });
    expect(razorpay.routes).toBeUndefined();
  });
});
