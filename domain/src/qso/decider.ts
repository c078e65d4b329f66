/**
 * The QSO aggregate, one stream per contact: `qso-{qdoId}`. The id is derived from the contact's
 * duplicate key (qsoIdFor), so logging is idempotent: a resend finds its own stream and changes nothing,
 * and the same contact logged again with corrected fields updates it.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { QsoIdTakenError, QsoNotFoundError } from '../errors';
import { dedupeKey } from './dedupe';
import { AttachmentLimitError, QSO_MEDIA_RULES } from './media';
import { markModifiedUploads } from './confirmations';
import { sameQsoFields, type QsoFields } from './fields';

export const qsoStreamName = (qdoId: string): string => `qso-${qdoId}`;

export type QsoLogged = Message<
  'QsoLogged',
  { qdoId: string; stationUserId: string; stationCallsign: string; dedupeKey: string; fields: QsoFields }
>;
/** Carries the full new field set. */
export type QsoUpdated = Message<'QsoUpdated', { qdoId: string; dedupeKey: string; fields: QsoFields }>;
export type QsoDeleted = Message<'QsoDeleted', { qdoId: string }>;
/** Carries the restored contact, so consumers that dropped it (counts, aggregates) can take it back. */
export type QsoRestored = Message<'QsoRestored', { qdoId: string; stationUserId: string; stationCallsign: string; fields: QsoFields }>;
/** A file attached to a QSO; `fileName` is derived from the content, so the same file attaches once. */
export interface QsoAttachment {
  qdoId: string;
  fileName: string;
  contentType: string;
  bytes: number;
}
export type QsoRecordingAttached = Message<'QsoRecordingAttached', QsoAttachment>;
export type QsoSstvAttached = Message<'QsoSstvAttached', QsoAttachment>;
export type QsoEvent = QsoLogged | QsoUpdated | QsoDeleted | QsoRestored | QsoRecordingAttached | QsoSstvAttached;
export const QSO_EVENT_TYPES = [
  'QsoLogged', 'QsoUpdated', 'QsoDeleted', 'QsoRestored', 'QsoRecordingAttached', 'QsoSstvAttached',
] as const satisfies readonly QsoEvent['type'][];

export type LogQso = Message<'LogQso', { qdoId: string; stationUserId: string; stationCallsign: string; fields: QsoFields }>;
export type UpdateQso = Message<'UpdateQso', { qdoId: string; byUserId: string; fields: QsoFields }>;
export type DeleteQso = Message<'DeleteQso', { qdoId: string; byUserId: string }>;
export type RestoreQso = Message<'RestoreQso', { qdoId: string; byUserId: string }>;
export type AttachRecording = Message<'AttachRecording', QsoAttachment & { byUserId: string }>;
export type AttachSstv = Message<'AttachSstv', QsoAttachment & { byUserId: string }>;
export type QsoCommand = LogQso | UpdateQso | DeleteQso | RestoreQso | AttachRecording | AttachSstv;

export type QsoState = null | {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  dedupeKey: string;
  fields: QsoFields;
  deleted: boolean;
  /** File names of the attached recordings and SSTV images, in the order attached. */
  recordings: string[];
  sstvs: string[];
};

export function initialQsoState(): QsoState {
  return null;
}

/** The QSO, when it is the user's own and not deleted; otherwise QsoNotFoundError (the answer never says which). */
export function ownLiveQso(state: QsoState, qdoId: string, userId: string): NonNullable<QsoState> {
  if (state === null || state.deleted || state.stationUserId !== userId) throw new QsoNotFoundError(qdoId);
  return state;
}

export function decideQso(command: QsoCommand, state: QsoState): QsoEvent[] {
  switch (command.type) {
    case 'LogQso': {
      const { qdoId, stationUserId, stationCallsign, fields } = command.data;
      const key = dedupeKey(stationUserId, fields);
      const logged: QsoLogged = { type: 'QsoLogged', data: { qdoId, stationUserId, stationCallsign, dedupeKey: key, fields } };
      if (state === null) return [logged];
      if (state.stationUserId !== stationUserId) throw new QsoIdTakenError(qdoId);
      if (state.deleted) return [logged]; // logged again after a delete
      if (state.dedupeKey === key) {
        // The same contact again: a resend changes nothing; a corrected one (name, reports...) is kept.
        if (sameQsoFields(state.fields, fields)) return [];
        return [{ type: 'QsoUpdated', data: { qdoId, dedupeKey: key, fields } }];
      }
      throw new QsoIdTakenError(qdoId);
    }
    case 'UpdateQso': {
      const { qdoId, byUserId, fields } = command.data;
      const qso = ownLiveQso(state, qdoId, byUserId);
      if (sameQsoFields(qso.fields, fields)) return [];
      const contactChanged = () => !sameQsoFields({ ...qso.fields, details: undefined }, { ...fields, details: undefined });
      const details = markModifiedUploads(qso.fields.details, fields.details, contactChanged);
      const updated = details === fields.details ? fields : { ...fields, details };
      return [{ type: 'QsoUpdated', data: { qdoId, dedupeKey: dedupeKey(qso.stationUserId, updated), fields: updated } }];
    }
    case 'DeleteQso': {
      const { qdoId, byUserId } = command.data;
      if (state === null || state.stationUserId !== byUserId) throw new QsoNotFoundError(qdoId);
      if (state.deleted) return []; // a retried delete
      return [{ type: 'QsoDeleted', data: { qdoId } }];
    }
    case 'RestoreQso': {
      const { qdoId, byUserId } = command.data;
      if (state === null || state.stationUserId !== byUserId) throw new QsoNotFoundError(qdoId);
      if (!state.deleted) return []; // a retried restore
      return [{ type: 'QsoRestored', data: { qdoId, stationUserId: state.stationUserId, stationCallsign: state.stationCallsign, fields: state.fields } }];
    }
    case 'AttachRecording':
    case 'AttachSstv': {
      const { byUserId, ...attachment } = command.data;
      const qso = ownLiveQso(state, attachment.qdoId, byUserId);
      const recording = command.type === 'AttachRecording';
      const attached = recording ? qso.recordings : qso.sstvs;
      if (attached.includes(attachment.fileName)) return []; // a resend
      const kind = recording ? 'recording' : 'sstv';
      if (attached.length >= QSO_MEDIA_RULES[kind].maxPerQso) throw new AttachmentLimitError(kind);
      return [recording ? { type: 'QsoRecordingAttached', data: attachment } : { type: 'QsoSstvAttached', data: attachment }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveQso(state: QsoState, event: QsoEvent): QsoState {
  switch (event.type) {
    case 'QsoLogged': {
      const { qdoId, stationUserId, stationCallsign, dedupeKey: key, fields } = event.data;
      // Logged again after a delete: the stream's attachments stay with it.
      return { qdoId, stationUserId, stationCallsign, dedupeKey: key, fields, deleted: false, recordings: state?.recordings ?? [], sstvs: state?.sstvs ?? [] };
    }
    case 'QsoUpdated':
      return state && { ...state, dedupeKey: event.data.dedupeKey, fields: event.data.fields };
    case 'QsoDeleted':
      return state && { ...state, deleted: true };
    case 'QsoRestored':
      return state && { ...state, deleted: false };
    case 'QsoRecordingAttached':
      return state && { ...state, recordings: [...state.recordings, event.data.fileName] };
    case 'QsoSstvAttached':
      return state && { ...state, sstvs: [...state.sstvs, event.data.fileName] };
    default:
      return assertNever(event);
  }
}

export const qsoDecider: Decider<QsoCommand, QsoEvent, QsoState> = {
  initialState: initialQsoState,
  decide: decideQso,
  evolve: evolveQso,
};
