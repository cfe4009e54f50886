import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../config/config';
import { createShippingProvider } from '../index';
import { silentLogger } from '../logger';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-shipping-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const shiprocketEnv = {
  SHIPPING_PROVIDER: 'shiprocket',
  SHIPROCKET_EMAIL: 'api-user@pehnava.in',
  SHIPROCKET_PASSWORD: 'Api#Secret2026',
  SHIPROCKET_PICKUP_PINCODE: '110020',
  SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789abcdef',
};

describe('shipping configuration', () => {
  it('defaults to the local simulator stepping every 2 minutes', () => {
    const env = parseEnv({});
    expect(env.SHIPPING_PROVIDER).toBe('local');
    expect(env.SHIPPING_SIMULATOR_STEP_SECONDS).toBe(120);
    const provider = createShippingProvider(loadConfig({ DATA_DIR: dataDir }), { log: silentLogger });
    expect(provider.name).toBe('local');
    expect(provider.simulation).toEqual({ stepMs: 120_000 });
  });

  it('takes a faster simulator step, in whole seconds of at least 1', () => {
    const config = loadConfig({ DATA_DIR: dataDir, SHIPPING_SIMULATOR_STEP_SECONDS: '2' });
    expect(createShippingProvider(config, { log: silentLogger }).simulation).toEqual({ stepMs: 2000 });
    for (const bad of ['0', '1.5', 'soon']) {
      expect(problemsOf({ SHIPPING_SIMULATOR_STEP_SECONDS: bad }), bad).toEqual([
        expect.stringMatching(/^SHIPPING_SIMULATOR_STEP_SECONDS: /),
      ]);
    }
  });

  it('names every missing Shiprocket setting', () => {
    expect(problemsOf({ SHIPPING_PROVIDER: 'shiprocket' })).toEqual([
      'SHIPROCKET_EMAIL: is required when SHIPPING_PROVIDER=shiprocket',
      'SHIPROCKET_PASSWORD: is required when SHIPPING_PROVIDER=shiprocket',
      'SHIPROCKET_PICKUP_PINCODE: is required when SHIPPING_PROVIDER=shiprocket',
      'SHIPROCKET_WEBHOOK_TOKEN: is required when SHIPPING_PROVIDER=shiprocket',
    ]);
  });

  it('refuses a bad pickup pincode and a short webhook token', () => {
    expect(
      problemsOf({
        ...shiprocketEnv,
        SHIPROCKET_PICKUP_PINCODE: '011001',
        SHIPROCKET_WEBHOOK_TOKEN: 'short',
      }),
    ).toEqual([
      'SHIPROCKET_PICKUP_PINCODE: must be a 6-digit pincode',
      'SHIPROCKET_WEBHOOK_TOKEN: must be at least 16 characters',
    ]);
  });

  it('chooses Shiprocket when it is configured, with its tracking webhook', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...shiprocketEnv });
    expect(config.SHIPROCKET_PICKUP_LOCATION).toBe('Primary');
    const provider = createShippingProvider(config, { log: silentLogger });
    expect(provider.name).toBe('shiprocket');
    expect(provider.simulation).toBeUndefined();
    expect(provider.webhook?.verify({ 'x-api-key': shiprocketEnv.SHIPROCKET_WEBHOOK_TOKEN })).toBe(true);
  });
});
