import { describe, expect, it } from 'vitest';
import { dedupeKey } from '../src/qso/dedupe';
import type { QsoEvent } from '../src/qso/decider';
import { qsoFieldChanges, qsoHistory } from '../src/qso/history';
import { sampleFields } from './support/qso-fixtures';

const qdoId = 'q1';
const fields = sampleFields({ freqHz: 14_074_000, comment: 'tnx' });
const changed = sampleFields({ freqHz: 14_076_000, comment: 'tnx fer QSO', ts: '2025-06-01T18:31:00Z' });
const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 19, minute));
const stored = (event: QsoEvent, position: number) => ({ event, position, at: at(position) });

describe('QSO history', () => {
  it('tells each event with what changed, oldest first', () => {
    const history = qsoHistory([
      stored({ type: 'QsoLogged', data: { qdoId, stationUserId: 'u', stationCallsign: 'W1AW', dedupeKey: dedupeKey('u', fields), fields } }, 1),
      stored({ type: 'QsoUpdated', data: { qdoId, dedupeKey: 'k', fields: changed } }, 2),
      stored({ type: 'QsoRecordingAttached', data: { qdoId, fileName: 'ab.mp3', contentType: 'audio/mpeg', bytes: 3 } }, 3),
      stored({ type: 'QsoSstvAttached', data: { qdoId, fileName: 'cd.png', contentType: 'image/png', bytes: 3 } }, 4),
      stored({ type: 'QsoDeleted', data: { qdoId } }, 5),
      stored({ type: 'QsoRestored', data: { qdoId, stationUserId: 'u', stationCallsign: 'W1AW', fields: changed } }, 6),
    ]);
    expect(history.map((h) => h.label)).toEqual(['Logged', 'Updated', 'Recording attached', 'SSTV image attached', 'Deleted', 'Restored']);
    expect(history[0]).toEqual({ position: 1, at: '2025-06-01T19:01:00.000Z', event: 'QsoLogged', label: 'Logged', changes: [] });
    expect(history[1]?.changes).toEqual([
      { field: 'Time', from: '2025-06-01 18:30:12 UTC', to: '2025-06-01 18:31:00 UTC' },
      { field: 'Freq', from: '14.074000', to: '14.076000' },
      { field: 'Comment', from: 'tnx', to: 'tnx fer QSO' },
    ]);
    expect(history[2]).toMatchObject({ file_name: 'ab.mp3', changes: [] });
  });

  it('marks a log after a delete as logged again, with its differences', () => {
    const other = sampleFields({ name: 'Fritz' });
    const history = qsoHistory([
      stored({ type: 'QsoLogged', data: { qdoId, stationUserId: 'u', stationCallsign: 'W1AW', dedupeKey: 'a', fields: sampleFields() } }, 1),
      stored({ type: 'QsoDeleted', data: { qdoId } }, 2),
      stored({ type: 'QsoLogged', data: { qdoId, stationUserId: 'u', stationCallsign: 'W1AW', dedupeKey: 'a', fields: other } }, 3),
    ]);
    expect(history[2]).toMatchObject({ label: 'Logged again', changes: [{ field: 'Name', from: 'Hans', to: 'Fritz' }] });
  });

  it('shows empty values as empty text and numbers as written', () => {
    expect(qsoFieldChanges(sampleFields({ cqZone: null, power: '' }), sampleFields({ cqZone: 14, power: '100' }))).toEqual([
      { field: 'Power', from: '', to: '100' },
      { field: 'CQ zone', from: '', to: '14' },
    ]);
  });
});
