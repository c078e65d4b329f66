import type { ReportedConfirmation } from '@hamlog/domain';
import { SERVICE_FIELDS, withConfirmations, type QsoDetails, type SyncedService } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import type pg from 'pg';
import { findConfirmedQsos } from '@hamlog/infra/read-models/logbook/confirmation-matches';
import { updateQsoDetails } from '../qso/update-details';

export interface SyncWriteDeps {
  store: EventStore;
  pool: pg.Pool;
}

/** Marks QSOs sent to a service on `on` (YYYYMMDD): they are never sent again unless corrected. */
export async function markSent(deps: SyncWriteDeps, userId: string, service: SyncedService, qdoIds: readonly string[], on: string, metadata: EventMetadata): Promise<AppendResult | null> {
  const { sent, sentDate } = SERVICE_FIELDS[service];
  let last: AppendResult | null = null;
  for (const qdoId of qdoIds) {
    last = (await updateQsoDetails(deps.store, userId, qdoId, (details) => ({ ...details, [sent]: 'Y', [sentDate]: on }), metadata)) ?? last;
  }
  return last;
}

export interface Applied {
  confirmed: number;
  /** Reported contacts no logged QSO matches. */
  unmatched: number;
  last: AppendResult | null;
}

/** A service's reported confirmations applied to the QSOs they match (ARRL's rule: call, band, 30 minutes). */
export async function applyConfirmations(deps: SyncWriteDeps, userId: string, reported: readonly ReportedConfirmation[], metadata: EventMetadata): Promise<Applied> {
  const ids = await findConfirmedQsos(deps.pool, userId, reported);
  const byQso = new Map<string, ReportedConfirmation[]>();
  let unmatched = 0;
  reported.forEach((r, i) => {
    const id = ids[i];
    if (id) byQso.set(id, [...(byQso.get(id) ?? []), r]);
    else unmatched += 1;
  });
  const applied: Applied = { confirmed: 0, unmatched, last: null };
  for (const [qdoId, records] of byQso) {
    const appended = await updateQsoDetails(deps.store, userId, qdoId, (details) => records.reduce<QsoDetails | undefined>((d, r) => withConfirmations(d, r.details, r.confirmations), details) ?? {}, metadata);
    if (appended) {
      applied.confirmed += 1;
      applied.last = appended;
    }
  }
  return applied;
}
