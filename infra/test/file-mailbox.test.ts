import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FileMailbox, type MailboxFile } from '../src/mail/file-mailbox';

describe('FileMailbox', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('writes one JSON file per message, in time order, and prints it to the log', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mailbox-'));
    dirs.push(root);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailbox = new FileMailbox(join(root, 'mail'), 'HamLog <no-reply@hamlog.invalid>', logger);
    await mailbox.send({ to: 'a@example.com', subject: 'First', text: 'Hello\nPIN: 12345678\n' });
    await mailbox.send({ to: 'b@example.com', subject: 'Second', text: 'Bye' });
    const names = (await readdir(join(root, 'mail'))).sort();
    expect(names).toHaveLength(2);
    const first = JSON.parse(await readFile(join(root, 'mail', names[0] ?? ''), 'utf8')) as MailboxFile;
    expect(first).toMatchObject({ to: 'a@example.com', from: 'HamLog <no-reply@hamlog.invalid>', subject: 'First' });
    expect(/^PIN: (\d+)$/m.exec(first.text)?.[1]).toBe('12345678');
    expect(Date.parse(first.sentAt)).not.toBeNaN();
    expect(lines.join('')).toContain('PIN: 12345678');
  });
});
