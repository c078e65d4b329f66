import type { Express } from 'express';
import { openCommandApi, type AdifExportJobs, type AdifImportJobs, type CommandApiOptions, type DailyAwardsJob } from '@hamlog/command-api';
import type { Config } from '@hamlog/infra/config/config';
import { edgeTrust } from '@hamlog/infra/http/client-address';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import { apiEssentials, openFoundation } from '@hamlog/infra/runtime/foundation';
import { serveParts } from '@hamlog/infra/runtime/service-part';
import { openProjectors } from '@hamlog/projectors';
import { openQueryApi } from '@hamlog/query-api';
import { openStream } from '@hamlog/stream';

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

/** Test knobs: the clock, and command-api's (the daily awards job's delays, ADIF import chunks). */
export interface EmbeddedServerOptions extends CommandApiOptions {
  now?: () => Date;
}

/**
 * Everything in one process: database (embedded unless DATABASE_URL), event store, the stream,
 * the projectors, command-api and query-api, each from its own service's factory, on one HTTP
 * server with the built client; the live websocket's ticks in a process of their own.
 */
export async function startEmbeddedServer(config: Config, logger: Logger, options: EmbeddedServerOptions = {}): Promise<RunningServer> {
  const foundation = await openFoundation(config, logger, { pool: { size: 20 }, derivedPoolSize: 12, apis: true, oneProcess: true, now: options.now, ownSession: true });
  // query-api first: its live gateway's process starts while the others open.
  const query = await openQueryApi(foundation, { live: 'own-process' });
  const stream = await openStream(foundation, 'hamlog-embedded');
  const projectors = await openProjectors(foundation, { others: () => [stream.forwarder] });
  const command = await openCommandApi(foundation, options);
  // Logging a QSO is the hot path: command-api's routers are matched first (after the news' lane).
  const served = await serveParts([stream, projectors, command, query], {
    logger,
    metrics: foundation.metrics,
    port: config.port,
    metricsToken: config.metricsToken,
    publicUrl: config.publicUrl,
    trustProxy: edgeTrust(config),
  });
  return {
    port: served.port,
    app: served.app,
    writePositions: apiEssentials(foundation).writePositions,
    awards: command.awards,
    adifExports: command.adifExports,
    adifImports: command.adifImports,
    /** Stops accepting, lets requests in flight finish (10 s at most), then stops the rest in order, the database last. */
    async stop() {
      await served.stop();
      await foundation.close();
    },
  };
}
