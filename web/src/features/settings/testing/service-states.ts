import type { ServiceState } from '@hamlog/domain/confirmations/api';
import { CONNECTION_FIELDS, SYNCED_SERVICES, type SyncedService } from '@hamlog/domain/confirmations/connections';
import { SERVICE_NAMES } from '@hamlog/domain/qso/confirmations';

/** A service as /vservices answers it: not connected unless `patch` says otherwise. */
export function serviceState(service: SyncedService, patch: Partial<ServiceState> = {}): ServiceState {
  return {
    service,
    name: SERVICE_NAMES[service],
    connected: false,
    status: 'not-connected',
    auto_sync: false,
    settings: {},
    stored_secrets: [],
    last_sync_at: null,
    last_error: null,
    last_result: null,
    counts: { uploaded: 0, confirmed: 0, rejected: 0, pending: 0 },
    rejections: [],
    ...patch,
  };
}

/** Connected and idle, with every secret of the service stored. */
export function connectedState(service: SyncedService, patch: Partial<ServiceState> = {}): ServiceState {
  const secrets = CONNECTION_FIELDS[service].filter((f) => f.secret).map((f) => f.name);
  return serviceState(service, { connected: true, status: 'idle', auto_sync: true, stored_secrets: secrets, ...patch });
}

/** All four services, `overrides` in place of the not-connected ones. */
export function allServices(...overrides: ServiceState[]): ServiceState[] {
  return SYNCED_SERVICES.map((service) => overrides.find((s) => s.service === service) ?? serviceState(service));
}
