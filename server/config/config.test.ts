import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has working defaults for the demo shop', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED: 'demo',
      PAYMENT_PROVIDER: 'simulator',
      SHIPPING_PROVIDER: 'local',
      CAPTCHA_PROVIDER: 'off',
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('caches catalog answers for 30 seconds unless told otherwise', () => {
    expect(parseEnv({}).CATALOG_CACHE_SECONDS).toBe(30);
    expect(parseEnv({ CATALOG_CACHE_SECONDS: '0' }).CATALOG_CACHE_SECONDS).toBe(0);
    expect(parseEnv({ CATALOG_CACHE_SECONDS: '120' }).CATALOG_CACHE_SECONDS).toBe(120);
    for (const bad of ['-1', '1.5', 'soon', '86400']) {
      expect(problemsOf({ CATALOG_CACHE_SECONDS: bad }), bad).toEqual([
        expect.stringMatching(/^CATALOG_CACHE_SECONDS: /),
      ]);
    }
  });

  it('lists every bad value at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      SEED: 'lots',
      DATABASE_URL: 'mysql://x',
      SUPPORT_EMAIL: 'nope',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/SEED/);
    expect(problems.join('\n')).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems.join('\n')).toMatch(/SUPPORT_EMAIL/);
  });

  it('requires the secrets a chosen provider needs', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'razorpay' })).toEqual([
      'RAZORPAY_KEY_ID: is required when PAYMENT_PROVIDER=razorpay',
      'RAZORPAY_KEY_SECRET: is required when PAYMENT_PROVIDER=razorpay',
      'RAZORPAY_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=razorpay',
    ]);
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET: is required when NODE_ENV=production',
    ]);
    expect(problemsOf({ ADMIN_EMAIL: 'admin@example.com' })).toEqual([
      'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ]);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first.sessionSecret);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', TRUST_PROXY: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust every hop"', () => {
    const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    // `true` meant every hop, so the client's own leftmost X-Forwarded-For entry; now one hop.
    expect(trust('true')).toBe(1);
    expect(trust('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(trust(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', '10.0.0.0/8,', 'fd00::/129', '11', '-1', '1.5']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([expect.stringMatching(/^TRUST_PROXY: must be/)]);
    }
  });

  it('treats every variable set to the empty string (or blanks) as unset, so its default applies', () => {
    // A process manager or an .env file often exports a variable with no value.
    const env = parseEnv({
      NODE_ENV: '',
      PORT: '',
      HOST: '  ',
      SEED: '',
      PAYMENT_PROVIDER: '',
      SHIPPING_SIMULATOR_STEP_SECONDS: '',
      CAPTCHA_PROVIDER: '',
      LOG_LEVEL: '',
      TAX_PERCENT: '',
    });
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      SEED: 'demo',
      PAYMENT_PROVIDER: 'simulator',
      SHIPPING_SIMULATOR_STEP_SECONDS: 120,
      CAPTCHA_PROVIDER: 'off',
      LOG_LEVEL: 'info',
      TAX_PERCENT: 0,
    });
    expect(problemsOf({ NODE_ENV: 'production', SESSION_SECRET: '' })).toEqual([
      'SESSION_SECRET: is required when NODE_ENV=production',
    ]);
  });
});
