/**
 * A QSO import (an ADIF file, or the QSOs fetched from QRZ): one stream per import, `import-{id}`,
 * holding its progress and report. The file is read in chunks; each chunk's QSOs are appended in
 * the same appendMany as the chunk's QsoImportChunkApplied, so the log never holds a chunk's QSOs
 * without the progress that counts them (PostgreSQL: one transaction), and an import that stops
 * (a restart, a crash) resumes after the last chunk applied. The QSOs' ids come from the duplicate
 * rule and their event ids from the import and the record's place in the file, so a chunk applied
 * again writes nothing twice.
 */
import { assertNever, type Decider, type Message } from '../decider';

export const qsoImportStreamName = (importId: string): string => `import-${importId}`;

export type QsoImportSource = 'adif' | 'qrz';

/** A record not imported, with the line it starts on and why, in words the user understands. */
export interface QsoImportFailure {
  line: number;
  message: string;
}

/** At most this many failures are kept with their line and reason; beyond, only counted. */
export const QSO_IMPORT_MAX_LISTED_FAILURES = 10_000;

export type QsoImportStarted = Message<
  'QsoImportStarted',
  { importId: string; userId: string; source: QsoImportSource; fileName: string; bytes: number; at: string }
>;
/**
 * One chunk applied. `recordsDone` / `problemsDone` count the records read and the malformed ones
 * the reader reported, from the start of the file through this chunk: where a resumed import goes on.
 */
export type QsoImportChunkApplied = Message<
  'QsoImportChunkApplied',
  {
    importId: string;
    chunk: number;
    recordsDone: number;
    problemsDone: number;
    bytesDone: number;
    imported: number;
    duplicates: number;
    /** Records that confirmed a QSO already in the log (a LoTW or QRZ report's); absent in chunks from before. */
    confirmed?: number;
    failed: number;
    /** This chunk's failures, within the import's QSO_IMPORT_MAX_LISTED_FAILURES. */
    failures: QsoImportFailure[];
  }
>;
export type QsoImportFinished = Message<'QsoImportFinished', { importId: string; at: string }>;
/** The import stopped for good before its end (`reason` is shown to the user); the chunks applied stay. */
export type QsoImportFailed = Message<'QsoImportFailed', { importId: string; reason: string; at: string }>;
export type QsoImportEvent = QsoImportStarted | QsoImportChunkApplied | QsoImportFinished | QsoImportFailed;
export const QSO_IMPORT_EVENT_TYPES = ['QsoImportStarted', 'QsoImportChunkApplied', 'QsoImportFinished', 'QsoImportFailed'] as const satisfies readonly QsoImportEvent['type'][];

export type StartQsoImport = Message<'StartQsoImport', QsoImportStarted['data']>;
export type ApplyQsoImportChunk = Message<'ApplyQsoImportChunk', Omit<QsoImportChunkApplied['data'], 'failures'> & { failures: readonly QsoImportFailure[] }>;
export type FinishQsoImport = Message<'FinishQsoImport', { importId: string; at: string }>;
export type FailQsoImport = Message<'FailQsoImport', { importId: string; reason: string; at: string }>;
export type QsoImportCommand = StartQsoImport | ApplyQsoImportChunk | FinishQsoImport | FailQsoImport;

export type QsoImportStatus = 'running' | 'done' | 'failed';

export interface QsoImportProgress {
  importId: string;
  userId: string;
  source: QsoImportSource;
  fileName: string;
  bytes: number;
  startedAt: string;
  status: QsoImportStatus;
  /** Chunks applied so far (the next chunk's number). */
  chunks: number;
  recordsDone: number;
  problemsDone: number;
  bytesDone: number;
  imported: number;
  duplicates: number;
  /** QSOs already in the log that the file's records confirmed. */
  confirmed: number;
  failed: number;
  failures: QsoImportFailure[];
  finishedAt: string | null;
  reason: string | null;
}

export type QsoImportState = QsoImportProgress | null;

/** A chunk out of order, or a change to an import that is over. */
export class QsoImportOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QsoImportOrderError';
  }
}

export function decideQsoImport(command: QsoImportCommand, state: QsoImportState): QsoImportEvent[] {
  switch (command.type) {
    case 'StartQsoImport':
      if (state !== null) return []; // a retried start
      return [{ type: 'QsoImportStarted', data: command.data }];
    case 'ApplyQsoImportChunk': {
      const data = command.data;
      if (state === null) throw new QsoImportOrderError(`import ${data.importId} was not started`);
      if (data.chunk < state.chunks) return []; // applied already
      if (state.status !== 'running') throw new QsoImportOrderError(`import ${data.importId} is ${state.status}`);
      if (data.chunk > state.chunks) throw new QsoImportOrderError(`import ${data.importId}: chunk ${data.chunk} comes before chunk ${state.chunks}`);
      const room = Math.max(0, QSO_IMPORT_MAX_LISTED_FAILURES - state.failures.length);
      return [{ type: 'QsoImportChunkApplied', data: { ...data, failures: data.failures.slice(0, room) } }];
    }
    case 'FinishQsoImport':
      if (state === null) throw new QsoImportOrderError(`import ${command.data.importId} was not started`);
      if (state.status !== 'running') return [];
      return [{ type: 'QsoImportFinished', data: command.data }];
    case 'FailQsoImport':
      if (state === null || state.status !== 'running') return [];
      return [{ type: 'QsoImportFailed', data: command.data }];
    default:
      return assertNever(command);
  }
}

export function evolveQsoImport(state: QsoImportState, event: QsoImportEvent): QsoImportState {
  switch (event.type) {
    case 'QsoImportStarted': {
      const { importId, userId, source, fileName, bytes, at } = event.data;
      return {
        importId, userId, source, fileName, bytes, startedAt: at, status: 'running',
        chunks: 0, recordsDone: 0, problemsDone: 0, bytesDone: 0, imported: 0, duplicates: 0, confirmed: 0, failed: 0, failures: [],
        finishedAt: null, reason: null,
      };
    }
    case 'QsoImportChunkApplied': {
      if (!state) return state;
      const d = event.data;
      return {
        ...state,
        chunks: d.chunk + 1,
        recordsDone: d.recordsDone,
        problemsDone: d.problemsDone,
        bytesDone: d.bytesDone,
        imported: state.imported + d.imported,
        duplicates: state.duplicates + d.duplicates,
        confirmed: state.confirmed + (d.confirmed ?? 0),
        failed: state.failed + d.failed,
        failures: d.failures.length > 0 ? [...state.failures, ...d.failures] : state.failures,
      };
    }
    case 'QsoImportFinished':
      return state && { ...state, status: 'done', finishedAt: event.data.at, bytesDone: state.bytes };
    case 'QsoImportFailed':
      return state && { ...state, status: 'failed', finishedAt: event.data.at, reason: event.data.reason };
    default:
      return assertNever(event);
  }
}

export const qsoImportDecider: Decider<QsoImportCommand, QsoImportEvent, QsoImportState> = {
  initialState: () => null,
  decide: decideQsoImport,
  evolve: evolveQsoImport,
};
