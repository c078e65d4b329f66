import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../observability/logger';
import type { Mailer, MailMessage } from '../ports/mail';

/** What a file in the mailbox holds (one JSON object per message). */
export interface MailboxFile extends MailMessage {
  id: string;
  from: string;
  /** ISO 8601 UTC. */
  sentAt: string;
}

let sequence = 0;

/**
 * The embedded mail adapter: each message becomes `{dir}/{sentAt}-{sequence}-{id}.json` (so names
 * sort by time, also within one millisecond) and is printed to the log. A PIN mail's text has a
 * line 'PIN: 12345678'.
 */
export class FileMailbox implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const file: MailboxFile = { id: randomUUID(), from: this.from, sentAt: new Date().toISOString(), ...message };
    await mkdir(this.dir, { recursive: true });
    sequence = (sequence + 1) % 1_000_000;
    const name = `${file.sentAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${file.id}.json`;
    await writeFile(join(this.dir, name), `${JSON.stringify(file, null, 2)}\n`, { flag: 'wx' });
    this.logger.info({ mail: { to: file.to, subject: file.subject, file: name } }, `mail to ${file.to}: ${file.subject}\n${file.text}`);
  }
}
