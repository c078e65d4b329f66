import { isSyncedService, type SyncedService } from '@hamlog/domain';
import type { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { JobQueue } from '@hamlog/infra/ports/jobs';
import { runSync, SyncRetryLater, type SyncDeps } from './run-sync';

export const CONFIRMATION_SYNC_QUEUE = 'confirmation-sync';
const SYNC = 'sync';
const SWEEP = 'sweep';
const ATTEMPTS = 6;
/** How stale the list of automatic connections may be: a connection made on another instance wakes on QSOs after at most this. */
const AUTOMATIC_REFRESH_MS = 15_000;

/** `load`'s answer, asked again once it is older than `maxAgeMs` (a failed load is asked again next time). */
function refreshedEvery<T>(maxAgeMs: number, load: () => Promise<T>): { get(): Promise<T>; forget(): void } {
  let value: Promise<T> | null = null;
  let loadedAt = 0;
  return {
    get() {
      if (!value || Date.now() - loadedAt > maxAgeMs) {
        loadedAt = Date.now();
        value = load().catch((error: unknown) => {
          value = null;
          throw error;
        });
      }
      return value;
    },
    forget() {
      value = null;
    },
  };
}

/** A sweep this long after the process starts catches up on syncs a restart interrupted. */
const START_SWEEP_DELAY_MS = 30_000;
/** After a QSO is logged, its services are synced this much later: a run of QSOs goes in one sync. */
export const SYNC_AFTER_LOGGING_MS = 20_000;

export interface ConfirmationSyncJobs {
  /** A connection made, changed or removed in this process: the next QSOs see it at once. */
  connectionsChanged(): void;
  /** The user wrote (logged, corrected, imported): their automatic services sync a little later. */
  noteWrite(userId: string): void;
  /** 'Sync now': the user's service, as soon as a worker is free. */
  syncNow(userId: string, service: SyncedService): Promise<void>;
  stop(): Promise<void>;
}

export interface ConfirmationSyncOptions {
  logger?: Logger;
  /** How long after logging the sync runs (tests shorten it). */
  afterLoggingMs?: number;
  startSweepDelayMs?: number;
}

interface SyncJob {
  userId?: string;
  service?: string;
  /** Woken by a write: confirmations are fetched at most hourly then (the services ask for few requests). */
  afterWrite?: boolean;
}

/**
 * One background job per user and service (its job id), durable where the queue is (BullMQ with
 * REDIS_URL) and retried with backoff when the service is down. Logging never waits for it: an
 * answered write wakes the writer's automatic services a little later (noteWrite, a look-up in
 * memory). A daily sweep fetches confirmations for every automatic connection.
 */
export async function startConfirmationSyncJobs(jobs: JobQueue, deps: SyncDeps & { connections: ConnectionStore }, options: ConfirmationSyncOptions = {}): Promise<ConfirmationSyncJobs> {
  const { logger } = options;
  const afterLoggingMs = options.afterLoggingMs ?? SYNC_AFTER_LOGGING_MS;
  /**
   * One job per user, service and window of time: the QSOs of a busy hour wake one sync per window,
   * not one each. A job that runs while another of the same user and service does waits for it
   * (runSync's lock), then finds only what is still to send.
   */
  const enqueue = async (userId: string, service: SyncedService, delayMs: number) => {
    const window = Math.floor((Date.now() + delayMs) / Math.max(afterLoggingMs, 1_000));
    await jobs.enqueue<SyncJob>(CONFIRMATION_SYNC_QUEUE, SYNC, { userId, service, ...(delayMs > 0 ? { afterWrite: true } : {}) }, { jobId: `sync:${service}:${userId}:${delayMs > 0 ? window : `now-${window}`}`, attempts: ATTEMPTS, ...(delayMs > 0 ? { delayMs } : {}) });
  };

  const worker = await jobs.work<SyncJob>(CONFIRMATION_SYNC_QUEUE, async (job) => {
    if (job.name === SWEEP) {
      for (const { userId, service } of await deps.connections.allAutoSyncing()) await enqueue(userId, service, 0);
      return;
    }
    const { userId, service } = job.data;
    if (typeof userId !== 'string' || !isSyncedService(service)) return;
    try {
      const run = await runSync(deps, userId, service, { download: job.data.afterWrite ? 'hourly' : 'always' });
      if (run) logger?.info({ userId, service, ...run }, 'confirmation sync done');
    } catch (error) {
      if (error instanceof SyncRetryLater) logger?.warn({ userId, service, reason: error.message, attempt: job.attempt }, 'confirmation sync will try again');
      else {
        logger?.error({ err: error, userId, service }, 'confirmation sync failed');
        await deps.connections.setStatus(userId, service, 'error', 'The sync failed; HamLog will try again later.').catch(() => {});
      }
      throw error;
    }
  });

  // Who syncs automatically is read once a while, not per write (a contest logs many a second).
  const automatic = refreshedEvery(AUTOMATIC_REFRESH_MS, async () => {
    const byUser = new Map<string, SyncedService[]>();
    for (const { userId, service } of await deps.connections.allAutoSyncing()) byUser.set(userId, [...(byUser.get(userId) ?? []), service]);
    return byUser;
  });

  await jobs.scheduleDaily(CONFIRMATION_SYNC_QUEUE, 'confirmation-sweep', { hour: 4, minute: 17 }, { name: SWEEP, data: {} });
  // After a restart (the embedded default's queue is in memory): whatever was waiting is sent.
  await jobs.enqueue(CONFIRMATION_SYNC_QUEUE, SWEEP, {}, { jobId: `sweep-at-start:${Math.floor(Date.now() / 60_000)}`, delayMs: options.startSweepDelayMs ?? START_SWEEP_DELAY_MS });

  return {
    connectionsChanged() {
      automatic.forget();
    },
    async syncNow(userId, service) {
      await deps.connections.queued(userId, service);
      await enqueue(userId, service, 0);
    },
    noteWrite(userId) {
      void automatic
        .get()
        .then(async (byUser) => {
          for (const service of byUser.get(userId) ?? []) await enqueue(userId, service, afterLoggingMs);
        })
        // A missed wake-up is caught by the next write, 'Sync now' or the sweeps.
        .catch((error: unknown) => logger?.warn({ err: error, userId }, 'confirmation sync could not be woken'));
    },
    async stop() {
      await worker.close();
    },
  };
}
