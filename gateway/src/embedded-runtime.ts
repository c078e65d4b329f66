import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { cloudlogCommandRouter, commandRouter, stripeWebhookRouter, startAdifExportJobs, startAdifImportJobs, startDailyAwardsJob, WriteActivity, type AdifExportJobs, type AdifImportJobs, type DailyAwardsJob } from '@hamlog/command-api';
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import type { Config } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { createHttpApp } from '@hamlog/infra/http/app';
import { edgeTrust } from '@hamlog/infra/http/client-address';
import type { Logger } from '@hamlog/infra/observability/logger';
import { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { createPool } from '@hamlog/infra/postgres/pool';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import { openAwardFacts, openContestScores, openFanOut, openJobQueue, openLeaderboards, openPlatformStats, openStationStats } from '@hamlog/infra/runtime/adapters';
import { ReleasesFeed } from '@hamlog/infra/downloads/releases-feed';
import { openApiEssentials } from '@hamlog/infra/runtime/api-essentials';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { startProjectors } from '@hamlog/projectors';
import { attachLiveSocket, cloudlogQueryRouter, publicReads, qsoPageFromReadModel, queryRouter } from '@hamlog/query-api';
import { startStreamPipeline } from '@hamlog/stream';

export interface RunningServer {
  port: number;
  /** The express app serving every call (tests walk its routes). */
  app: Express;
  /** Each user's latest write, which their reads wait for (tests move one ahead of the read models). */
  writePositions: WritePositions;
  /** The daily awards job (tests run it at their own clock's time). */
  awards: DailyAwardsJob;
  /** The ADIF export worker (tests run its sweep at their own clock's time). */
  adifExports: AdifExportJobs;
  /** The background ADIF imports (tests resume them after a restart). */
  adifImports: AdifImportJobs;
  stop(): Promise<void>;
}

/** Test knobs: the clock, and the daily awards job's delays (catch-up at start, the wait for the QSO facts and its retry). */
export interface EmbeddedServerOptions {
  now?: () => Date;
  awardsCatchUpDelayMs?: number;
  awardsFactsWaitMs?: number;
  awardsFactsRetryMs?: number;
  /** Records per chunk of a background ADIF import (tests stop a server between small chunks). */
  adifImportChunkRecords?: number;
}

/**
 * Everything in one process: database (embedded unless DATABASE_URL), event store, projectors,
 * stream forwarder and consumers, the command and query APIs and the built client.
 */
export async function startEmbeddedServer(config: Config, logger: Logger, options: EmbeddedServerOptions = {}): Promise<RunningServer> {
  const db = await openDatabase(config, { quiet: process.env.LOG_LEVEL === 'silent', ownSession: true });
  const pool = createPool(db.url, 20);
  const derivedPool = createPool(db.url, 12, { derived: true });
  const essentials = await openApiEssentials(config, pool, { oneProcess: true, now: options.now });
  const { store, sessions, progress, writePositions } = essentials;
  const accounts = await openAccountStores(pool, config, logger);

  const files = openFileStorage(config);
  const metrics = new MetricsRegistry();
  const pipeline = await startStreamPipeline(store, derivedPool, config, logger, 'hamlog-embedded');
  const { aggregates } = pipeline;
  const projectors = await startProjectors(store, derivedPool, metrics, {
    logger,
    others: () => [pipeline.forwarder],
    onProgress: (name, position) => progress.report(name, position),
  });

  const contestScores = openContestScores(config, pool);
  const leaderboards = openLeaderboards(config, pool);
  const stationStats = openStationStats(config, pool);
  const platformStats = openPlatformStats(config, pool);
  const releases = new ReleasesFeed({ url: config.releasesFeedUrl, pool, logger });
  const jobs = openJobQueue(config, (job, error) => logger.error({ err: error, job: job.id }, 'job failed for good'));
  const awardFacts = openAwardFacts(config, pool);
  const awards = await startDailyAwardsJob(
    jobs,
    { store, pool, facts: awardFacts, progress, logger, factsWaitMs: options.awardsFactsWaitMs },
    { now: options.now, logger, catchUpDelayMs: options.awardsCatchUpDelayMs, factsRetryMs: options.awardsFactsRetryMs },
  );
  const adifExports = await startAdifExportJobs(jobs, { store, pool, files, progress, logger }, { now: options.now, logger });
  const writeActivity = new WriteActivity();
  const adifImports = await startAdifImportJobs(jobs, { store, pool, files, progress, writePositions, writeActivity, logger, now: options.now }, { chunkRecords: options.adifImportChunkRecords });
  const queryDeps = { pool, sessions, progress, writePositions, aggregates, contestScores, leaderboards, stationStats, platformStats, releases, logger, store, files, publicUrl: config.publicUrl };
  const commandDeps = { store, sessions, logger, files, pool, accounts, progress, writePositions, writeActivity, registrationQuota: config.registrationQuota, qrzLogbookUrl: config.qrzLogbookUrl, postCaptchaSecret: config.postCaptchaSecret, stripe: config.stripe, publicUrl: config.publicUrl, adifExports, adifImports, now: options.now };
  const reads = publicReads(queryDeps);
  const { app, handle } = createHttpApp({
    logger,
    metrics,
    readinessChecks: [async () => void (await pool.query('SELECT 1'))],
    apiRouters: [reads.apiRouter, commandRouter(commandDeps), queryRouter(queryDeps)],
    // The Cloudlog/Wavelog API reads its own bodies (decision 0036).
    ownBodyApi: [cloudlogCommandRouter(commandDeps), cloudlogQueryRouter(queryDeps), stripeWebhookRouter(commandDeps)],
    rootRouters: [reads.rootRouter],
    fastRoutes: reads.fastRoutes,
    webDist: config.webDist,
    metricsToken: config.metricsToken,
    renderIndex: qsoPageFromReadModel(pool, config.publicUrl),
    trustProxy: edgeTrust(config),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(handle).listen(config.port, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const fanOut = openFanOut(config);
  const liveSocket = await attachLiveSocket(server, { fanOut, logger, metrics });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    port,
    app,
    writePositions,
    awards,
    adifExports,
    adifImports,
    /** Stops accepting, lets requests in flight finish (10 s at most), then stops the rest in order. */
    async stop() {
      const cutOff = setTimeout(() => server.closeAllConnections(), 10_000);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // server.close() waits for upgraded sockets too: the websocket clients go first.
      await liveSocket.close();
      await fanOut.close();
      await closed;
      clearTimeout(cutOff);
      server.closeAllConnections();
      await awards.stop();
      await adifExports.stop();
      await adifImports.stop();
      await jobs.close();
      await awardFacts.close();
      await pipeline.stop();
      await contestScores.close();
      await leaderboards.close();
      await stationStats.close();
      await platformStats.close();
      await Promise.all(projectors.map((p) => p.stop()));
      await essentials.close();
      await pool.end();
      await derivedPool.end();
      await db.stop();
    },
  };
}
