/** Which QSO events the stream carries, and whose station each one is: one rule, the writer's metadata. */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import { isStationEvent, toStationMessage } from '../src/station-events';

const recorded = (streamId: string, type: string, data: unknown, metadata: Record<string, unknown>): RecordedEvent => ({
  id: 'e1', streamId, type, version: 1, data, metadata, revision: 0, position: 7, createdAt: new Date('2026-01-01T00:00:00Z'),
});

describe('station events', () => {
  it('carries the QSO events only (rig reports are the live-stations projection’s)', () => {
    expect(isStationEvent(recorded('qso-q1', 'QsoLogged', {}, {}))).toBe(true);
    expect(isStationEvent(recorded('rig-u1', 'RigReported', { userId: 'u1' }, { userId: 'u1' }))).toBe(false);
  });

  it('names the station from the metadata every QSO event is written with, also for events whose data does not', () => {
    const deleted = toStationMessage(recorded('qso-q1', 'QsoDeleted', { qdoId: 'q1' }, { userId: 'u1', stationUserId: 'u1' }));
    expect(deleted).toMatchObject({ stationUserId: 'u1', stationCallsign: '', position: 7, type: 'QsoDeleted' });
    const updated = toStationMessage(recorded('qso-q1', 'QsoUpdated', { qdoId: 'q1' }, { userId: 'u1', stationUserId: 'u1', stationCallsign: 'W1AW' }));
    expect(updated).toMatchObject({ stationUserId: 'u1', stationCallsign: 'W1AW' });
  });

  it('refuses a QSO event that names no station, rather than counting it for nobody', () => {
    expect(() => toStationMessage(recorded('qso-q1', 'QsoLogged', { qdoId: 'q1', stationUserId: 'u1' }, { userId: 'u1' }))).toThrow(/names no station/);
  });
});
