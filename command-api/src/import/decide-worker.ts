/**
 * The worker thread of decideInWorker: reads an ADIF file, a slice at a time as its thread sends
 * them, and decides its chunks (decideRecords), at most AHEAD chunks ahead of the import that
 * writes them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { adifBatches } from './adif-batches';
import { decideRecords, type DecideContext, type DecidedChunk, type ResumePoint } from './decide-records';

export interface DecideWorkerInput {
  entry: string;
  context: DecideContext;
  from: ResumePoint;
}

/** To the worker: room for one more decided chunk, or the file's next slice (null: the file's end). */
export type ToDecideWorker = { more: true } | { bytes: Uint8Array | null };
/** From the worker: a decided chunk, the end, a failure, or a request for the file's next slice. */
export type FromDecideWorker = { chunk: DecidedChunk } | { done: true } | { error: string } | { read: true };

/** Chunks decided before the import has taken the ones before them. */
const AHEAD = 2;
/** The file's slices asked for before they are parsed (about 1 MiB): the worker rarely waits for its thread's turn to read. */
const SLICES_AHEAD = 16;

async function run(): Promise<void> {
  const port = parentPort!;
  const post = (message: FromDecideWorker) => port.postMessage(message);
  const { context, from } = workerData as DecideWorkerInput;
  let credit = AHEAD;
  let wakeCredit: (() => void) | null = null;
  const slices: (Uint8Array | null)[] = [];
  let wakeSlices: (() => void) | null = null;
  port.on('message', (message: ToDecideWorker) => {
    if ('more' in message) {
      credit += 1;
      wakeCredit?.();
    } else {
      slices.push(message.bytes);
      wakeSlices?.();
    }
  });

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

  for await (const chunk of decideRecords(adifBatches(file()), context, from)) {
    while (credit === 0) await new Promise<void>((resolve) => (wakeCredit = resolve));
    credit -= 1;
    // Failed records go back as line and reason only: a file of failing records is not gathered whole in the import.
    post({ chunk: { ...chunk, failures: chunk.failures.map((failure) => ({ ...failure, record: null })) } });
  }
  post({ done: true });
}

run().catch((error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
