import { join } from 'node:path';
import type { Config } from '../config/config';
import type { Logger } from '../observability/logger';
import type { Mailer } from '../ports/mail';
import { FileMailbox } from './file-mailbox';
import { SmtpMailer } from './smtp';

/** SMTP when SMTP_URL is set, else files under DATA_DIR/mail (printed to the log as well). */
export function openMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new FileMailbox(join(config.dataDir, 'mail'), config.mailFrom, logger);
}
