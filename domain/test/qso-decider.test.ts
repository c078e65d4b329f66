import { describe, expect, it } from 'vitest';
import { QsoIdTakenError, QsoNotFoundError } from '../src/errors';
import { QSO_NOT_FOUND } from '../src/messages';
import { dedupeKey } from '../src/qso/dedupe';
import { qsoDecider, qsoStreamName, type QsoEvent } from '../src/qso/decider';
import { sampleFields } from './support/qso-fixtures';
import { specFor } from './support/given-when-then';

const given = specFor(qsoDecider);
const qdoId = 'qso-id-1';
const owner = 'user-1';
const fields = sampleFields();
const key = dedupeKey(owner, fields);
const logged: QsoEvent = { type: 'QsoLogged', data: { qdoId, stationUserId: owner, stationCallsign: 'W1AW', dedupeKey: key, fields } };
const deleted: QsoEvent = { type: 'QsoDeleted', data: { qdoId } };
const restored: QsoEvent = { type: 'QsoRestored', data: { qdoId, stationUserId: owner, stationCallsign: 'W1AW', fields } };

describe('QSO decider: LogQso', () => {
  const log = (f = fields, stationUserId = owner) =>
    ({ type: 'LogQso', data: { qdoId, stationUserId, stationCallsign: 'W1AW', fields: f } }) as const;

  it('logs a new contact', () => {
    given([]).when(log()).then([logged]);
  });

  it('changes nothing for the same contact with the same fields (a resend)', () => {
    given([logged]).when(log()).then([]);
  });

  it('keeps a correction: the same contact logged again with other fields updates it', () => {
    const corrected = sampleFields({ name: 'Corrected', rcv: '579', comment: 'fixed after logging', ts: '2025-06-01T18:30:40Z' });
    expect(dedupeKey(owner, corrected)).toBe(key);
    given([logged])
      .when(log(corrected))
      .then([{ type: 'QsoUpdated', data: { qdoId, dedupeKey: key, fields: corrected } }]);
    const updated: QsoEvent = { type: 'QsoUpdated', data: { qdoId, dedupeKey: key, fields: corrected } };
    given([logged, updated]).when(log(corrected)).then([]);
  });

  it('logs again after a delete', () => {
    given([logged, deleted]).when(log()).then([logged]);
    const other = sampleFields({ call: 'G3ABC' });
    given([logged, deleted])
      .when(log(other))
      .then([{ type: 'QsoLogged', data: { qdoId, stationUserId: owner, stationCallsign: 'W1AW', dedupeKey: dedupeKey(owner, other), fields: other } }]);
  });

  it('refuses a different contact on a taken id, so the caller tries the next attempt', () => {
    given([logged]).when(log(sampleFields({ call: 'G3ABC' }))).thenThrows(QsoIdTakenError);
    given([logged]).when(log(fields, 'user-2')).thenThrows(QsoIdTakenError);
    given([logged, deleted]).when(log(fields, 'user-2')).thenThrows(QsoIdTakenError);
  });
});

describe('QSO decider: UpdateQso', () => {
  const update = (f = fields, byUserId = owner) => ({ type: 'UpdateQso', data: { qdoId, byUserId, fields: f } }) as const;

  it('records the full new field set and its new duplicate key', () => {
    const changed = sampleFields({ comment: 'fixed', call: 'DL2ABC' });
    given([logged])
      .when(update(changed))
      .then([{ type: 'QsoUpdated', data: { qdoId, dedupeKey: dedupeKey(owner, changed), fields: changed } }]);
  });

  it('changes nothing when nothing changed', () => {
    given([logged]).when(update()).then([]);
  });

  it('answers QSO not found for a missing, deleted or someone else’s QSO', () => {
    given([]).when(update()).thenThrows(QsoNotFoundError, QSO_NOT_FOUND);
    given([logged, deleted]).when(update()).thenThrows(QsoNotFoundError, 'QSO not found');
    given([logged]).when(update(fields, 'user-2')).thenThrows(QsoNotFoundError, 'QSO not found');
  });

  it('updates a restored QSO', () => {
    const changed = sampleFields({ comment: 'after restore' });
    given([logged, deleted, restored])
      .when(update(changed))
      .then([{ type: 'QsoUpdated', data: { qdoId, dedupeKey: key, fields: changed } }]);
  });
});

describe('QSO decider: DeleteQso', () => {
  const remove = (byUserId = owner) => ({ type: 'DeleteQso', data: { qdoId, byUserId } }) as const;

  it('deletes the owner’s QSO', () => {
    given([logged]).when(remove()).then([deleted]);
  });

  it('is idempotent: a retried delete changes nothing', () => {
    given([logged, deleted]).when(remove()).then([]);
  });

  it('answers QSO not found for a missing or someone else’s QSO', () => {
    given([]).when(remove()).thenThrows(QsoNotFoundError, QSO_NOT_FOUND);
    given([logged]).when(remove('user-2')).thenThrows(QsoNotFoundError, QSO_NOT_FOUND);
    given([logged, deleted]).when(remove('user-2')).thenThrows(QsoNotFoundError, QSO_NOT_FOUND);
  });
});

describe('QSO decider: RestoreQso', () => {
  const restore = (byUserId = owner) => ({ type: 'RestoreQso', data: { qdoId, byUserId } }) as const;

  it('restores the owner’s deleted QSO', () => {
    given([logged, deleted]).when(restore()).then([restored]);
  });

  it('changes nothing for a QSO that is not deleted', () => {
    given([logged]).when(restore()).then([]);
    given([logged, deleted, restored]).when(restore()).then([]);
  });

  it('answers QSO not found for a missing or someone else’s QSO', () => {
    given([]).when(restore()).thenThrows(QsoNotFoundError);
    given([logged, deleted]).when(restore('user-2')).thenThrows(QsoNotFoundError);
  });
});

describe('QSO decider: evolve', () => {
  it('folds events into the state', () => {
    const changed = sampleFields({ comment: 'new' });
    const updated: QsoEvent = { type: 'QsoUpdated', data: { qdoId, dedupeKey: 'k2', fields: changed } };
    let state = qsoDecider.initialState();
    expect(state).toBeNull();
    state = qsoDecider.evolve(state, logged);
    expect(state).toEqual({ qdoId, stationUserId: owner, stationCallsign: 'W1AW', dedupeKey: key, fields, deleted: false, recordings: [], sstvs: [] });
    state = qsoDecider.evolve(state, updated);
    expect(state).toMatchObject({ dedupeKey: 'k2', fields: changed, deleted: false });
    state = qsoDecider.evolve(state, deleted);
    expect(state?.deleted).toBe(true);
    state = qsoDecider.evolve(state, restored);
    expect(state?.deleted).toBe(false);
  });

  it('names the stream qso-{qdoId}', () => {
    expect(qsoStreamName('abc')).toBe('qso-abc');
  });
});
