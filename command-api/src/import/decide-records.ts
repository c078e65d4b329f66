import {
  adifRecordToQso,
  confirmationsIn,
  decideQso,
  isLotwReportRecord,
  dedupeKey,
  qsoIdFor,
  splitDetails,
  type AdifProblem,
  type AdifRecord,
  type ReportedConfirmation,
  type QsoFields,
  type QsoImportFailure,
} from '@hamlog/domain';
import { derivedId, nativeSha256 } from '../qso/probe-qso-id';

/** Records in file order, in any batching. `problems` are the records the reader found malformed. */
export interface QsoRecordBatch {
  records: readonly AdifRecord[];
  problems?: readonly AdifProblem[];
  /** How far into the file the reader is after this batch, for the progress bar. */
  bytesRead?: number;
}

/** A record not imported; `record` when it was read here (not for malformed ones, nor in a worker). */
export interface FailedRecord extends QsoImportFailure {
  record: AdifRecord | null;
}

/** Where an import goes on: what its stream says was applied. */
export interface ResumePoint {
  chunk: number;
  records: number;
  problems: number;
  bytes: number;
}

export interface DecideContext {
  importId: string;
  userId: string;
  stationCallsign: string;
  /** The import's clock (far-future times are refused), as milliseconds. */
  nowMs: number;
  chunkRecords: number;
}

/** A record that becomes a new contact unless the log holds it: its logged event, decided against an empty stream. */
export interface DecidedQso {
  /** The record's place among the file's records (0-based): with the import, its event's id. */
  ordinal: number;
  line: number;
  key: string;
  /** Its id at the first place of the id sequence (qsoIdFor(key, 0)). */
  qdoId: string;
  eventId: string;
  /** The QsoLogged event's data as JSON, as the log stores it. */
  json: string;
  /** When the record confirms the contact (a LoTW or QRZ report's): what it confirms, to find the logged QSO it belongs to. */
  confirms?: ConfirmingRecord;
}

export interface ConfirmingRecord extends ReportedConfirmation {
  /**
   * A LoTW report's record: it confirms the QSO ARRL's rule matches (call, band, 30 minutes) or
   * none. Otherwise (a logger's export) only the same contact (its duplicate key) is confirmed.
   */
  report: boolean;
}

/** A chunk of the file, decided as far as the file alone decides it; the log decides the rest. */
export interface DecidedChunk {
  index: number;
  /** Records and malformed records read from the start of the file through this chunk. */
  recordsDone: number;
  problemsDone: number;
  bytesDone: number;
  qsos: DecidedQso[];
  /** Records whose contact came earlier in the file. */
  duplicates: number;
  failures: FailedRecord[];
  /** Time spent reading the file and deciding this chunk, ms. */
  readMs: number;
  decideMs: number;
}

/**
 * Records decided between two turns of the event loop: a chunk before is being written (COPY)
 * meanwhile, and its bytes only go out to PostgreSQL when the loop gets a turn.
 */
const YIELD_EVERY = 250;
/**
 * The records' text (their values' characters) a chunk gathers at most before it is decided, beside
 * its count of records (and of malformed records): a file of few, huge records is decided a few at
 * a time, not held whole.
 */
export const CHUNK_TEXT_MAX = 8 * 1024 * 1024;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The file's chunks after `from`, each decided as far as the file decides it: each record becomes a
 * contact by the ADIF rules (adifRecordToQso) logged under the importing user's callsign, a contact
 * met before in the file is a duplicate, and each new one's QsoLogged event is decided (decideQso
 * against an empty stream, at the first id of its sequence) and written as JSON. Deterministic for
 * a file: a resumed import decides the same records the same way.
 */
export async function* decideRecords(
  batches: AsyncIterable<QsoRecordBatch> | Iterable<QsoRecordBatch>,
  context: DecideContext,
  from: ResumePoint,
): AsyncGenerator<DecidedChunk> {
  const { importId, userId, stationCallsign, chunkRecords } = context;
  const at = new Date(context.nowMs);
  const firstWithKey = new Map<string, number>();
  let index = from.chunk;
  let recordOrdinal = 0;
  let problemOrdinal = 0;
  const records: { record: AdifRecord; ordinal: number; text: number }[] = [];
  let recordsText = 0;
  let problems: AdifProblem[] = [];
  let bytesRead = from.bytes;
  let readMs = 0;

  async function decide(take: number): Promise<DecidedChunk> {
    const started = performance.now();
    const taken = records.splice(0, take);
    for (const { text } of taken) recordsText -= text;
    const failures: FailedRecord[] = problems.map((p) => ({ line: p.line, message: p.message, record: null }));
    problems = [];
    const qsos: DecidedQso[] = [];
    let duplicates = 0;
    for (let i = 0; i < taken.length; i += 1) {
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToIo();
      const { record, ordinal } = taken[i]!;
      const read = adifRecordToQso(record, at);
      if (!read.ok) {
        failures.push({ line: read.line, message: read.message, record });
        continue;
      }
      const fields = withFileStationCallsign(read.fields, record, stationCallsign);
      const key = dedupeKey(userId, fields);
      const first = firstWithKey.get(key);
      if (first !== undefined && first < ordinal) {
        duplicates += 1;
        continue;
      }
      firstWithKey.set(key, ordinal);
      const qdoId = qsoIdFor(key, 0, nativeSha256);
      const [logged] = decideQso({ type: 'LogQso', data: { qdoId, stationUserId: userId, stationCallsign, fields } }, null);
      const decided: DecidedQso = { ordinal, line: record.line, key, qdoId, eventId: recordEventId(importId, ordinal), json: JSON.stringify(logged!.data) };
      const confirmations = confirmationsIn(fields.details);
      if (confirmations) {
        const report = isLotwReportRecord(fields.extra);
        decided.confirms = { call: fields.call, band: fields.band, mode: fields.mode, at: Date.parse(fields.ts), report, details: fields.details!, confirmations };
      }
      qsos.push(decided);
    }
    failures.sort((a, b) => a.line - b.line);
    const chunk: DecidedChunk = {
      index: index++,
      recordsDone: taken.length > 0 ? taken[taken.length - 1]!.ordinal + 1 : Math.max(from.records, recordOrdinal - records.length),
      problemsDone: Math.max(from.problems, problemOrdinal),
      bytesDone: bytesRead,
      qsos,
      duplicates,
      failures,
      readMs,
      decideMs: performance.now() - started,
    };
    readMs = 0;
    return chunk;
  }

  let readFrom = performance.now();
  for await (const batch of batches) {
    readMs += performance.now() - readFrom;
    for (const record of batch.records) {
      const ordinal = recordOrdinal++;
      if (ordinal < from.records) continue;
      const text = textLength(record);
      records.push({ record, ordinal, text });
      recordsText += text;
    }
    for (const problem of batch.problems ?? []) {
      if (problemOrdinal++ >= from.problems) problems.push(problem);
    }
    if (batch.bytesRead !== undefined) bytesRead = Math.max(bytesRead, batch.bytesRead);
    while (records.length >= chunkRecords || (records.length > 0 && recordsText >= CHUNK_TEXT_MAX) || problems.length >= chunkRecords) {
      yield await decide(Math.min(records.length, chunkRecords));
    }
    readFrom = performance.now();
  }
  if (records.length > 0 || problems.length > 0) yield await decide(records.length);
}

function textLength(record: AdifRecord): number {
  let length = 0;
  for (const name in record.fields) length += record.fields[name]!.length;
  return length;
}

/** A record's event id: the same import and record, the same id, so a chunk applied again writes nothing twice. */
export const recordEventId = (importId: string, ordinal: number): string => derivedId(`import:${importId}#${ordinal}`);

/**
 * The QSO is logged under the importing user's callsign. A file's STATION_CALLSIGN that names
 * another station (a portable call, a club's) is kept with the contact, so an export gives it back.
 */
function withFileStationCallsign(fields: QsoFields, record: AdifRecord, stationCallsign: string): QsoFields {
  const fromFile = record.fields.STATION_CALLSIGN;
  if (fromFile === undefined || fromFile.trim() === '' || fromFile.trim().toUpperCase() === stationCallsign.toUpperCase()) return fields;
  const split = splitDetails({ STATION_CALLSIGN: fromFile });
  if (split.details) return { ...fields, details: { ...fields.details, ...split.details } };
  return { ...fields, extra: { ...fields.extra, STATION_CALLSIGN: fromFile } };
}
