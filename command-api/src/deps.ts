import type { AccountStores } from '@hamlog/infra/auth/account-stores';
import type { SessionStore } from '@hamlog/infra/auth/session-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { LimitStore } from '@hamlog/infra/ports/limit-store';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { StripeSettings } from '@hamlog/infra/payments/stripe-config';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import type { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import type { ConfirmationSyncJobs } from './confirmations/confirmation-sync-jobs';
import type { WriteActivity } from './http/write-activity';
import type { QsoImportReport } from './import/import-qso-records';

export interface CommandDeps {
  store: EventStore;
  sessions: SessionStore;
  logger: Logger;
  /** Uploaded files (QSO recordings, SSTV images). */
  files: FileStorage;
  /** Read models, for look-ups a command needs before it is decided (the API key's owner). */
  pool: Pool;
  /** One-time PINs, third-party credentials and mail, for the account calls. */
  accounts: AccountStores;
  /** How far the read models are; lets a command whose effect must be visible at once wait for it (a new API key). */
  progress?: ProjectionProgress;
  /** Where each answered write's position is remembered for the writer's next reads. */
  writePositions: WritePositions;
  /** Notes each answered write, so background imports yield while clients write (the same instance as the import jobs'). */
  writeActivity?: WriteActivity;
  /** Where the rate limits count (openLimitStore: Redis with REDIS_URL, else this process's memory; decision 0047). */
  limits: LimitStore;
  /** Limit registrations per client address (Config.registrationQuota); on unless false. */
  registrationQuota?: boolean;
  /** QRZ's Logbook API (Config.qrzLogbookUrl), which the QRZ import fetches from. */
  qrzLogbookUrl: string;
  /** Stripe (Config.stripe); null or absent: payments are off and their calls say so. */
  stripe?: StripeSettings | null;
  /** The site's public address (Config.publicUrl), for Stripe's return addresses; unset: the request's origin. */
  publicUrl?: string | undefined;
  /** Users' connections to LoTW, QRZ, Club Log and eQSL (sealed credentials, sync state). */
  connections?: ConnectionStore;
  /** The confirmation sync jobs ('Sync now'); absent: the calls answer 503. */
  confirmationSync?: ConfirmationSyncJobs;
  now?: () => Date;
  /** Runs requested ADIF exports in the background (adif-export/adif-export-jobs.ts); without it a request waits for a worker's sweep. */
  adifExports?: { run(jobId: string): Promise<void> };
  /** Runs big ADIF imports in the background (import/adif-import-jobs.ts); without it every file is imported while its upload waits. */
  adifImports?: {
    run(importId: string): Promise<void>;
    /** An upload has begun: the thread that decides files is readied. */
    warm(): void;
    /** The import's report once it is over here, or null after `timeoutMs`. */
    finished(importId: string, timeoutMs: number): Promise<QsoImportReport | null>;
  };
  /** How long the upload of a big ADIF file waits for its report (ADIF_IMPORT_ANSWER_WAIT_MS; tests set 0). */
  adifImportAnswerWaitMs?: number;
  /** ADIF files received at once, per user and in all (Config.adifUploads, decision 0048); absent: the domain's defaults. */
  adifUploads?: { perUser: number; total: number };
}
