import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailboxFile } from '@hamlog/infra/mail/file-mailbox';

/** The mails the embedded mailbox wrote under dataDir/mail, oldest first. */
export async function readMailbox(dataDir: string): Promise<MailboxFile[]> {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as MailboxFile));
}

/** The PIN of the latest PIN mail to this address ('PIN: 12345678' line), or null. */
export async function latestPin(dataDir: string, to: string): Promise<string | null> {
  const pins = (await readMailbox(dataDir)).filter((m) => m.to === to).map((m) => /^PIN: (\d+)$/m.exec(m.text)?.[1]);
  return pins.filter((pin) => pin !== undefined).pop() ?? null;
}
