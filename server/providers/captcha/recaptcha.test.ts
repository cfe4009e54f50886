import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecaptchaProvider } from './recaptcha';

interface FakeVerifyServer {
  url: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/** A stand-in for Google's siteverify endpoint that answers `answer` (status and JSON body). */
async function startFakeVerify(answer: { status?: number; body: unknown }): Promise<FakeVerifyServer> {
  const requests: URLSearchParams[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server: Server = createServer(async (request, response) => {
    requests.push(new URLSearchParams(await readBody(request)));
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const servers: FakeVerifyServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function providerAnswering(answer: { status?: number; body: unknown }) {
  const fake = await startFakeVerify(answer);
  servers.push(fake);
  const warnings: string[] = [];
  const captcha = createRecaptchaProvider({
    secret: 'server-secret',
    verifyUrl: fake.url,
    log: { info: () => {}, warn: (line) => warnings.push(line) },
  });
  return { captcha, fake, warnings };
}

describe('reCAPTCHA provider', () => {
  it('passes a successful answer for the expected action with a good score, sending secret and token', async () => {
    const { captcha, fake } = await providerAnswering({
      body: { success: true, score: 0.9, action: 'forgot_password', hostname: 'shop.example' },
    });
    expect(await captcha.verify('browser-token', 'forgot_password', '203.0.113.7')).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(1);
    expect(Object.fromEntries(fake.requests[0] ?? [])).toEqual({
      secret: 'server-secret',
      response: 'browser-token',
      remoteip: '203.0.113.7',
    });
  });

  it('accepts a score of exactly 0.5', async () => {
    const { captcha } = await providerAnswering({ body: { success: true, score: 0.5, action: 'login' } });
    expect(await captcha.verify('t', 'login')).toEqual({ ok: true });
  });

  it('refuses a token issued for another action', async () => {
    const { captcha } = await providerAnswering({ body: { success: true, score: 0.9, action: 'login' } });
    expect(await captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'wrong-action' });
  });

  it('refuses a low score', async () => {
    const { captcha } = await providerAnswering({
      body: { success: true, score: 0.3, action: 'forgot_password' },
    });
    expect(await captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'low-score' });
  });

  it('refuses an answer without success', async () => {
    const { captcha } = await providerAnswering({
      body: { success: false, 'error-codes': ['invalid-input-response'] },
    });
    expect(await captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'rejected' });
  });

  it('refuses a missing token without asking the service', async () => {
    const { captcha, fake } = await providerAnswering({ body: { success: true } });
    expect(await captcha.verify(undefined, 'forgot_password')).toEqual({
      ok: false,
      reason: 'missing-token',
    });
    expect(await captcha.verify('', 'forgot_password')).toEqual({ ok: false, reason: 'missing-token' });
    expect(fake.requests).toEqual([]);
  });

  it('fails closed when the service answers an error or nonsense', async () => {
    const broken = await providerAnswering({ status: 500, body: { success: true } });
    expect(await broken.captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'unavailable' });
    const garbled = await providerAnswering({ body: 'not json' });
    expect(await garbled.captcha.verify('t', 'forgot_password')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(garbled.warnings).toHaveLength(1);
  });

  it('fails closed when the service cannot be reached', async () => {
    const fake = await startFakeVerify({ body: { success: true } });
    await fake.close();
    const warnings: string[] = [];
    const captcha = createRecaptchaProvider({
      secret: 's',
      verifyUrl: fake.url,
      log: { info: () => {}, warn: (line) => warnings.push(line) },
    });
    expect(await captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'unavailable' });
    expect(warnings[0]).toMatch(/^recaptcha: verification unavailable/);
  });

  it('fails closed when the service is too slow', async () => {
    const server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const captcha = createRecaptchaProvider({
      secret: 's',
      verifyUrl: `http://127.0.0.1:${port}/`,
      timeoutMs: 50,
      log: { info: () => {}, warn: () => {} },
    });
    try {
      expect(await captcha.verify('t', 'forgot_password')).toEqual({ ok: false, reason: 'unavailable' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
