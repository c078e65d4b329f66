import { describe, expect, it } from 'vitest';
import { QsoNotFoundError } from '../src/errors';
import { dedupeKey } from '../src/qso/dedupe';
import { qsoDecider, type QsoEvent } from '../src/qso/decider';
import { AttachmentLimitError } from '../src/qso/media';
import { checkStorageQuota, STORAGE_QUOTA_BYTES, StorageQuotaError } from '../src/storage/quota';
import { sampleFields } from './support/qso-fixtures';
import { specFor } from './support/given-when-then';

const given = specFor(qsoDecider);
const qdoId = 'qso-id-1';
const owner = 'user-1';
const fields = sampleFields();
const logged: QsoEvent = { type: 'QsoLogged', data: { qdoId, stationUserId: owner, stationCallsign: 'W1AW', dedupeKey: dedupeKey(owner, fields), fields } };
const deleted: QsoEvent = { type: 'QsoDeleted', data: { qdoId } };
const restored: QsoEvent = { type: 'QsoRestored', data: { qdoId, stationUserId: owner, stationCallsign: 'W1AW', fields } };
const mp3 = { qdoId, fileName: 'aa11.mp3', contentType: 'audio/mpeg', bytes: 1234 };
const png = { qdoId, fileName: 'bb22.png', contentType: 'image/png', bytes: 999 };
const recordingAttached: QsoEvent = { type: 'QsoRecordingAttached', data: mp3 };
const sstvAttached: QsoEvent = { type: 'QsoSstvAttached', data: png };

const attachRecording = (byUserId = owner, file = mp3) => ({ type: 'AttachRecording', data: { ...file, byUserId } }) as const;
const attachSstv = (byUserId = owner, file = png) => ({ type: 'AttachSstv', data: { ...file, byUserId } }) as const;

describe('QSO decider: attachments', () => {
  it('attaches a recording and an SSTV image to the owner’s live QSO', () => {
    given([logged]).when(attachRecording()).then([recordingAttached]);
    given([logged]).when(attachSstv()).then([sstvAttached]);
    given([logged, deleted, restored]).when(attachRecording()).then([recordingAttached]);
  });

  it('is idempotent: the same file (same content-derived name) attaches once', () => {
    given([logged, recordingAttached]).when(attachRecording()).then([]);
    given([logged, sstvAttached]).when(attachSstv()).then([]);
  });

  it('attaches another file, and keeps recordings and images apart', () => {
    const second = { ...mp3, fileName: 'cc33.mp3' };
    given([logged, recordingAttached]).when(attachRecording(owner, second)).then([{ type: 'QsoRecordingAttached', data: second }]);
    // The same name as an SSTV image is a different attachment list.
    given([logged, recordingAttached]).when(attachSstv(owner, { ...png, fileName: mp3.fileName })).then([
      { type: 'QsoSstvAttached', data: { ...png, fileName: mp3.fileName } },
    ]);
  });

  it('answers QSO not found for a missing, deleted or someone else’s QSO', () => {
    given([]).when(attachRecording()).thenThrows(QsoNotFoundError, 'QSO not found');
    given([logged, deleted]).when(attachRecording()).thenThrows(QsoNotFoundError);
    given([logged]).when(attachRecording('user-2')).thenThrows(QsoNotFoundError);
    given([logged]).when(attachSstv('user-2')).thenThrows(QsoNotFoundError);
  });

  it('folds attachments into the state and keeps them through delete, restore and logging again', () => {
    const state = [logged, recordingAttached, sstvAttached, deleted, logged].reduce(qsoDecider.evolve, qsoDecider.initialState());
    expect(state).toMatchObject({ deleted: false, recordings: ['aa11.mp3'], sstvs: ['bb22.png'] });
  });
});

describe('QSO decider: attachment limits', () => {
  const recordings = Array.from({ length: 10 }, (_, i): QsoEvent => ({ type: 'QsoRecordingAttached', data: { ...mp3, fileName: `r${i}.mp3` } }));
  const images = Array.from({ length: 10 }, (_, i): QsoEvent => ({ type: 'QsoSstvAttached', data: { ...png, fileName: `s${i}.png` } }));

  it('takes at most 10 recordings and 10 SSTV images per QSO, each kind counted apart', () => {
    given([logged, ...recordings]).when(attachRecording()).thenThrows(AttachmentLimitError, 'A QSO can have at most 10 recordings.');
    given([logged, ...images]).when(attachSstv()).thenThrows(AttachmentLimitError, 'A QSO can have at most 10 SSTV images.');
    given([logged, ...recordings]).when(attachSstv()).then([sstvAttached]);
    given([logged, ...recordings.slice(1)]).when(attachRecording()).then([recordingAttached]);
  });

  it('still answers a resend of an attached file when the QSO is full', () => {
    given([logged, ...recordings]).when(attachRecording(owner, { ...mp3, fileName: 'r3.mp3' })).then([]);
  });
});

describe('storage quota', () => {
  it('allows up to 500 MB of photos and attachments, counting what is stored', () => {
    expect(STORAGE_QUOTA_BYTES).toBe(500 * 1024 * 1024);
    expect(() => checkStorageQuota(0, STORAGE_QUOTA_BYTES)).not.toThrow();
    expect(() => checkStorageQuota(STORAGE_QUOTA_BYTES - 10, 10)).not.toThrow();
    expect(() => checkStorageQuota(STORAGE_QUOTA_BYTES - 10, 11)).toThrow(StorageQuotaError);
    expect(() => checkStorageQuota(300 * 1024 * 1024, 250 * 1024 * 1024)).toThrow(
      'Your photos and QSO attachments may use at most 500 MB, and 300 MB are in use. Delete some to upload more.',
    );
  });
});
