import { describe, expect, it } from 'vitest';
import type { MailMessage, MailProvider } from '../../providers';
import { createBackgroundMailer } from './background-mail';

const message: MailMessage = { to: 'asha@example.in', subject: 'Code', text: '123456' };

/** A provider whose deliveries finish only when the test says so. */
function controllableProvider() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const provider: MailProvider = {
    name: 'controllable',
    send: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  };
  return { provider, pending };
}

describe('background mailer', () => {
  it('returns at once and lets idle() wait for the delivery', async () => {
    const { provider, pending } = controllableProvider();
    const mailer = createBackgroundMailer(provider, () => {});
    mailer.send(message);
    expect(pending).toHaveLength(1);
    let idle = false;
    const waiting = mailer.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    pending[0]?.resolve();
    await waiting;
    expect(idle).toBe(true);
  });

  it('reports a failed delivery instead of throwing', async () => {
    const { provider, pending } = controllableProvider();
    const failures: [unknown, MailMessage][] = [];
    const mailer = createBackgroundMailer(provider, (error, failed) => failures.push([error, failed]));
    mailer.send(message);
    pending[0]?.reject(new Error('smtp down'));
    await mailer.idle();
    expect(failures).toEqual([[new Error('smtp down'), message]]);
  });
});
