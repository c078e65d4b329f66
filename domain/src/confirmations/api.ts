/** The connected services' calls: POST /vservices (read), /vservices/connect, /vservices/disconnect, /vservices/sync. */
import type { SyncedService } from './connections';

export const SERVICES_PATHS = {
  list: '/vservices',
  connect: '/vservices/connect',
  disconnect: '/vservices/disconnect',
  sync: '/vservices/sync',
} as const;

/**
 * not-connected; idle (waiting for the next QSO or 'Sync now'); queued and syncing; error (the
 * service failed, HamLog tries again); stopped (the service refused the credentials or blocked
 * us: nothing is sent until the user connects again).
 */
export type ServiceSyncStatus = 'not-connected' | 'idle' | 'queued' | 'syncing' | 'error' | 'stopped';

export interface ServiceCounts {
  /** QSOs the service has from us (uploaded and accepted). */
  uploaded: number;
  /** QSOs the service confirmed. */
  confirmed: number;
  /** QSOs the service refused, each with its reason. */
  rejected: number;
  /** QSOs waiting to be sent. */
  pending: number;
}

export interface ServiceState {
  service: SyncedService;
  name: string;
  connected: boolean;
  status: ServiceSyncStatus;
  auto_sync: boolean;
  /** The non-secret settings, and which secrets are stored (their values never leave the server). */
  settings: Record<string, string>;
  stored_secrets: string[];
  last_sync_at: string | null;
  /** The last problem, in words; null when the last sync went well. */
  last_error: string | null;
  /** What the last sync that went through did ('Sent 3 QSOs; 2 confirmed'). */
  last_result: string | null;
  counts: ServiceCounts;
  /** The QSOs refused most recently: why, in the service's words. */
  rejections: { qdo_id: string; call: string; ts: string; reason: string }[];
}

export interface ServicesAnswer {
  services: ServiceState[];
}

export interface ServiceActionAnswer {
  service: ServiceState;
}
