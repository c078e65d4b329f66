import { Router } from 'express';
import {
  QSL_CARDS_PATH,
  editDetails,
  readQslCardsRequest,
  type QslCardsAnswer,
  normaliseQsoInput,
  ownLiveQso,
  qsoDecider,
  qsoStreamName,
  qsoFieldsToApi,
  type QsoCommand,
  type QsoState,
  type QsoFields,
  type UpsertAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, aggregateStream, type HandleOptions } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { loadStationCallsign } from '../users/station';
import { logQso } from './log-qso';
import { markQslCards } from './mark-qsl-cards';

function fieldsFrom(input: unknown, now: Date): QsoFields {
  const result = normaliseQsoInput((input ?? {}) as never, now);
  const details = (input as { adif?: unknown } | null)?.adif === undefined ? null : editDetails((input as { adif: unknown }).adif);
  if (!result.ok || (details && !details.ok)) throw fieldErrors({ ...(result.ok ? {} : result.errors), ...(details && !details.ok ? details.errors : {}) });
  if (!details || Object.keys(details.details).length === 0) return result.fields;
  return { ...result.fields, details: details.details };
}

/** An edit keeps the ADIF fields no form shows (extra). */
function keptFromState(fields: QsoFields, state: QsoState): QsoFields {
  return state?.fields.extra ? { ...fields, extra: state.fields.extra } : fields;
}

function qdoIdOf(body: Record<string, unknown>): string {
  const id = body.qdo_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw fieldErrors({ qdo_id: ['The qdo id field is required.'] });
  return id;
}

/** A command on one QSO's stream. */
function run(deps: CommandDeps, qdoId: string, command: QsoCommand | ((state: QsoState) => QsoCommand), metadata: EventMetadata, options: HandleOptions<QsoState> = {}) {
  return handleCommand(deps.store, qsoStreamName(qdoId), qsoDecider, command, metadata, options);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const ENTITY_FIELDS = ['dxcc', 'country', 'Continent', 'LAT', 'LON', 'cq_zone', 'ZN'] as const;

/**
 * An update may send only the fields it changes: the rest keep their stored values, and so do
 * the ADIF fields `adif` does not name ('' or null clears one). When the callsign changes and no
 * entity is given, the entity is derived again from the new call.
 */
function mergeWithCurrent(state: QsoState, qdoId: string, userId: string, body: Record<string, unknown>): Record<string, unknown> {
  const qso = ownLiveQso(state, qdoId, userId);
  const current: Record<string, unknown> = { ...qsoFieldsToApi(qdoId, qso.stationCallsign, qso.fields) };
  const callChanged = typeof body.Call === 'string' && body.Call.trim().toUpperCase() !== qso.fields.call;
  if (callChanged && body.dxcc === undefined) for (const f of ENTITY_FIELDS) delete current[f];
  const adif = isPlainObject(body.adif) ? { ...qso.fields.details, ...body.adif } : body.adif;
  return { ...current, ...body, ...(adif === undefined ? {} : { adif }) };
}

export function qsoRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Logging and correcting a contact are a key session's 'log contacts'; deleting and restoring are not (decision 0049).
  const logs = authenticate(deps.sessions, true, 'logContacts');
  const signedIn = authenticate(deps.sessions, true);

  /** Logs a contact, or finds the one already logged (log-qso.ts): 201 when written, else 200. */
  router.post('/vqso/upsert', logs, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const fields = fieldsFrom(body.data, now());
    const stationCallsign = await loadStationCallsign(deps.store, userId);
    const metadata = commandMetadata(res, userId, { stationUserId: userId, stationCallsign });
    const { qdoId, handled } = await logQso(deps.store, { stationUserId: userId, stationCallsign, fields }, metadata);
    const corrected = handled.events.some((event) => event.type === 'QsoUpdated');
    const answer: UpsertAnswer = { qdo_id: qdoId, duplicate: handled.events.length === 0 || corrected, ...(corrected ? { updated: true } : {}) };
    await answerWithPosition(res, handled.appended, answer, handled.appended ? 201 : 200);
  }));

  router.post('/vqso/update', logs, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const qdoId = qdoIdOf(body);
    const loaded = await aggregateStream(deps.store, qsoStreamName(qdoId), qsoDecider);
    // Merged into the state each attempt reads, so concurrent edits of other fields are kept.
    const command = (state: QsoState): QsoCommand => ({
      type: 'UpdateQso',
      data: { qdoId, byUserId: userId, fields: keptFromState(fieldsFrom(mergeWithCurrent(state, qdoId, userId, body), now()), state) },
    });
    // The station's callsign travels with the update, so consumers that key by station (aggregates) keep it.
    const metadata = commandMetadata(res, userId, { stationUserId: userId, stationCallsign: loaded.state?.stationCallsign });
    const handled = await run(deps, qdoId, command, metadata, { loaded });
    await answerWithPosition(res, handled.appended, { qdo_id: qdoId, changed: handled.events.length > 0 });
  }));

  router.post(QSL_CARDS_PATH, logs, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const read = readQslCardsRequest(bodyObject(req), now().toISOString().slice(0, 10));
    if (!read.ok) throw fieldErrors(read.errors);
    const stationCallsign = await loadStationCallsign(deps.store, userId);
    const { changed, last } = await markQslCards(deps.store, userId, read.value, commandMetadata(res, userId, { stationUserId: userId, stationCallsign }));
    const answer: QslCardsAnswer = { changed };
    await answerWithPosition(res, last, answer);
  }));

  router.post('/vqso/nuke', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const qdoId = qdoIdOf(bodyObject(req));
    const handled = await run(deps, qdoId, { type: 'DeleteQso', data: { qdoId, byUserId: userId } }, commandMetadata(res, userId, { stationUserId: userId }));
    await answerWithPosition(res, handled.appended, { qdo_id: qdoId, deleted: true });
  }));

  router.post('/vqso/restore', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const qdoId = qdoIdOf(bodyObject(req));
    const handled = await run(deps, qdoId, { type: 'RestoreQso', data: { qdoId, byUserId: userId } }, commandMetadata(res, userId, { stationUserId: userId }));
    await answerWithPosition(res, handled.appended, { qdo_id: qdoId, restored: true });
  }));

  return router;
}
