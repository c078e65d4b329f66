import { Worker } from 'node:worker_threads';
import type { DecideContext, DecidedChunk, ResumePoint } from './decide-records';
import type { DecideWorkerInput } from './decide-worker';

type WorkerMessage = { chunk: DecidedChunk } | { done: true } | { error: string };

/**
 * An ADIF file's chunks decided in a worker thread (decideRecords there): reading and deciding, the
 * biggest part of an import's work, run beside the event loop that serves every other request and
 * writes the chunks. The bytes are handed over (transferred when they own their memory).
 */
export async function* decideInWorker(bytes: Uint8Array, context: DecideContext, from: ResumePoint): AsyncGenerator<DecidedChunk> {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const input: DecideWorkerInput = { entry: new URL('./decide-worker.ts', import.meta.url).href, bytes, context, from };
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: input, transferList: own ? [bytes.buffer as ArrayBuffer] : [] });
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const woken = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (message: WorkerMessage) => {
    queue.push(message);
    woken();
  });
  worker.on('error', (error) => {
    failure ??= error;
    woken();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the ADIF import worker stopped (exit code ${code})`);
    woken();
  });
  try {
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      if ('error' in message) throw new Error(`the ADIF import worker failed: ${message.error}`);
      if ('done' in message) return;
      worker.postMessage('more');
      yield message.chunk;
    }
  } finally {
    await worker.terminate();
  }
}
