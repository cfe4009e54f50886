import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailProvider } from './smtp';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
  user: string | undefined;
}

/** A real SMTP server on an ephemeral port that keeps what it receives. */
async function startSmtpServer({ requireAuth }: { requireAuth: boolean }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: !requireAuth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 's3cret') return callback(null, { user: 'shop' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

describe('smtp mail provider', () => {
  it('delivers the message to an SMTP server: envelope, headers and body', async () => {
    const smtp = await startSmtpServer({ requireAuth: false });
    cleanup.push(smtp.close);
    const mail = createSmtpMailProvider({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Pehnava <no-reply@pehnava.test>',
    });
    cleanup.push(async () => mail.close?.());

    await mail.send({
      to: 'asha@example.com',
      subject: 'Your Pehnava password reset code',
      text: 'Your code is 123456. It is valid for 10 minutes.',
      html: '<p>Your code is <b>123456</b>.</p>',
    });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toBe('no-reply@pehnava.test');
    expect(message?.to).toEqual(['asha@example.com']);
    expect(message?.raw).toMatch(/^Subject: Your Pehnava password reset code$/m);
    expect(message?.raw).toMatch(/^To: asha@example\.com$/m);
    expect(message?.raw).toMatch(/^From: Pehnava <no-reply@pehnava\.test>$/m);
    expect(message?.raw).toContain('Your code is 123456. It is valid for 10 minutes.');
    expect(message?.raw).toContain('<b>123456</b>');
  });

  it('logs in with the credentials in SMTP_URL', async () => {
    const smtp = await startSmtpServer({ requireAuth: true });
    cleanup.push(smtp.close);
    const mail = createSmtpMailProvider({
      url: `smtp://shop:s3cret@127.0.0.1:${smtp.port}`,
      from: 'no-reply@pehnava.test',
    });
    await mail.send({ to: 'ravi@example.com', subject: 'Hello', text: 'Plain text only.' });
    expect(smtp.received.map((m) => [m.user, m.to])).toEqual([['shop', ['ravi@example.com']]]);
    expect(smtp.received[0]?.raw).not.toContain('text/html');
  });

  it('rejects when the server refuses the credentials', async () => {
    const smtp = await startSmtpServer({ requireAuth: true });
    cleanup.push(smtp.close);
    const mail = createSmtpMailProvider({
      url: `smtp://shop:wrong@127.0.0.1:${smtp.port}`,
      from: 'no-reply@pehnava.test',
    });
    await expect(mail.send({ to: 'ravi@example.com', subject: 'Hello', text: 'x' })).rejects.toThrow();
    expect(smtp.received).toEqual([]);
  });
});
