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

const pinsOf = async (dataDir: string, to: string): Promise<string[]> =>
  (await readMailbox(dataDir)).filter((m) => m.to === to).flatMap((m) => /^PIN: (\d+)$/m.exec(m.text)?.[1] ?? []);

/** How many PIN mails to each address the last look found, so the next look waits for a newer one. */
const pinsSeen = new Map<string, number>();

/**
 * The PIN of the newest PIN mail to this address, waiting (up to `timeoutMs`) for one newer than
 * the last look found: /vsendpin answers after a fixed time (issue 20) and a slow mail may still be
 * on its way then. Each look follows a request that mails a PIN.
 */
export async function latestPin(dataDir: string, to: string, timeoutMs = 10_000): Promise<string> {
  const key = `${dataDir}|${to}`;
  const seen = pinsSeen.get(key) ?? 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pins = await pinsOf(dataDir, to);
    if (pins.length > seen) {
      pinsSeen.set(key, pins.length);
      return pins.at(-1)!;
    }
    if (Date.now() > deadline) throw new Error(`no new PIN mail to ${to} (${seen} seen before) in ${join(dataDir, 'mail')} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
