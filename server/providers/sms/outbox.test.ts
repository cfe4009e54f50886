import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxSmsProvider, maskPhone, readSmsOutbox } from './outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('outbox SMS provider', () => {
  it('writes each message as JSON and logs the masked number, never the text', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pehnava-sms-'));
    dirs.push(root);
    const dir = path.join(root, 'outbox', 'sms');
    const lines: string[] = [];
    const sms = createOutboxSmsProvider({
      dir,
      log: { info: (l) => lines.push(l), warn: (l) => lines.push(l) },
    });

    await sms.send({ to: '9876543210', text: 'Your Pehnava code is 654321' });

    const messages = await readSmsOutbox(dir);
    expect(messages.map(({ to, text }) => ({ to, text }))).toEqual([
      { to: '9876543210', text: 'Your Pehnava code is 654321' },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sms to \*{8}10 \(saved as .+\.json\)$/);
    expect(lines[0]).not.toContain('654321');
  });

  it('masks all but the last two digits', () => {
    expect(maskPhone('9876543210')).toBe('********10');
    expect(maskPhone('7')).toBe('**');
  });
});
