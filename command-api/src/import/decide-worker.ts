/**
 * The worker thread of decideInWorker: reads an ADIF file's bytes and decides its chunks
 * (decideRecords), at most AHEAD chunks ahead of the import that writes them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { adifBatches } from './adif-batches';
import { decideRecords, type DecideContext, type ResumePoint } from './decide-records';

export interface DecideWorkerInput {
  entry: string;
  bytes: Uint8Array;
  context: DecideContext;
  from: ResumePoint;
}

/** Chunks decided before the import has taken the ones before them. */
const AHEAD = 2;

async function run(): Promise<void> {
  const port = parentPort!;
  const { bytes, context, from } = workerData as DecideWorkerInput;
  let credit = AHEAD;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credit += 1;
    wake?.();
  });
  for await (const chunk of decideRecords(adifBatches(bytes), context, from)) {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    port.postMessage({ chunk });
  }
  port.postMessage({ done: true });
}

run().catch((error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
