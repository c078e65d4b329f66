import {
  decideQso,
  decideQsoImport,
  foldEvents,
  qsoDecider,
  QsoIdsExhaustedError,
  qsoImportDecider,
  qsoImportStreamName,
  qsoStreamName,
  type QsoImportCommand,
  type QsoImportProgress,
  type QsoImportSource,
  type QsoLogged,
  withConfirmations,
  LOTW_CONFIRMATION_NOT_IN_LOG,
} from '@hamlog/domain';
import {
  WrongExpectedRevisionError,
  type AppendRequest,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '@hamlog/infra/ports/event-store';
import { aggregateStream } from '../handling/handle-command';
import { derivedId, probeQsoId } from '../qso/probe-qso-id';
import {
  decideRecords,
  type ConfirmingRecord,
  type DecideContext,
  type DecidedChunk,
  type DecidedQso,
  type FailedRecord,
  type QsoRecordBatch,
  type ResumePoint,
} from './decide-records';

export type { FailedRecord, QsoRecordBatch } from './decide-records';

/** Records per chunk: one appendMany (one transaction on PostgreSQL) and one progress event each. */
export const IMPORT_CHUNK_RECORDS = 5_000;
/** Tries of one chunk when another write gets to one of its QSO streams first. */
const CHUNK_ATTEMPTS = 6;

/**
 * Finds the logged QSO each confirming record confirms (matchConfirmation over the user's log):
 * its id, or null. Without it, a confirming record is imported like any other.
 */
export type FindConfirmedQsos = (userId: string, records: readonly ConfirmingRecord[]) => Promise<(string | null)[]>;

export interface ImportQsoRecordsDeps {
  store: EventStore;
  now?: () => Date;
  findConfirmed?: FindConfirmedQsos;
}

export interface ImportQsoRecordsInput {
  /** The import's id: its stream is `import-{id}`. Running the same import again resumes it (or answers its report). */
  importId: string;
  /** The station the QSOs are logged for: the user who imports. */
  userId: string;
  /** That user's callsign: the QSOs' station callsign (a different STATION_CALLSIGN of the file stays in fields.extra). */
  stationCallsign: string;
  source: QsoImportSource;
  fileName: string;
  /** The file's size (0 when unknown). */
  bytes: number;
  /** Metadata of every event written (the caller's user and correlation id). */
  metadata: EventMetadata;
  /** The records, decided here; or `decide`, which decides them elsewhere (decideInWorker). */
  batches?: AsyncIterable<QsoRecordBatch> | Iterable<QsoRecordBatch>;
  /** The file's chunks after `from`, decided (decideRecords) where the caller chooses. */
  decide?: (context: DecideContext, from: ResumePoint) => AsyncIterable<DecidedChunk>;
  chunkRecords?: number;
  /** How many failed records the report keeps (all when unset): a file's are counted in its progress, the rest not gathered. */
  keptFailures?: number;
  /** After each chunk is in the log. */
  onChunk?: (progress: QsoImportProgress, appended: AppendResult) => void | Promise<void>;
  /** Stops the import between chunks (the process is stopping): it throws, and resumes when run again. */
  signal?: AbortSignal;
}

export interface QsoImportReport {
  /** The import as its stream holds it now: counts over the whole file, its failures with line and reason. */
  progress: QsoImportProgress;
  /** This run's failures (the first `keptFailures`), with their records when they were read here (a resumed import lists the earlier ones in `progress` only). */
  failedRecords: FailedRecord[];
  /** The last append of this run (its position is what the user's next reads wait for); null when nothing was written. */
  lastAppend: AppendResult | null;
  /** Where this run's time went, ms: reading the file, deciding the chunks, waiting for their appends (they overlap). */
  timings: { readMs: number; decideMs: number; appendMs: number; totalMs: number };
}

/** What a chunk's confirming records found in the log (confirmLogged). */
interface ConfirmedInLog {
  /** The records handled here, not imported as new QSOs. */
  handled: Set<DecidedQso>;
  requests: AppendRequest[];
  confirmed: number;
  unchanged: number;
  unmatched: FailedRecord[];
}

/** A chunk decided against the log: its appends, and what it counts. */
interface PreparedChunk {
  chunk: DecidedChunk;
  requests: AppendRequest[];
  imported: number;
  duplicates: number;
  confirmed: number;
  failures: FailedRecord[];
  /** The revisions of the chunk's first-choice QSO streams when it was decided. */
  revisions: Map<string, number>;
}

/**
 * How a chunk knows which existing streams hold a duplicate and which may hold its own QSO,
 * written by an earlier run of the same chunk: 'none' (a first run: an existing stream at
 * revision 0 is a duplicate), 'all' (a resumed import's first chunk: every existing stream is
 * read) or the revisions seen before a failed append (a stream that appeared since is read).
 */
type OwnWrites = 'none' | 'all' | Map<string, number>;

/**
 * Imports records as QSOs of one station. The file decides what it can (decideRecords: each
 * record as a contact by the ADIF rules, duplicates within the file, each new contact's logged
 * event); the log decides the rest, in bulk: one look-up (streamRevisions) finds which of a
 * chunk's ids are taken; a free id takes the event decided against an empty stream; the rare
 * taken one that may not be the same contact (an edited or deleted QSO) is read and decided like
 * a single logged QSO (logQso), trying the next ids of the sequence. A contact already in the log
 * is left as it is (an import never updates a QSO). Each chunk's new QSOs are appended, with the
 * chunk's progress event, in one appendMany.
 *
 * Safe to run again: the import resumes after the last chunk its stream records, and a chunk
 * applied again writes nothing twice (its events' ids come from the import and each record's
 * place in the file). A concurrent write to one of a chunk's QSO streams fails the chunk's append
 * (PostgreSQL: all or nothing); the chunk is then decided against the log again and retried.
 */
export async function importQsoRecords(deps: ImportQsoRecordsDeps, input: ImportQsoRecordsInput): Promise<QsoImportReport> {
  const now = () => deps.now?.() ?? new Date();
  const { store } = deps;
  const { importId, userId, stationCallsign } = input;
  const importStream = qsoImportStreamName(importId);
  const metadata: EventMetadata = { ...input.metadata, stationUserId: userId, stationCallsign, importId };
  const failedRecords: FailedRecord[] = [];
  let lastAppend: AppendResult | null = null;
  const startedAt = performance.now();
  const timings = { readMs: 0, decideMs: 0, appendMs: 0, totalMs: 0 };
  const report = (): QsoImportReport => ({ progress: progress!, failedRecords, lastAppend, timings: { ...timings, totalMs: performance.now() - startedAt } });

  const loaded = await aggregateStream(store, importStream, qsoImportDecider);
  let progress = loaded.state;
  let importRevision: ExpectedRevision = loaded.revision;

  /** Appends the import stream's events for `command` (nothing when the stream already has them), with `extra` in the same appendMany. */
  const decideImport = async (command: QsoImportCommand, eventId: string, extra: AppendRequest[] = []): Promise<void> => {
    const events = decideQsoImport(command, progress);
    if (events.length === 0) return; // in the stream already
    const newEvents: NewEvent[] = events.map((e, i) => ({ id: i === 0 ? eventId : derivedId(`${eventId}#${i}`), type: e.type, data: e.data, metadata }));
    const requests = [...extra, { streamId: importStream, events: newEvents, expectedRevision: importRevision }];
    const appendFrom = performance.now();
    const results = await store.appendMany(requests).finally(() => (timings.appendMs += performance.now() - appendFrom));
    importRevision = results[results.length - 1]!.nextRevision;
    lastAppend = results.reduce((a, b) => (b.position > a.position ? b : a));
    progress = foldEvents(qsoImportDecider, events, progress);
  };

  if (progress === null) {
    await decideImport(
      { type: 'StartQsoImport', data: { importId, userId, source: input.source, fileName: input.fileName, bytes: input.bytes, at: now().toISOString() } },
      derivedId(`import:${importId}:started`),
    );
  }
  if (progress === null || progress.status !== 'running') return report();
  if (progress.userId !== userId) throw new Error(`import ${importId} belongs to another user`);

  /** The chunk's appends and counts, decided against the log. */
  async function prepare(chunk: DecidedChunk, own: OwnWrites): Promise<PreparedChunk> {
    // One look-up of the chunk's first-choice ids serves its confirming records and its new QSOs.
    const revisions = await store.streamRevisions(chunk.qsos.map((q) => qsoStreamName(q.qdoId)));
    const confirming = await confirmLogged(chunk.qsos, revisions);
    const qsos = confirming.handled.size === 0 ? chunk.qsos : chunk.qsos.filter((q) => !confirming.handled.has(q));
    const requests: AppendRequest[] = [...confirming.requests];
    const failures = [...chunk.failures, ...confirming.unmatched];
    let imported = 0;
    let duplicates = chunk.duplicates + confirming.unchanged;
    const slow: DecidedQso[] = [];
    for (const qso of qsos) {
      const streamId = qsoStreamName(qso.qdoId);
      const revision = revisions.get(streamId);
      if (revision === undefined) {
        requests.push({ streamId, expectedRevision: 'no_stream', events: [{ id: qso.eventId, type: 'QsoLogged', data: undefined, json: qso.json, metadata }] });
      } else if (revision === 0 && (own === 'none' || (own instanceof Map && own.get(streamId) === 0))) duplicates += 1;
      else slow.push(qso);
    }
    for (const qso of slow) {
      const outcome = await decideAlone(qso);
      if (outcome === 'imported') imported += 1;
      else if (outcome === 'duplicate') duplicates += 1;
      else if ('message' in outcome) failures.push({ line: qso.line, message: outcome.message, record: null });
      else requests.push(outcome);
    }
    if (slow.length > 0 || confirming.unmatched.length > 0) failures.sort((a, b) => a.line - b.line);
    return { chunk, requests, imported: imported + requests.length - confirming.requests.length, duplicates, confirmed: confirming.confirmed, failures, revisions };
  }

  /**
   * The chunk's confirming records matched to QSOs already in the log: a LoTW report's by ARRL's
   * rule (findConfirmed), any other's only to the same contact (its duplicate key). Answers each
   * matched QSO's update (its details with the confirmations), how many records confirmed
   * something new, how many found their QSO confirmed already, and the report's records no
   * logged QSO matches (not imported: a report confirms, it does not log). Others are imported as usual.
   */
  async function confirmLogged(qsos: readonly DecidedQso[], revisions: ReadonlyMap<string, number>): Promise<ConfirmedInLog> {
    const result: ConfirmedInLog = { handled: new Set(), requests: [], confirmed: 0, unchanged: 0, unmatched: [] };
    const confirming = qsos.filter((q) => q.confirms !== undefined);
    if (confirming.length === 0) return result;
    const reports = deps.findConfirmed ? confirming.filter((q) => q.confirms!.report) : [];
    const reportIds = reports.length > 0 ? await deps.findConfirmed!(userId, reports.map((q) => q.confirms!)) : [];
    const byQso = new Map<string, DecidedQso[]>();
    const add = (qdoId: string, q: DecidedQso) => byQso.set(qdoId, [...(byQso.get(qdoId) ?? []), q]);
    reports.forEach((q, i) => {
      const id = reportIds[i];
      if (id) add(id, q);
      else {
        result.handled.add(q);
        result.unmatched.push({ line: q.line, message: LOTW_CONFIRMATION_NOT_IN_LOG, record: null });
      }
    });
    const others = confirming.filter((q) => !reports.includes(q));
    for (const q of others) if (revisions.has(qsoStreamName(q.qdoId))) add(q.qdoId, q);
    for (const [qdoId, matched] of byQso) {
      const loaded = await aggregateStream(store, qsoStreamName(qdoId), qsoDecider);
      const state = loaded.state;
      if (!state || state.deleted || state.stationUserId !== userId) continue; // imported as usual
      const records = matched.filter((q) => q.confirms!.report || q.key === state.dedupeKey);
      if (records.length === 0) continue;
      for (const q of records) result.handled.add(q);
      let details = state.fields.details;
      for (const q of records) details = withConfirmations(details, q.confirms!.details, q.confirms!.confirmations);
      const events = decideQso({ type: 'UpdateQso', data: { qdoId, byUserId: userId, fields: { ...state.fields, details } } }, state);
      if (events.length === 0) {
        result.unchanged += records.length;
        continue;
      }
      result.confirmed += records.length;
      result.requests.push({ streamId: qsoStreamName(qdoId), expectedRevision: loaded.revision, events: events.map((e) => ({ id: records[0]!.eventId, type: e.type, data: e.data, metadata })) });
    }
    return result;
  }

  /**
   * A contact whose first id is taken: decided against the log along its ids (probeQsoId), as logQso
   * is. Answers its append, 'duplicate' (the same contact is in the log), 'imported' (this import
   * wrote it already) or a failure (every id of the sequence holds another contact).
   */
  async function decideAlone(qso: DecidedQso): Promise<AppendRequest | 'duplicate' | 'imported' | { message: string }> {
    const { fields } = JSON.parse(qso.json) as QsoLogged['data'];
    try {
      return await probeQsoId(qso.key, async (qdoId) => {
        const stream = await aggregateStream(store, qsoStreamName(qdoId), qsoDecider);
        if (stream.events.some((e) => e.id === qso.eventId)) return 'imported';
        const events = decideQso({ type: 'LogQso', data: { qdoId, stationUserId: userId, stationCallsign, fields } }, stream.state);
        // [] is the same contact; QsoUpdated the same contact with other fields, which an import leaves as it is.
        if (events.length !== 1 || events[0]!.type !== 'QsoLogged') return 'duplicate';
        return { streamId: qsoStreamName(qdoId), expectedRevision: stream.revision, events: [{ id: qso.eventId, type: events[0]!.type, data: events[0]!.data, metadata }] };
      });
    } catch (error) {
      if (error instanceof QsoIdsExhaustedError) return { message: error.message };
      throw error;
    }
  }

  async function apply(first: PreparedChunk): Promise<void> {
    let prepared = first;
    for (let attempt = 1; ; attempt += 1) {
      const { chunk } = prepared;
      try {
        await decideImport(
          {
            type: 'ApplyQsoImportChunk',
            data: {
              importId,
              chunk: chunk.index,
              recordsDone: chunk.recordsDone,
              problemsDone: chunk.problemsDone,
              bytesDone: chunk.bytesDone,
              imported: prepared.imported,
              duplicates: prepared.duplicates,
              ...(prepared.confirmed > 0 ? { confirmed: prepared.confirmed } : {}),
              failed: prepared.failures.length,
              failures: prepared.failures.map(({ line, message }) => ({ line, message })),
            },
          },
          derivedId(`import:${importId}:chunk#${chunk.index}`),
          prepared.requests,
        );
        const room = (input.keptFailures ?? Infinity) - failedRecords.length;
        if (room > 0) failedRecords.push(...prepared.failures.slice(0, room));
        if (input.onChunk && lastAppend) await input.onChunk(progress!, lastAppend);
        return;
      } catch (error) {
        // Another run of this import got ahead: this one stops (a retried job resumes from the stream).
        if (!(error instanceof WrongExpectedRevisionError) || error.streamId === importStream || attempt >= CHUNK_ATTEMPTS) throw error;
        prepared = await prepare(chunk, prepared.revisions);
      }
    }
  }

  const context: DecideContext = { importId, userId, stationCallsign, nowMs: now().getTime(), chunkRecords: input.chunkRecords ?? IMPORT_CHUNK_RECORDS };
  const from: ResumePoint = { chunk: progress.chunks, records: progress.recordsDone, problems: progress.problemsDone, bytes: progress.bytesDone };
  const chunks = input.decide ? input.decide(context, from) : decideRecords(input.batches ?? [], context, from);
  // A run after another (a restart, a retried job) may find its own writes in the first chunk it applies.
  let ownWrites: OwnWrites = loaded.state !== null ? 'all' : 'none';
  // The next chunk is decided against the log while the one before is written.
  let applying: Promise<void> = Promise.resolve();
  for await (const chunk of chunks) {
    input.signal?.throwIfAborted();
    timings.readMs += chunk.readMs;
    timings.decideMs += chunk.decideMs;
    const prepared = await prepare(chunk, ownWrites);
    ownWrites = 'none';
    await applying;
    applying = apply(prepared);
    applying.catch(() => {}); // awaited (and thrown) before the next chunk or at the end
  }
  await applying;
  input.signal?.throwIfAborted();
  await decideImport({ type: 'FinishQsoImport', data: { importId, at: now().toISOString() } }, derivedId(`import:${importId}:finished`));
  return report();
}
