/**
 * The worker thread of DecideWorkers: decides one import at a time, for as many imports as it is
 * given (it is kept warm between them: loading the domain and its DXCC data is the slow part of
 * starting). Each import reads an ADIF file, a slice at a time as its thread sends them, and
 * decides its chunks (decideRecords), at most AHEAD chunks ahead of the import that writes them.
 */
import { createReadStream } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { adifBatches } from './adif-batches';
import { decideRecords, type DecideContext, type DecidedChunk, type ResumePoint } from './decide-records';

/**
 * To the worker: start an import, room for one more decided chunk, or the file's next slice (null:
 * the file's end). Each names its run: a late answer to an earlier import's read is not this one's.
 */
export type ToDecideWorker = { run: number } & ({ start: { context: DecideContext; from: ResumePoint; path: string | null } } | { more: true } | { bytes: Uint8Array | null });
/** From the worker: a decided chunk, the import's end, a failure, or a request for the file's next slice. */
export type FromDecideWorker = { run: number } & ({ chunk: DecidedChunk } | { done: true } | { error: string } | { read: true });

/** Chunks decided before the import has taken the ones before them. */
const AHEAD = 2;
/** The file's slices asked for before they are parsed (about 1 MiB): the worker rarely waits for its thread's turn to read. */
const SLICES_AHEAD = 16;
/** Bytes of a read of the file from its path. */
const READ_BYTES = 1024 * 1024;

const port = parentPort!;
/** The import being decided. */
let current = 0;
const post = (message: DistributiveOmit<FromDecideWorker, 'run'>) => port.postMessage({ ...message, run: current });
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the running import is waiting for, woken by its thread's messages. */
let credit = 0;
let wakeCredit: (() => void) | null = null;
const slices: (Uint8Array | null)[] = [];
let wakeSlices: (() => void) | null = null;

async function* file(): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < SLICES_AHEAD; i += 1) post({ read: true });
  for (;;) {
    while (slices.length === 0) await new Promise<void>((resolve) => (wakeSlices = resolve));
    const slice = slices.shift()!;
    if (slice === null) return;
    post({ read: true });
    yield slice;
  }
}

/** The file read here from its path (no turn of the import's thread needed), or as its thread sends it. */
function bytesOf(path: string | null): AsyncIterable<Uint8Array> {
  return path === null ? file() : createReadStream(path, { highWaterMark: READ_BYTES });
}

async function run(context: DecideContext, from: ResumePoint, path: string | null): Promise<void> {
  credit = AHEAD;
  slices.length = 0;
  for await (const chunk of decideRecords(adifBatches(bytesOf(path)), context, from)) {
    while (credit === 0) await new Promise<void>((resolve) => (wakeCredit = resolve));
    credit -= 1;
    // Failed records go back as line and reason only: a file of failing records is not gathered whole in the import.
    post({ chunk: { ...chunk, failures: chunk.failures.map((failure) => ({ ...failure, record: null })) } });
  }
  post({ done: true });
}

port.on('message', (message: ToDecideWorker) => {
  if ('start' in message) {
    current = message.run;
    run(message.start.context, message.start.from, message.start.path).catch((error: unknown) => post({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
  } else if (message.run !== current) {
    // an earlier import's
  } else if ('more' in message) {
    credit += 1;
    wakeCredit?.();
  } else {
    slices.push(message.bytes);
    wakeSlices?.();
  }
});
