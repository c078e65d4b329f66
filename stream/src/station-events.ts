import type { RecordedEvent } from '@hamlog/infra/ports/event-store';

/** Prefix of topic and group names, so deployments (and test runs) sharing a broker stay apart. */
export const streamNamespace = (): string => process.env.STREAM_NAMESPACE || 'hamlog';

/** The topic of every QSO and rig event, keyed by the station (user id) that owns the QSO or rig. */
export const stationEventsTopic = (): string => `${streamNamespace()}.station-events`;
export const STATION_EVENTS_PARTITIONS = 6;

export interface StationEventMessage {
  position: number;
  eventId: string;
  type: string;
  streamId: string;
  data: unknown;
  stationUserId: string;
  stationCallsign: string;
  createdAt: string;
}

const isRigStream = (streamId: string): boolean => streamId.startsWith('rig-');

export function isStationEvent(event: RecordedEvent): boolean {
  return event.streamId.startsWith('qso-') || isRigStream(event.streamId);
}

export function toStationMessage(event: RecordedEvent): StationEventMessage {
  const data = event.data as { stationUserId?: string; stationCallsign?: string; userId?: string };
  const meta = event.metadata as { stationUserId?: string; stationCallsign?: string; userId?: string };
  const rigOwner = isRigStream(event.streamId) ? data.userId : undefined;
  return {
    position: event.position,
    eventId: event.id,
    type: event.type,
    streamId: event.streamId,
    data: event.data,
    stationUserId: rigOwner ?? data.stationUserId ?? meta.stationUserId ?? meta.userId ?? event.streamId,
    stationCallsign: data.stationCallsign ?? meta.stationCallsign ?? '',
    createdAt: event.createdAt.toISOString(),
  };
}
