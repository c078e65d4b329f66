import { Worker } from 'node:worker_threads';
import type { DecideContext, DecidedChunk, ResumePoint } from './decide-records';
import type { DecideWorkerInput, FromDecideWorker, ToDecideWorker } from './decide-worker';

/**
 * An ADIF file's chunks decided in a worker thread (decideRecords there): reading and deciding, the
 * biggest part of an import's work, run beside the event loop that serves every other request and
 * writes the chunks. The file's bytes go over a slice at a time as the worker asks for them (handed
 * over when they own their memory), so neither thread ever holds the whole file.
 */
export async function* decideInWorker(file: AsyncIterable<Uint8Array>, context: DecideContext, from: ResumePoint): AsyncGenerator<DecidedChunk> {
  const input: DecideWorkerInput = { entry: new URL('./decide-worker.ts', import.meta.url).href, context, from };
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: input });
  const slices = file[Symbol.asyncIterator]();
  const queue: Exclude<FromDecideWorker, { read: true }>[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const woken = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    woken();
  };
  const send = (message: ToDecideWorker) => worker.postMessage(message);
  /** A slice that owns its memory (a file read's own buffer) is handed over, not copied. */
  const sendSlice = (bytes: Uint8Array | null) => {
    const own = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    worker.postMessage({ bytes } satisfies ToDecideWorker, own ? [bytes.buffer as ArrayBuffer] : []);
  };
  worker.on('message', (message: FromDecideWorker) => {
    // Each request is answered in order (the reads queue up on the one iterator); past the end, with null.
    if ('read' in message) return void slices.next().then((next) => sendSlice(next.done ? null : next.value), fail);
    queue.push(message);
    woken();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the ADIF import worker stopped (exit code ${code})`)));
  try {
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      if ('error' in message) throw new Error(`the ADIF import worker failed: ${message.error}`);
      if ('done' in message) return;
      send({ more: true });
      yield message.chunk;
    }
  } finally {
    await worker.terminate();
    await slices.return?.();
  }
}
