import {
  adifExportDecider,
  adifExportKey,
  adifExportRun,
  adifExportStreamName,
  existingAdifExport,
  exportJobOf,
  exportRangeFrom,
  EXPORT_REQUEST_ID_INVALID,
  EXPORTS_PENDING_LIMIT,
  exportsPendingLimit,
  type AdifExportState,
  type ExportJob,
} from '@hamlog/domain';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { pendingAdifExportCount } from '@hamlog/infra/read-models/adif-exports/queries';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type Handled } from '../handling/handle-command';
import { loadStationCallsign } from '../users/station';

/** The client's id for one press of the button (a retry sends it again); optional. */
function requestIdOf(body: Record<string, unknown>): string | null {
  const id = body.request_id;
  if (id === undefined || id === null || id === '') return null;
  if (typeof id !== 'string' || id.length > 64) throw fieldErrors({ request_id: [EXPORT_REQUEST_ID_INVALID] });
  return id;
}

const JOBS_PROJECTION = 'adif-exports';
const JOBS_WAIT_MS = 3_000;

/** The user's pending jobs, counted once the jobs read model holds their latest write (their last request). */
async function pendingExports(deps: CommandDeps, userId: string): Promise<number> {
  const latest = await deps.writePositions.latest(userId).catch(() => 0);
  if (deps.progress && latest > 0) await deps.progress.waitFor([JOBS_PROJECTION], latest, JOBS_WAIT_MS);
  return pendingAdifExportCount(deps.pool, userId);
}

export interface RequestedExport {
  job: ExportJob;
  /** Whether this request started the job (false: it answers the job already asked for). */
  created: boolean;
  handled: Handled<unknown, AdifExportState>;
}

/**
 * Asks for an export of the user's log over a date or date-time range. The same range asked again
 * while its job is pending, or a retry with the same request_id, answers that job; a new job is
 * handed to the background worker.
 */
export async function requestAdifExport(deps: CommandDeps, userId: string, body: Record<string, unknown>, metadata: EventMetadata, at: Date): Promise<RequestedExport> {
  const result = exportRangeFrom(body);
  if (!result.ok) throw fieldErrors(result.errors);
  const requestId = requestIdOf(body);
  const stationCallsign = await loadStationCallsign(deps.store, userId);
  const exportKey = adifExportKey(userId, result.range);
  const streamId = adifExportStreamName(exportKey);
  const loaded = await aggregateStream(deps.store, streamId, adifExportDecider);
  // A request that answers a job already asked for is never refused; a new one waits for a free place.
  if (!existingAdifExport(loaded.state, requestId) && (await pendingExports(deps, userId)) >= EXPORTS_PENDING_LIMIT) {
    throw new HttpError(429, exportsPendingLimit(EXPORTS_PENDING_LIMIT));
  }
  const handled = await handleCommand(
    deps.store,
    streamId,
    adifExportDecider,
    { type: 'RequestAdifExport', data: { exportKey, userId, stationCallsign, range: result.range, requestId, at: at.toISOString() } },
    metadata,
    { loaded },
  );
  const requested = handled.events[0];
  const run = requested ? adifExportRun(handled.state, requested.data.jobId) : existingAdifExport(handled.state, requestId);
  if (!run) throw new Error('an export request left no job to answer with');
  // Also for a job already pending: its first hand-over may have been lost (the queue dedupes by job id).
  if (run.status === 'pending') await deps.adifExports?.run(run.requested.jobId);
  return { job: exportJobOf(run), created: requested !== undefined, handled };
}
