import type { SyncedService } from '@hamlog/domain';
import type { ConnectionStore } from '@hamlog/infra/confirmations/connection-store';
import { isFailure, type ServiceFailure } from '@hamlog/infra/confirmations/outcome';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { withNamedLock } from '@hamlog/infra/postgres/named-lock';
import { pendingQsos } from '@hamlog/infra/read-models/logbook/service-queries';
import { loadStationCallsign } from '../users/station';
import { applyConfirmations, markSent, type SyncWriteDeps } from './apply-sync';
import { adifToday } from './report-records';
import type { ServiceSync } from './service-sync';

export interface SyncDeps extends SyncWriteDeps {
  connections: ConnectionStore;
  progress?: Pick<ProjectionProgress, 'waitFor'>;
  syncs: Readonly<Record<SyncedService, ServiceSync>>;
  now: () => Date;
}

/** The service could not be reached or failed: the job tries again later (its backoff). */
export class SyncRetryLater extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SyncRetryLater';
  }
}

/** Batches one run sends at most (a new log's backlog goes over several runs' worth of rounds). */
const MAX_ROUNDS = 50;
const LOGBOOK_WAIT_MS = 30_000;
export const SYNC_CAUSE = 'confirmation-sync';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface SyncRun {
  sent: number;
  rejected: number;
  confirmed: number;
  notInLog: number;
}

export function syncSummary(run: SyncRun): string {
  const parts = [`sent ${plural(run.sent, 'QSO')}`, `${plural(run.confirmed, 'QSO')} newly confirmed`];
  if (run.rejected > 0) parts.push(`${plural(run.rejected, 'QSO')} refused`);
  if (run.notInLog > 0) parts.push(`${plural(run.notInLog, 'confirmation')} of contacts not in your log`);
  const text = parts.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/**
 * One sync of a user's service: every QSO it has still to get, in batches (a QSO it took is
 * marked sent and never sent again unless corrected; one it refused is kept with the reason and
 * not sent again until it changes), then the confirmations since the last sync applied to the QSOs
 * they match. A refused login or a block stops the user's sync until they connect again; an
 * unreachable or failing service is tried again later (SyncRetryLater). Answers null when there
 * is nothing to do (not connected, stopped).
 */
export interface SyncOptions {
  /** 'hourly': fetch confirmations only when the last fetch is an hour old (a sync woken by logging). */
  download: 'always' | 'hourly';
}

/** A sync woken by logging fetches confirmations at most this often. */
const DOWNLOAD_EVERY_MS = 60 * 60 * 1000;

export async function runSync(deps: SyncDeps, userId: string, service: SyncedService, options: SyncOptions = { download: 'always' }): Promise<SyncRun | null> {
  // Two syncs of one user's service (two jobs, two processes) never send the same QSOs at once: the second waits.
  return withNamedLock(deps.pool, `confirmation-sync:${service}:${userId}`, () => syncOnce(deps, userId, service, options));
}

async function syncOnce(deps: SyncDeps, userId: string, service: SyncedService, options: SyncOptions): Promise<SyncRun | null> {
  const connection = await deps.connections.get(userId, service);
  if (!connection || connection.status === 'stopped') return null;
  await deps.connections.setStatus(userId, service, 'syncing', connection.lastError);
  const stationCallsign = await loadStationCallsign(deps.store, userId);
  const metadata = { userId, causedBy: SYNC_CAUSE, stationUserId: userId, stationCallsign };
  const now = deps.now();
  const context = { connection, stationCallsign, now };
  const sync = deps.syncs[service];
  const run: SyncRun = { sent: 0, rejected: 0, confirmed: 0, notInLog: 0 };

  const stop = async (failure: ServiceFailure): Promise<never | SyncRun> => {
    const reason = run.sent > 0 ? `${failure.reason} (${plural(run.sent, 'QSO')} were sent before that.)` : failure.reason;
    if (failure.kind === 'retry') {
      await deps.connections.setStatus(userId, service, 'error', reason);
      throw new SyncRetryLater(reason);
    }
    await deps.connections.setStatus(userId, service, failure.kind === 'rejected' ? 'error' : 'stopped', reason);
    return run;
  };

  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    // Sent marks of the round before must be in the logbook before it is asked what is pending.
    if (deps.progress && !(await deps.progress.waitFor(['logbook'], await deps.store.headPosition(), LOGBOOK_WAIT_MS))) {
      return stop({ kind: 'retry', reason: 'Your logbook is busy catching up; HamLog will sync a little later.' });
    }
    const pending = await pendingQsos(deps.pool, userId, service, sync.batchSize);
    if (pending.length === 0) break;
    const result = await sync.upload(context, pending);
    const sentIds = result.sent.map((q) => q.qdoId);
    await markSent(deps, userId, service, sentIds, adifToday(now), metadata);
    await deps.connections.clearRejections(userId, service, sentIds);
    await deps.connections.reject(userId, service, result.rejected.map(({ qso, reason }) => ({ qdoId: qso.qdoId, reason, contentHash: qso.contentHash })));
    run.sent += result.sent.length;
    run.rejected += result.rejected.length;
    if (result.failure) return stop(result.failure);
    if (result.sent.length + result.rejected.length < pending.length) break;
  }

  const lastDownload = Date.parse(connection.cursor.downloadedAt ?? '');
  if (options.download === 'hourly' && now.getTime() - lastDownload < DOWNLOAD_EVERY_MS) {
    await deps.connections.synced(userId, service, syncSummary(run));
    return run;
  }
  const downloaded = await sync.download(context);
  if (isFailure(downloaded)) return stop(downloaded);
  const applied = await applyConfirmations(deps, userId, downloaded.confirmations, metadata);
  if (downloaded.held && downloaded.held.length > 0) await applyConfirmations(deps, userId, downloaded.held, metadata);
  run.confirmed = applied.confirmed;
  run.notInLog = applied.unmatched;
  await deps.connections.setCursor(userId, service, { ...downloaded.cursor, downloadedAt: now.toISOString() });
  await deps.connections.synced(userId, service, syncSummary(run));
  return run;
}

