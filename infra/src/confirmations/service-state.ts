import { SERVICE_NAMES, SYNCED_SERVICES, type ServiceState, type SyncedService } from '@hamlog/domain';
import type pg from 'pg';
import { recentRejections, serviceCounts } from '../read-models/logbook/service-queries';
import type { ConnectionStore, ServiceConnection } from './connection-store';

const NO_COUNTS = { uploaded: 0, confirmed: 0, rejected: 0, pending: 0 };

/** A service as Settings shows it: connected or not, how its sync stands, its figures; never a secret. */
export async function serviceState(pool: pg.Pool, connection: ServiceConnection | null, userId: string, service: SyncedService): Promise<ServiceState> {
  if (!connection) {
    return { service, name: SERVICE_NAMES[service], connected: false, status: 'not-connected', auto_sync: false, settings: {}, stored_secrets: [], last_sync_at: null, last_error: null, last_result: null, counts: NO_COUNTS, rejections: [] };
  }
  const [counts, rejections] = await Promise.all([serviceCounts(pool, userId, service), recentRejections(pool, userId, service)]);
  return {
    service,
    name: SERVICE_NAMES[service],
    connected: true,
    status: connection.status,
    auto_sync: connection.autoSync,
    settings: connection.settings,
    stored_secrets: Object.keys(connection.secrets).filter((k) => connection.secrets[k] !== ''),
    last_sync_at: connection.lastSyncAt?.toISOString() ?? null,
    last_error: connection.lastError,
    last_result: connection.lastResult,
    counts,
    rejections,
  };
}

/** Every service, in the order Settings lists them. */
export async function serviceStates(pool: pg.Pool, connections: ConnectionStore, userId: string): Promise<ServiceState[]> {
  const connected = new Map((await connections.list(userId)).map((c) => [c.service, c]));
  return Promise.all(SYNCED_SERVICES.map((service) => serviceState(pool, connected.get(service) ?? null, userId, service)));
}
