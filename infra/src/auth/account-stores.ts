import type { Config } from '../config/config';
import { openMailer } from '../mail/index';
import type { Logger } from '../observability/logger';
import type { Mailer } from '../ports/mail';
import { runMigrations } from '../postgres/migrations';
import type { Pool } from '../postgres/pool';
import { credentialsSealer } from '../confirmations/connection-store';
import { CredentialStore, credentialMigrations } from './credential-store';
import { PinStore, pinMigrations } from './pin-store';

/** What the account calls need beside the event store and sessions. */
export interface AccountStores {
  pins: PinStore;
  credentials: CredentialStore;
  mailer: Mailer;
}

/** Creates the PIN and credential tables (owner 'accounts') and picks the mail adapter. */
export async function openAccountStores(pool: Pool, config: Config, logger: Logger): Promise<AccountStores> {
  await runMigrations(pool, 'accounts', [...pinMigrations, ...credentialMigrations]);
  return { pins: new PinStore(pool), credentials: new CredentialStore(pool, credentialsSealer(pool, config.credentialsKey)), mailer: openMailer(config, logger) };
}
