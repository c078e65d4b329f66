/** How a connected service's sync stands, in words for Settings. */
import type { ServiceState, ServiceSyncStatus } from '@hamlog/domain/confirmations/api';
import { humanTimeSince } from '@hamlog/domain/human-time';

/** 'Synced 5 minutes ago', 'Waiting to sync', 'Syncing…', 'Error: …', 'Stopped: … Connect again to go on.' */
export function statusWords(state: ServiceState, now: Date): string {
  switch (state.status) {
    case 'not-connected':
      return 'Not connected';
    case 'queued':
      return 'Waiting to sync';
    case 'syncing':
      return 'Syncing…';
    case 'error':
      return `Error: ${state.last_error ?? 'the last sync failed; HamLog will try again.'}`;
    case 'stopped':
      return `Stopped: ${state.last_error ?? `${state.name} refused HamLog.`} Connect again to go on.`;
    case 'idle':
      return state.last_sync_at ? `Synced ${humanTimeSince(state.last_sync_at, now)}` : 'Not synced yet';
  }
}

/** The badge beside the service's name: its words, and the tone (layout.css) that repeats them. */
export function statusBadge(status: ServiceSyncStatus): { label: string; tone: string } {
  switch (status) {
    case 'not-connected':
      return { label: 'Not connected', tone: 'badge-muted' };
    case 'error':
      return { label: 'Connected, failing', tone: 'badge-warning' };
    case 'stopped':
      return { label: 'Stopped', tone: 'badge-danger' };
    default:
      return { label: 'Connected', tone: 'badge-success' };
  }
}

/** The service's figures as Settings labels them (waiting: still to send; refused: the service said no). */
export function countFigures(state: ServiceState): [string, number][] {
  const { uploaded, confirmed, pending, rejected } = state.counts;
  return [
    ['Uploaded', uploaded],
    ['Confirmed', confirmed],
    ['Waiting', pending],
    ['Refused', rejected],
  ];
}
