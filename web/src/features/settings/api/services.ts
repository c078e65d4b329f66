import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { SERVICES_PATHS, type ServiceActionAnswer, type ServicesAnswer, type ServiceState } from '@hamlog/domain/confirmations/api';
import type { SyncedService } from '@hamlog/domain/confirmations/connections';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { useSession } from '@/lib/session';

export type { ServiceState };

const SERVICES = 'connected-services';
/** How often the services are asked again while a sync waits or runs. */
export const SERVICES_POLL_MS = 2_000;

/** A sync is waiting for a worker or running. */
export const isSyncBusy = (state: ServiceState) => state.status === 'queued' || state.status === 'syncing';

/** POST /vservices: each service, connected or not, with how its sync stands (never a secret). */
export async function fetchServices(signal?: AbortSignal): Promise<ServiceState[]> {
  const answer = await api.post<ServicesAnswer>(SERVICES_PATHS.list, {}, signal ? { signal } : {});
  return Array.isArray(answer?.services) ? answer.services : [];
}

/** While connected and idle: a background sync after logging shows within this. */
const SERVICES_IDLE_POLL_MS = 30_000;

export function servicesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [SERVICES, userId],
    queryFn: ({ signal }) => fetchServices(signal),
    staleTime: 0,
    // Asked every 2 s while a sync waits or runs; every 30 s while a service is connected, so a
    // sync that starts by itself (after logging) shows; not at all otherwise.
    refetchInterval: (query) => {
      const services = query.state.data ?? [];
      if (services.some(isSyncBusy)) return SERVICES_POLL_MS;
      return services.some((s) => s.connected) ? SERVICES_IDLE_POLL_MS : false;
    },
  });
}

export function useServices() {
  return useQuery(servicesQueryOptions(useSession()?.user?.id ?? ''));
}

/** The connect form as sent: the service, its fields (the certificate as base64 text) and auto_sync. */
export type ConnectRequest = { service: SyncedService; auto_sync: boolean } & Record<string, string | boolean>;

/** POST /vservices/connect: connect, or change the details of, a service (422 with errors by field). */
export function connectService(request: ConnectRequest): Promise<ServiceActionAnswer> {
  return api.post<ServiceActionAnswer>(SERVICES_PATHS.connect, request);
}

/** POST /vservices/disconnect: the service's details are forgotten and nothing more is sent. */
export function disconnectService(service: SyncedService): Promise<ServiceActionAnswer> {
  return api.post<ServiceActionAnswer>(SERVICES_PATHS.disconnect, { service });
}

/** POST /vservices/sync: 'Sync now' (409 with a message when not connected or stopped). */
export function syncService(service: SyncedService): Promise<ServiceActionAnswer> {
  return api.post<ServiceActionAnswer>(SERVICES_PATHS.sync, { service });
}

/** The answered service replaces its old state in every cached list (which then polls if it is busy). */
function keep(answer: ServiceActionAnswer) {
  const next = answer?.service;
  if (!next) return queryClient.invalidateQueries({ queryKey: [SERVICES] });
  queryClient.setQueriesData<ServiceState[]>({ queryKey: [SERVICES] }, (list) => list?.map((s) => (s.service === next.service ? next : s)));
  return undefined;
}

export function useConnectService() {
  return useMutation({ mutationFn: connectService, onSuccess: keep });
}

export function useDisconnectService() {
  return useMutation({ mutationFn: disconnectService, onSuccess: keep });
}

export function useSyncService() {
  return useMutation({ mutationFn: syncService, onSuccess: keep });
}
