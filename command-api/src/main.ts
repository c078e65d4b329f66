// command-api on its own (production shape): every write call, from environment variables.
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import { readConfig } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { serviceTrust } from '@hamlog/infra/http/client-address';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openAwardFacts, openJobQueue } from '@hamlog/infra/runtime/adapters';
import { openApiEssentials } from '@hamlog/infra/runtime/api-essentials';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { commandRouter } from './app';
import { cloudlogCommandRouter } from './cloudlog/cloudlog-router';
import { stripeWebhookRouter } from './payments/stripe-webhook-router';
import { startDailyAwardsJob } from './awards/daily-awards-job';
import { startAdifExportJobs } from './adif-export/adif-export-jobs';
import { startAdifImportJobs } from './import/adif-import-jobs';
import { WriteActivity } from './http/write-activity';

const config = readConfig();
const logger = createLogger('command-api');
const db = await openDatabase(config);
const pool = createPool(db.url, 20);
const essentials = await openApiEssentials(config, pool);
const { store, sessions, progress, writePositions } = essentials;
const accounts = await openAccountStores(pool, config, logger);
// The daily awards job runs beside the commands: it appends its results through the command path.
const jobs = openJobQueue(config, (job, error) => logger.error({ err: error, job: job.id }, 'job failed for good'));
const awardFacts = openAwardFacts(config, pool);
const awards = await startDailyAwardsJob(jobs, { store, pool, facts: awardFacts, progress, logger }, { logger });
// ADIF exports are written beside the commands too: they record their outcome as events.
const files = openFileStorage(config);
const adifExports = await startAdifExportJobs(jobs, { store, pool, files, progress, logger });
// Big ADIF imports run as jobs here; their progress lives in their streams.
const writeActivity = new WriteActivity();
const adifImports = await startAdifImportJobs(jobs, { store, pool, files, progress, writePositions, writeActivity, logger });

const deps = { store, sessions, logger, files, adifExports, adifImports, pool, accounts, progress, writePositions, writeActivity, registrationQuota: config.registrationQuota, qrzLogbookUrl: config.qrzLogbookUrl, postCaptchaSecret: config.postCaptchaSecret, stripe: config.stripe, publicUrl: config.publicUrl };

await runService({
  name: 'command-api',
  port: config.port,
  logger,
  apiRouters: [commandRouter(deps)],
  // The Cloudlog/Wavelog API's writes read their own bodies (decision 0036).
  ownBodyApi: [cloudlogCommandRouter(deps), stripeWebhookRouter(deps)],
  readinessChecks: [async () => void (await store.headPosition())],
  trustProxy: serviceTrust(config),
  onStop: async () => {
    await awards.stop();
    await adifExports.stop();
    await adifImports.stop();
    await jobs.close();
    await awardFacts.close();
    await essentials.close();
    await pool.end();
    await db.stop();
  },
});
