import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailProvider, readMailOutbox } from './outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('outbox mail provider', () => {
  it('writes each message as .eml and .json and logs one line without the body', async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pehnava-outbox-')), 'outbox');
    dirs.push(path.dirname(dir));
    const lines: string[] = [];
    const mail = createOutboxMailProvider({
      dir,
      from: 'Pehnava <no-reply@pehnava.test>',
      log: { info: (line) => lines.push(line), warn: (line) => lines.push(line) },
    });

    await mail.send({ to: 'asha@example.com', subject: 'First', text: 'Code 111111' });
    await mail.send({ to: 'ravi@example.com', subject: 'Second', text: 'Code 222222', html: '<p>2</p>' });

    const messages = await readMailOutbox(dir);
    expect(messages.map(({ to, subject, text, html }) => ({ to, subject, text, html }))).toEqual([
      { to: 'asha@example.com', subject: 'First', text: 'Code 111111', html: undefined },
      { to: 'ravi@example.com', subject: 'Second', text: 'Code 222222', html: '<p>2</p>' },
    ]);
    expect(messages[0]?.from).toBe('Pehnava <no-reply@pehnava.test>');

    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    const eml = readFileSync(path.join(dir, files.find((f) => f.endsWith('.eml')) ?? ''), 'utf8');
    expect(eml).toMatch(/^Subject: First$/m);
    expect(eml).toMatch(/^To: asha@example\.com$/m);
    expect(eml).toContain('Code 111111');

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^mail to asha@example\.com: First \(saved as .+\.eml\)$/);
    expect(lines.join('\n')).not.toContain('111111');
  });

  it('reads an outbox that was never written as empty', async () => {
    expect(await readMailOutbox(path.join(os.tmpdir(), 'pehnava-no-such-outbox'))).toEqual([]);
  });
});
