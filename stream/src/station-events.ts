import type { RecordedEvent } from '@hamlog/infra/ports/event-store';

/** Prefix of topic and group names, so deployments (and test runs) sharing a broker stay apart. */
export const streamNamespace = (): string => process.env.STREAM_NAMESPACE || 'hamlog';

/**
 * The topic of every QSO event, keyed by the station (user id) that owns the QSO. (Rig reports
 * went through it too until the live-stations projection took them over: decision 0054.)
 */
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

/** What the stream's consumers read: the QSO events (the QSO facts). */
export function isStationEvent(event: RecordedEvent): boolean {
  return event.streamId.startsWith('qso-');
}

/**
 * A QSO event as the stream carries it. Its owner is the station the command-api wrote it for,
 * in every QSO event's metadata (`stationUserId`, since the first QSO event ever written).
 */
export function toStationMessage(event: RecordedEvent): StationEventMessage {
  const data = event.data as { stationCallsign?: string };
  const meta = event.metadata as { stationUserId?: unknown; stationCallsign?: string };
  if (typeof meta.stationUserId !== 'string') throw new Error(`event ${event.id} (${event.type} at ${event.position}) names no station in its metadata`);
  return {
    position: event.position,
    eventId: event.id,
    type: event.type,
    streamId: event.streamId,
    data: event.data,
    stationUserId: meta.stationUserId,
    stationCallsign: data.stationCallsign ?? meta.stationCallsign ?? '',
    createdAt: event.createdAt.toISOString(),
  };
}
