/**
 * What every service stands on, opened once per process: the database, its pools, the event store,
 * the fan-out, file storage and metrics, and for the APIs sessions, read-model progress and write
 * positions. A service's factory takes it (command-api/src/service.ts and the others); its main.ts
 * opens one for itself, the one-process default one for all of them.
 */
import type { Config } from '../config/config';
import { openFileStorage } from '../files/open-file-storage';
import type { Logger } from '../observability/logger';
import { eventLoopDelayGauge, MetricsRegistry } from '../observability/metrics';
import type { EventStore } from '../ports/event-store';
import type { FileStorage } from '../ports/file-storage';
import type { FanOut } from '../ports/jobs';
import { createPool, type Pool } from '../postgres/pool';
import { openEventStore, openFanOut } from './adapters';
import { openApiEssentials, type ApiEssentials } from './api-essentials';
import { openDatabase, type Database } from './database';

export interface FoundationOptions {
  /** The process's pool: its size, and whether it serves derived work (projectors, stream) rather than requests. */
  pool: { size: number; derived?: boolean };
  /** A second pool for derived work beside the requests' (the one-process default). */
  derivedPoolSize?: number;
  /** Sessions, progress and write positions, for a process that serves the API. */
  apis?: boolean;
  /** Every service in this process: write positions stay in its memory. */
  oneProcess?: boolean;
  /** The clock the command side uses (tests move it). */
  now?: () => Date;
  /** Stop an embedded database ourselves, last (database.ts). */
  ownSession?: boolean;
}

export interface Foundation {
  config: Config;
  logger: Logger;
  metrics: MetricsRegistry;
  now?: () => Date;
  db: Database;
  pool: Pool;
  /** Projectors' and the stream's pool: the same as `pool` unless a second was asked for. */
  derivedPool: Pool;
  store: EventStore;
  fanOut: FanOut;
  files: FileStorage;
  /** Only with `apis`. */
  essentials: ApiEssentials | null;
  close(): Promise<void>;
}

export async function openFoundation(config: Config, logger: Logger, options: FoundationOptions): Promise<Foundation> {
  const db = await openDatabase(config, { quiet: process.env.LOG_LEVEL === 'silent', ownSession: options.ownSession });
  const pool = createPool(db.url, options.pool.size, { derived: options.pool.derived });
  const derivedPool = options.derivedPoolSize ? createPool(db.url, options.derivedPoolSize, { derived: true }) : pool;
  const essentials = options.apis ? await openApiEssentials(config, pool, { oneProcess: options.oneProcess, now: options.now }) : null;
  const store = essentials?.store ?? (await openEventStore(config, pool));
  const fanOut = openFanOut(config);
  const metrics = new MetricsRegistry();
  metrics.register(eventLoopDelayGauge());
  return {
    config,
    logger,
    metrics,
    now: options.now,
    db,
    pool,
    derivedPool,
    store,
    fanOut,
    files: openFileStorage(config),
    essentials,
    async close() {
      await fanOut.close();
      if (essentials) await essentials.close();
      else await store.close();
      await pool.end();
      if (derivedPool !== pool) await derivedPool.end();
      await db.stop();
    },
  };
}

/** The APIs' essentials of a foundation opened with `apis`. */
export function apiEssentials(foundation: Foundation): ApiEssentials {
  if (!foundation.essentials) throw new Error('this service serves the API: open its foundation with apis: true');
  return foundation.essentials;
}
