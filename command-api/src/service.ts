/**
 * command-api as a part of a server (infra/src/runtime/service-part.ts): every write call, and the
 * background work that appends through the command path (daily awards, ADIF exports and imports).
 * Its main.ts serves it alone; the one-process default serves it beside the others.
 */
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import { apiEssentials, type Foundation } from '@hamlog/infra/runtime/foundation';
import { openAwardFacts, openJobQueue, openLimitStore } from '@hamlog/infra/runtime/adapters';
import type { ServicePart } from '@hamlog/infra/runtime/service-part';
import { commandRouter } from './app';
import { startAdifExportJobs, type AdifExportJobs } from './adif-export/adif-export-jobs';
import { startDailyAwardsJob, type DailyAwardsJob } from './awards/daily-awards-job';
import { cloudlogCommandRouter } from './cloudlog/cloudlog-router';
import type { CommandDeps } from './deps';
import { WriteActivity } from './http/write-activity';
import { startAdifImportJobs, type AdifImportJobs } from './import/adif-import-jobs';
import { startConfirmationSyncJobs, type ConfirmationSyncJobs } from './confirmations/confirmation-sync-jobs';
import { serviceSyncs } from './confirmations/service-syncs';
import { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import { stripeWebhookRouter } from './payments/stripe-webhook-router';

/** Test knobs: the daily awards job's delays, and a background ADIF import's records per chunk and answer wait. */
export interface CommandApiOptions {
  awardsCatchUpDelayMs?: number;
  awardsFactsWaitMs?: number;
  awardsFactsRetryMs?: number;
  adifImportChunkRecords?: number;
  /** How long a big file's upload waits for its import's report (ADIF_IMPORT_ANSWER_WAIT_MS). */
  adifImportAnswerWaitMs?: number;
  /** How long after logging the confirmation sync runs, and QRZ's gap between calls (tests shorten both). */
  confirmationSyncAfterMs?: number;
  qrzCallGapMs?: number;
}

export interface CommandApi extends ServicePart {
  deps: CommandDeps;
  awards: DailyAwardsJob;
  adifExports: AdifExportJobs;
  adifImports: AdifImportJobs;
  confirmationSync: ConfirmationSyncJobs;
}

export async function openCommandApi(foundation: Foundation, options: CommandApiOptions = {}): Promise<CommandApi> {
  const { config, logger, pool, store, files, now } = foundation;
  const { sessions, progress, writePositions } = apiEssentials(foundation);
  const accounts = await openAccountStores(pool, config, logger);
  // The background jobs append their results through the command path.
  const jobs = openJobQueue(config, (job, error) => logger.error({ err: error, job: job.id }, 'job failed for good'));
  const awardFacts = openAwardFacts(config, pool);
  const awards = await startDailyAwardsJob(
    jobs,
    { store, pool, facts: awardFacts, progress, logger, factsWaitMs: options.awardsFactsWaitMs },
    { now, logger, catchUpDelayMs: options.awardsCatchUpDelayMs, factsRetryMs: options.awardsFactsRetryMs },
  );
  const adifExports = await startAdifExportJobs(jobs, { store, pool, files, progress, logger }, { now, logger });
  // Big ADIF imports yield while clients write: the same WriteActivity counts both.
  const writeActivity = new WriteActivity();
  const adifImports = await startAdifImportJobs(jobs, { store, pool, files, progress, writePositions, writeActivity, logger, now }, { chunkRecords: options.adifImportChunkRecords });
  const connections = new ConnectionStore(pool, config.credentialsKey);
  const confirmationSync = await startConfirmationSyncJobs(
    jobs,
    { store, pool, connections, progress, syncs: serviceSyncs(config, { qrzCallGapMs: options.qrzCallGapMs }), now: now ?? (() => new Date()) },
    { logger, afterLoggingMs: options.confirmationSyncAfterMs },
  );
  // Rate limits shared by every instance of the pool (Redis), else this process's own.
  const limits = openLimitStore(config);
  const deps: CommandDeps = {
    store, sessions, logger, files, pool, accounts, progress, writePositions, writeActivity, limits, now, adifExports, adifImports, connections, confirmationSync,
    registrationQuota: config.registrationQuota, qrzLogbookUrl: config.qrzLogbookUrl, stripe: config.stripe, publicUrl: config.publicUrl, adifUploads: config.adifUploads,
    adifImportAnswerWaitMs: options.adifImportAnswerWaitMs,
  };
  return {
    deps,
    awards,
    adifExports,
    adifImports,
    confirmationSync,
    apiRouters: [commandRouter(deps)],
    // The Cloudlog/Wavelog API's writes and Stripe's webhook read their own bodies (decision 0036).
    ownBodyApi: [cloudlogCommandRouter(deps), stripeWebhookRouter(deps)],
    readinessChecks: [async () => void (await store.headPosition())],
    async stop() {
      await awards.stop();
      await adifExports.stop();
      await adifImports.stop();
      await confirmationSync.stop();
      await jobs.close();
      await limits.close();
      await awardFacts.close();
    },
  };
}
